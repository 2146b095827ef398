// Licenses and insurance through HTTP on the real app and database (decision 0046): an upload's document checked by
// its bytes (a wrong type behind a right name, polyglots, active PDF content, oversize, a decompression bomb: each
// a 400 at its field with nothing stored), the private document and its headers, the owner's edits (what the
// badge states sends it back to pending), the admin's verdict with its audit entry and notification, the badge on
// the bids lapsing at expiry by the date alone, the reminders 30 and 7 days before, and the document deleted 90 days
// after a denial.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToYmd, utcToday } from '#domain/dates';
import {
  adminCredentialSchema,
  credentialSchema,
  type AdminCredential,
  type Credential,
} from '#domain/schemas/pro-profile.schema';
import { estimateBidsResponseSchema } from '#domain/schemas/bid.schema';
import { auditLog, notifications, providerCredentials, scheduledWork } from '#server/db/schema/index';
import { activeBadgesFor } from '#server/modules/read-model';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { pngBomb } from '#server/test/image-bomb';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const today = () => utcToday(t.clock.now);

// ---- Documents ----

function pdf(pages = 1): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let i = 0; i < pages; i++) doc.addPage().text(`State of Florida contractor license, page ${i + 1}`);
  doc.end();
  return done;
}

/** A small hand-written PDF whose catalog carries `extra` (an action, say). */
function rawPdf(extra: string): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  const base = sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } });
  png = await base.clone().png().toBuffer();
  jpeg = await base
    .clone()
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret GPS place' } })
    .toBuffer();
});

// ---- Calls ----

const licenseFields = (expiresOn = addDaysToYmd(today(), 300)) => ({
  kind: 'license',
  state: 'fl',
  number: 'CGC1234567',
  trade: 'General contractor',
  expiresOn,
});

function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) {
  const boundary = `----homefix${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  user: TestUser,
  file: { data: Buffer; name?: string; type?: string } | null,
  fields: Record<string, string> = licenseFields(),
) {
  const body = multipart(
    fields,
    file
      ? { data: file.data, name: file.name ?? 'license.pdf', type: file.type ?? 'application/pdf' }
      : undefined,
  );
  return call(
    t.app,
    { method: 'POST', url: '/api/provider/credentials', ...body },
    await loginAs(t.app, user),
  );
}

async function uploaded(user: TestUser, fields?: Record<string, string>): Promise<Credential> {
  const res = await upload(user, { data: await pdf() }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return credentialSchema.parse(res.json());
}

const send = async (
  user: TestUser,
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => call(t.app, { method, url, ...(payload ? { payload } : {}) }, await loginAs(t.app, user));

const rowsOf = (p: TestUser) =>
  db().select().from(providerCredentials).where(eq(providerCredentials.providerId, p.id));

const toldTo = (p: TestUser, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, p.id), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

let admin: TestUser;
beforeAll(async () => {
  admin = await makeAdmin(db(), { firstName: 'Alice', lastName: 'Root' });
});

async function decide(id: string, body: object) {
  const res = await send(admin, 'PUT', `/api/admin/credentials/${id}`, body);
  return res;
}

// ---- Tests ----

describe('upload', () => {
  it('stores a checked PDF as pending; the owner lists theirs newest first', async () => {
    const p = await makeProvider(db(), { plan: 'free' });
    const first = await uploaded(p);
    expect(first).toMatchObject({
      kind: 'license',
      status: 'pending',
      state: 'FL',
      number: 'CGC1234567',
      documentType: 'application/pdf',
      documentDeleted: false,
      badgeActive: false,
      reviewedAt: null,
    });
    t.clock.advance(1000);
    const second = await uploaded(p, {
      kind: 'insurance',
      insurer: 'Acme Mutual',
      policyNumber: 'GL-77',
      coverageAmount: '1000000',
      expiresOn: addDaysToYmd(today(), 200),
    });
    expect(second).toMatchObject({ kind: 'insurance', coverageAmount: 1_000_000, policyNumber: 'GL-77' });
    const list = await send(p, 'GET', '/api/provider/credentials');
    expect(list.json<{ items: Credential[] }>().items.map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it('re-encodes an image without its metadata; HTML or a PDF hidden in it does not survive', async () => {
    const p = await makeProvider(db());
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>%PDF-1.4')]);
    const res = await upload(p, { data: polyglot, name: 'license.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const c = credentialSchema.parse(res.json());
    expect(c.documentType).toBe('image/jpeg');
    const doc = await send(p, 'GET', `/api/provider/credentials/${c.id}/document`);
    const stored = doc.rawPayload;
    expect(stored.includes('<script')).toBe(false);
    expect(stored.includes('%PDF-')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 1200, undefined]);

    const withHtml = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script>')]);
    // Named .pdf and declared a PDF, but a PNG by its bytes: stored as the PNG it is.
    const pngRes = await upload(p, { data: withHtml, name: 'license.pdf', type: 'application/pdf' });
    expect(pngRes.statusCode, pngRes.body).toBe(201);
    expect(pngRes.json<Credential>().documentType).toBe('image/png');
    const pngDoc = await send(p, 'GET', `/api/provider/credentials/${pngRes.json<Credential>().id}/document`);
    expect(pngDoc.rawPayload.includes('<script')).toBe(false);
    expect((await sharp(pngDoc.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses what is not what it claims, polyglots, active PDFs, oversize and a decompression bomb: 400 at document, nothing stored', async () => {
    const p = await makeProvider(db());
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 7)]);
    const cases: [string, { data: Buffer; name?: string; type?: string }, RegExp][] = [
      [
        'text named .pdf, declared application/pdf',
        { data: Buffer.from('just some text, not a PDF') },
        /PDF, JPEG or PNG/,
      ],
      ['an EXE named .jpg', { data: exe, name: 'license.jpg', type: 'image/jpeg' }, /PDF, JPEG or PNG/],
      [
        'a PDF header after other bytes',
        { data: Buffer.concat([Buffer.from('GIF89a....'), await pdf()]) },
        /start with its PDF header/,
      ],
      [
        'a PDF with HTML in it',
        { data: Buffer.concat([await pdf(), Buffer.from('\n<html><script>alert(1)</script>')]) },
        /HTML/,
      ],
      [
        'a PDF with JavaScript',
        { data: rawPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>') },
        /active content/,
      ],
      [
        'a PDF with an escaped JavaScript name',
        { data: rawPdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>') },
        /active content/,
      ],
      [
        'a PDF with a launch action',
        { data: rawPdf('/OpenAction << /S /Launch /F (calc.exe) >>') },
        /active content/,
      ],
      [
        'a PDF with an embedded file',
        { data: rawPdf('/Names << /EmbeddedFiles << /Names [] >> >>') },
        /active content/,
      ],
      [
        'a PDF that does not parse',
        { data: Buffer.from('%PDF-1.7\nthis is not a pdf at all') },
        /could not be read/,
      ],
      ['a PDF of 21 pages', { data: await pdf(21) }, /1 to 20 pages/],
      [
        'more than 10 MB',
        { data: Buffer.concat([await pdf(), Buffer.alloc(10 * 1024 * 1024, 32)]) },
        /at most 10 MB/,
      ],
      [
        'a decompression bomb',
        { data: pngBomb(30_000), name: 'license.png', type: 'image/png' },
        /too large in pixels/,
      ],
    ];
    for (const [what, file, message] of cases) {
      const res = await upload(p, file);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const body = res.json<{ error: string; fields: Record<string, string> }>();
      expect(body.fields.document, what).toMatch(message);
    }
    expect(await rowsOf(p)).toEqual([]);
  });

  it('checks the fields: a past or present expiry at expiresOn, a missing field at its name, no document', async () => {
    const p = await makeProvider(db());
    const doc = { data: await pdf() };
    const past = await upload(p, doc, licenseFields(today()));
    expect(past.statusCode).toBe(400);
    expect(past.json<{ fields: Record<string, string> }>().fields.expiresOn).toMatch(/after today/);
    const { state: _state, ...noState } = licenseFields();
    const missing = await upload(p, doc, noState);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: Record<string, string> }>().fields)).toContain('state');
    const none = await upload(p, null);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fields: Record<string, string> }>().fields.document).toMatch(/Attach the document/);
    expect(await rowsOf(p)).toEqual([]);
  });

  it('is for providers only: a customer 403, no session 401', async () => {
    const customer = await makeCustomer(db());
    expect((await upload(customer, { data: await pdf() })).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/provider/credentials',
      ...multipart(licenseFields(), { data: await pdf(), name: 'a.pdf', type: 'application/pdf' }),
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the document', () => {
  it('its owner and admins download it with the private headers; another provider and a customer get 404', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    for (const who of [p, admin]) {
      const res = await send(who, 'GET', `/api/provider/credentials/${c.id}/document`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="license-[0-9a-f]{8}\.pdf"$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const other of [await makeProvider(db()), await makeCustomer(db())]) {
      const res = await send(other, 'GET', `/api/provider/credentials/${c.id}/document`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    expect((await send(p, 'GET', '/api/provider/credentials/not-an-id/document')).statusCode).toBe(404);
  });
});

describe('edits and deletion', () => {
  it('a change to what the badge states sends it back to pending; other changes keep the verdict; not another’s', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    expect((await decide(c.id, { status: 'approved' })).statusCode).toBe(200);

    const trade = await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, { trade: 'Roofing' });
    expect(trade.statusCode, trade.body).toBe(200);
    expect(trade.json<Credential>()).toMatchObject({
      trade: 'Roofing',
      status: 'approved',
      badgeActive: true,
    });

    const number = await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, { number: 'CGC7654321' });
    expect(number.json<Credential>()).toMatchObject({
      number: 'CGC7654321',
      status: 'pending',
      reviewedAt: null,
      reviewComment: null,
      badgeActive: false,
    });
    expect((await activeBadgesFor(db(), [p.id], today())).has(p.id)).toBe(false);

    const foreign = await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, { insurer: 'Acme' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fields: Record<string, string> }>().fields.insurer).toMatch(
      /Not a field of a license/,
    );
    // The owner cannot approve it themselves.
    const status = await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, { status: 'approved' });
    expect(status.statusCode).toBe(400);
    expect(await rowsOf(p)).toEqual([expect.objectContaining({ status: 'pending' })]);
    const past = await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, { expiresOn: today() });
    expect(past.json<{ fields: Record<string, string> }>().fields.expiresOn).toMatch(/after today/);

    const other = await makeProvider(db());
    expect((await send(other, 'PATCH', `/api/provider/credentials/${c.id}`, { trade: 'x' })).statusCode).toBe(
      404,
    );
    expect((await send(other, 'DELETE', `/api/provider/credentials/${c.id}`)).statusCode).toBe(404);
    expect(await rowsOf(p)).toHaveLength(1);
  });

  it('deleting removes it and its badge', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    await decide(c.id, { status: 'approved' });
    expect((await activeBadgesFor(db(), [p.id], today())).get(p.id)).toHaveLength(1);
    expect((await send(p, 'DELETE', `/api/provider/credentials/${c.id}`)).statusCode).toBe(204);
    expect(await rowsOf(p)).toEqual([]);
    expect((await activeBadgesFor(db(), [p.id], today())).has(p.id)).toBe(false);
    expect((await send(p, 'GET', `/api/provider/credentials/${c.id}/document`)).statusCode).toBe(404);
  });
});

describe('the verdict', () => {
  it('lists pending oldest first for admins only', async () => {
    const p = await makeProvider(db(), { companyName: 'Sunshine Builders' });
    const a = await uploaded(p);
    t.clock.advance(1000);
    const b = await uploaded(p);
    const res = await send(admin, 'GET', '/api/admin/credentials?status=pending&pageSize=50');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: AdminCredential[]; total: number }>();
    const mine = page.items.filter((i) => i.provider.id === p.id);
    expect(mine.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(adminCredentialSchema.parse(mine[0])).toMatchObject({
      provider: { companyName: 'Sunshine Builders', email: p.email },
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await send(p, 'GET', '/api/admin/credentials')).statusCode).toBe(403);
  });

  it('a denial needs the comment; approve and deny write the audit entry and tell the provider', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    const noComment = await decide(c.id, { status: 'denied' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json<{ fields: Record<string, string> }>().fields.comment).toBe('Say why it is denied');

    const denied = await decide(c.id, { status: 'denied', comment: 'The number is not readable.' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json<AdminCredential>()).toMatchObject({
      status: 'denied',
      reviewComment: 'The number is not readable.',
      badgeActive: false,
    });
    const [deniedNote] = await toldTo(p, 'credential_reviewed');
    expect(deniedNote).toMatchObject({
      link: '/provider/credentials',
      actorName: 'HomeFix admin',
      title: 'License not approved',
    });
    expect(deniedNote!.body).toContain('Your Florida license #CGC1234567 was not approved');
    expect(deniedNote!.body).toContain('The number is not readable.');

    const approved = await decide(c.id, { status: 'approved' });
    expect(approved.json<AdminCredential>()).toMatchObject({ status: 'approved', badgeActive: true });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'credential'), eq(auditLog.targetId, c.id)));
    expect(audit.map((e) => [e.action, e.actorId])).toEqual([
      ['Deny Credential', admin.id],
      ['Verify Credential', admin.id],
    ]);
    expect(audit[0]!.details).toMatchObject({ comment: 'The number is not readable.', number: 'CGC1234567' });
    expect((await toldTo(p, 'credential_reviewed')).map((n) => n.title).sort()).toEqual([
      'License not approved',
      'License verified',
    ]);
    expect((await decide('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(
      404,
    );
  });

  it('the badge shows on the bids and lapses the day after expiry, with no job running', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const expiresOn = addDaysToYmd(today(), 3);
    const c = await uploaded(p, licenseFields(expiresOn));
    await decide(c.id, { status: 'approved' });
    const owner = await makeCustomer(db());
    const estimate = await makeEstimate(db(), owner, { status: 'posted', now: t.clock.now });
    const bid = await call(
      t.app,
      { method: 'POST', url: `/api/tasks/${estimate.id}/bid` },
      await loginAs(t.app, p),
    );
    expect(bid.statusCode, bid.body).toBeLessThan(300);
    const badgesOnBids = async () => {
      const res = await send(owner, 'GET', `/api/estimates/${estimate.id}/bids`);
      expect(res.statusCode, res.body).toBe(200);
      const item = estimateBidsResponseSchema.parse(res.json()).items.find((i) => i.provider.id === p.id);
      return item?.provider.badges;
    };
    expect(await badgesOnBids()).toEqual([
      expect.objectContaining({ kind: 'license', state: 'FL', number: 'CGC1234567', expiresOn }),
    ]);
    // The bid links to the pro's page at its current address: the one the public profile gives.
    const listed = estimateBidsResponseSchema.parse(
      (await send(owner, 'GET', `/api/estimates/${estimate.id}/bids`)).json(),
    );
    const profile = await send(owner, 'GET', `/api/providers/${p.id}`);
    expect(listed.items[0]?.provider.profilePath).toBe(profile.json<{ path: string }>().path);
    expect(listed.items[0]?.provider.profilePath).toMatch(new RegExp(`^/pros/${p.id}-[a-z]`));

    // The work queued by the approval is left alone: only the clock moves.
    const unfinished = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(scheduledWork)
          .where(
            and(
              isNull(scheduledWork.doneAt),
              inArray(scheduledWork.kind, ['credentialReminder', 'credentialDocumentPurge']),
            ),
          )
      )[0]!.n;
    const queued = await unfinished();
    expect(queued).toBeGreaterThan(0);
    t.clock.now = new Date(`${addDaysToYmd(expiresOn, 1)}T12:00:00Z`);
    expect(await badgesOnBids()).toEqual([]);
    expect((await activeBadgesFor(db(), [p.id], today())).has(p.id)).toBe(false);
    const list = await send(p, 'GET', '/api/provider/credentials');
    expect(list.json<{ items: Credential[] }>().items[0]).toMatchObject({
      status: 'approved',
      badgeActive: false,
    });
    expect(await unfinished()).toBe(queued);
  });
});

describe('scheduled work', () => {
  const run = async () => {
    while ((await t.app.ctx.work.runDue()) > 0) {
      // until nothing is due
    }
  };

  it('reminds 30 and 7 days before expiry, once each; an edited credential gets none', async () => {
    const p = await makeProvider(db());
    const edited = await makeProvider(db());
    const start = t.clock.now;
    const expiresOn = addDaysToYmd(utcToday(start), 40);
    const c = await uploaded(p, licenseFields(expiresOn));
    const e = await uploaded(edited, licenseFields(expiresOn));
    await decide(c.id, { status: 'approved' });
    await decide(e.id, { status: 'approved' });
    await send(edited, 'PATCH', `/api/provider/credentials/${e.id}`, { number: 'NEW-1' });

    await run();
    expect(await toldTo(p, 'credential_expiring')).toEqual([]);

    t.clock.now = new Date(`${addDaysToYmd(expiresOn, -30)}T16:00:00Z`);
    await run();
    await run();
    const first = await toldTo(p, 'credential_expiring');
    expect(first).toEqual([
      expect.objectContaining({
        link: '/provider/credentials',
        title: 'Your license expires in 30 days',
        body: `Your Florida license #CGC1234567 expires on ${expiresOn}: upload the renewed one.`,
      }),
    ]);

    t.clock.now = new Date(`${addDaysToYmd(expiresOn, -7)}T16:00:00Z`);
    await run();
    expect((await toldTo(p, 'credential_expiring')).map((n) => n.title)).toEqual([
      'Your license expires in 30 days',
      'Your license expires in 7 days',
    ]);
    expect(await toldTo(edited, 'credential_expiring')).toEqual([]);
  });

  it('deletes a denied document 90 days on, not before; the owner is told it is gone', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    await decide(c.id, { status: 'denied', comment: 'Wrong document, this is a receipt.' });
    t.clock.advance(89 * DAY);
    await run();
    expect((await send(p, 'GET', `/api/provider/credentials/${c.id}/document`)).statusCode).toBe(200);

    t.clock.advance(2 * DAY);
    await run();
    const [row] = await rowsOf(p);
    expect(row!.document).toBeNull();
    expect(row!.documentDeletedAt).not.toBeNull();
    const res = await send(p, 'GET', `/api/provider/credentials/${c.id}/document`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toMatch(/was deleted on/);
    const list = await send(p, 'GET', '/api/provider/credentials');
    expect(list.json<{ items: Credential[] }>().items[0]).toMatchObject({
      documentDeleted: true,
      status: 'denied',
    });
  });

  it('deletes an approved document 90 days after its expiry, not the day before', async () => {
    const p = await makeProvider(db());
    const expiresOn = addDaysToYmd(today(), 10);
    const c = await uploaded(p, licenseFields(expiresOn));
    await decide(c.id, { status: 'approved' });
    t.clock.now = new Date(`${addDaysToYmd(expiresOn, 89)}T12:00:00Z`);
    await run();
    expect((await rowsOf(p))[0]!.document).not.toBeNull();
    t.clock.now = new Date(`${addDaysToYmd(expiresOn, 90)}T12:00:00Z`);
    await run();
    expect((await rowsOf(p))[0]!.document).toBeNull();
  });

  it('keeps the document of a denied credential edited back to pending', async () => {
    const p = await makeProvider(db());
    const c = await uploaded(p);
    await decide(c.id, { status: 'denied', comment: 'Expired already, upload the current one.' });
    await send(p, 'PATCH', `/api/provider/credentials/${c.id}`, {
      expiresOn: addDaysToYmd(today(), 400),
    });
    t.clock.advance(91 * DAY);
    await run();
    const [row] = await rowsOf(p);
    expect(row!.status).toBe('pending');
    expect(row!.document).not.toBeNull();
  });
});
