// Authorization rows of src/server/modules/profiles (decision 0046): the directory, a pro's public profile and a
// portfolio image are public, as are the sitemap and robots.txt; the portfolio is its provider's (another
// provider's photo 404, other roles 403); an invitation to bid is the estimate owner's.
import sharp from 'sharp';
import type { BuiltApp } from '#server/app';
import { portfolioPhotos } from '#server/db/schema/index';
import { makeEstimate } from '#server/test/factories';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { everyone, onlyRoles, ownerOnly, type Expectation, type Row } from './table.ts';

const tinyPicture = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#396' } })
    .png()
    .toBuffer();

/** A fresh portfolio photo of providerWithAccess's, straight in the table (last place). */
async function photoOf(app: BuiltApp, actors: Actors): Promise<string> {
  const data = await tinyPicture();
  const [row] = await app.ctx.db
    .insert(portfolioPhotos)
    .values({
      providerId: actors.users.providerWithAccess.id,
      position: 0,
      caption: 'Tiled shower',
      contentType: 'image/png',
      width: 8,
      height: 6,
      byteSize: data.length,
      data,
    })
    .returning({ id: portfolioPhotos.id });
  return row!.id;
}

/** providerWithAccess's own photo: theirs 'ok', providerFree (another provider) 404, other roles 403. */
const ownPhoto = (): Expectation => ({ ...onlyRoles('provider'), providerFree: 404 });

/** A multipart upload of one small picture. */
async function uploadBody() {
  const boundary = '----homefixauthz';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nBefore and after\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), await tinyPicture(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const profilesRows: Row[] = [
  {
    route: 'GET /api/providers',
    note: 'the public directory of pros',
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/providers/:id',
    request: (ctx) => ({ url: `/api/providers/${ctx.actors.users.providerWithAccess.id}` }),
    note: "a pro's public profile",
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/provider/portfolio',
    note: "the provider's own portfolio",
    expect: onlyRoles('provider'),
  },
  {
    route: 'POST /api/provider/portfolio',
    request: async () => {
      const body = await uploadBody();
      // RowRequest's payload is an object: a Buffer is one.
      return { payload: body.payload, headers: body.headers };
    },
    note: 'any provider adds to their own portfolio',
    expect: onlyRoles('provider'),
  },
  {
    route: 'PATCH /api/provider/portfolio/:id',
    request: async (ctx) => ({
      url: `/api/provider/portfolio/${await photoOf(ctx.app, ctx.actors)}`,
      payload: { caption: 'Renamed' },
    }),
    expect: ownPhoto(),
  },
  {
    route: 'DELETE /api/provider/portfolio/:id',
    request: async (ctx) => ({ url: `/api/provider/portfolio/${await photoOf(ctx.app, ctx.actors)}` }),
    expect: ownPhoto(),
  },
  {
    route: 'GET /api/providers/:id/portfolio/:photoId',
    request: async (ctx) => ({
      url: `/api/providers/${ctx.actors.users.providerWithAccess.id}/portfolio/${await photoOf(ctx.app, ctx.actors)}`,
    }),
    note: 'a portfolio image is public while its provider has a page',
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/estimates/:id/invitations',
    request: async (ctx) => {
      const estimate = await makeEstimate(ctx.app.ctx.db, ctx.actors.users.customerA, {
        category: FIXTURE_CATEGORY,
        status: 'posted',
      });
      return {
        url: `/api/estimates/${estimate.id}/invitations`,
        payload: { providerId: ctx.actors.users.providerWithAccess.id },
      };
    },
    note: "the estimate's owner invites a pro; another customer's or an admin's call is a 404, providers 403",
    expect: { ...ownerOnly(), providerWithAccess: 403, providerFree: 403 },
  },
  { route: 'GET /sitemap.xml', note: 'the sitemap is public', expect: everyone('ok') },
  {
    route: 'GET /sitemaps/:file',
    request: () => ({ url: '/sitemaps/1.xml' }),
    note: 'below the protocol limits there is no index, so no file 1: not found, for everyone alike',
    expect: everyone(404),
  },
  { route: 'GET /robots.txt', note: 'robots.txt is public', expect: everyone('ok') },
];
