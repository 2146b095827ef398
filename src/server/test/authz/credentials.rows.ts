// Authorization rows of src/server/modules/credentials (decision 0046). Each call gets a fresh pending license of
// providerWithAccess, written straight into the table. Any provider uploads and lists their own (verification is
// not a paid feature: providerFree too); only the owner edits or deletes one (another provider 404); the document
// is its owner's and the admins' (anyone else signed in 404, never 403, so its existence is not told); the
// Verifications tab and the verdict are the admins'.
import sharp from 'sharp';
import type { BuiltApp } from '#server/app';
import { providerCredentials } from '#server/db/schema/index';
import type { Actors } from './actors.ts';
import { adminOnly, onlyRoles, signedIn, type Expectation, type Row, type RowContext } from './table.ts';

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

let image: Promise<Buffer> | undefined;
/** A small PNG, made once. */
const png = () =>
  (image ??= sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } })
    .png()
    .toBuffer());

/** A fresh pending license of providerWithAccess; its id. */
async function credential(app: BuiltApp, actors: Actors): Promise<string> {
  const data = await png();
  const [row] = await app.ctx.db
    .insert(providerCredentials)
    .values({
      providerId: actors.users.providerWithAccess.id,
      kind: 'license',
      state: 'FL',
      number: 'CGC1234567',
      trade: 'General contractor',
      expiresOn: ymd(new Date(app.ctx.now().getTime() + 300 * DAY)),
      documentType: 'image/png',
      documentBytes: data.length,
      document: data,
    })
    .returning({ id: providerCredentials.id });
  return row!.id;
}

/** The upload: the fields and a PNG as multipart/form-data. */
async function uploadRequest(ctx: RowContext) {
  const boundary = '----homefixauthz';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = [
    field('kind', 'license'),
    field('state', 'FL'),
    field('number', 'CGC1234567'),
    field('trade', 'General contractor'),
    field('expiresOn', ymd(new Date(ctx.app.ctx.now().getTime() + 300 * DAY))),
  ].join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${fields}--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="license.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The owner's: providerWithAccess 'ok', the other provider 404, other roles 403 (the route is providers'). */
const providerOwner = (): Expectation => ({
  ...onlyRoles('provider'),
  providerWithAccess: 'ok',
  providerFree: 404,
});

const onCredential = (path: string, payload?: object) => async (ctx: RowContext) => ({
  url: `/api/provider/credentials/${await credential(ctx.app, ctx.actors)}${path}`,
  ...(payload ? { payload } : {}),
});

export const credentialsRows: Row[] = [
  {
    route: 'POST /api/provider/credentials',
    request: uploadRequest,
    note: 'any provider, whatever the plan: verification is not a paid feature',
    expect: onlyRoles('provider'),
  },
  { route: 'GET /api/provider/credentials', note: "each provider's own", expect: onlyRoles('provider') },
  {
    route: 'PATCH /api/provider/credentials/:id',
    request: onCredential('', { trade: 'Roofing' }),
    note: 'only its owner; another provider 404',
    expect: providerOwner(),
  },
  {
    route: 'DELETE /api/provider/credentials/:id',
    request: onCredential(''),
    note: 'only its owner; another provider 404',
    expect: providerOwner(),
  },
  {
    route: 'GET /api/provider/credentials/:id/document',
    request: onCredential('/document'),
    note: 'its owner and admins; anyone else signed in 404 (not 403: its existence is not told)',
    expect: {
      ...signedIn(),
      customerA: 404,
      customerB: 404,
      providerFree: 404,
      expiredAdmin: 404,
    },
  },
  { route: 'GET /api/admin/credentials', expect: adminOnly() },
  {
    route: 'PUT /api/admin/credentials/:id',
    request: async (ctx) => ({
      url: `/api/admin/credentials/${await credential(ctx.app, ctx.actors)}`,
      payload: { status: 'approved' },
    }),
    expect: adminOnly(),
  },
];
