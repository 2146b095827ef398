// The portfolio through HTTP on the real app and database (decision 0046): an upload re-encoded without EXIF,
// non-images and decompression bombs refused with nothing stored, the limit of 24 (the 25th a 409), moves and
// deletions keeping positions 0..n-1, a photo copied from the provider's own completed job ("Verified job") and
// another's or an open job's refused, another provider's photo 404, the public image and its cache headers, and
// the public page told of each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { PICTURE_MESSAGES } from '#domain/schemas/estimate-api.schema';
import {
  ownerPortfolioSchema,
  portfolioItemSchema,
  publicProfileSchema,
  type PortfolioItem,
} from '#domain/schemas/pro-profile.schema';
import { jobPhotos, portfolioPhotos, users } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeJob, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { PORTFOLIO_MESSAGES } from './portfolio.service.ts';
import { pngBomb } from '#server/test/image-bomb';

let t: TestApp;
let customer: TestUser;
let jpeg: Buffer;
let webp: Buffer;
const changes: { page: string; id: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  customer = await makeCustomer(db());
  t.app.ctx.events.afterCommit('publicPageChanged', (p) => void changes.push(p));
  jpeg = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Jane Secret', Copyright: 'GPS 30.33N 81.65W' } })
    .toBuffer();
  webp = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#369' } })
    .webp()
    .toBuffer();
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;

/** A multipart body of these fields and, optionally, one file part named `photo`. */
function multipart(fields: Record<string, string>, file?: { data: Buffer; filename: string; type: string }) {
  const boundary = `----homefix${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
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

async function as(user: TestUser) {
  const cookie = await loginAs(t.app, user);
  return {
    post: (body: ReturnType<typeof multipart> | { payload: object }) =>
      call(t.app, { method: 'POST', url: '/api/provider/portfolio', ...body }, cookie),
    patch: (id: string, payload: object) =>
      call(t.app, { method: 'PATCH', url: `/api/provider/portfolio/${id}`, payload }, cookie),
    del: (id: string) => call(t.app, { method: 'DELETE', url: `/api/provider/portfolio/${id}` }, cookie),
    list: async () =>
      ownerPortfolioSchema.parse(
        (await call(t.app, { method: 'GET', url: '/api/provider/portfolio' }, cookie)).json(),
      ),
  };
}

const upload = (caption: string) =>
  multipart({ caption }, { data: jpeg, filename: 'kitchen.jpg', type: 'image/jpeg' });

/** `n` photos straight in the table (positions 0..n-1). */
async function seed(provider: TestUser, n: number) {
  for (let i = 0; i < n; i++) {
    await db()
      .insert(portfolioPhotos)
      .values({
        providerId: provider.id,
        position: i,
        caption: `Photo ${i}`,
        contentType: 'image/webp',
        width: 16,
        height: 12,
        byteSize: webp.length,
        data: webp,
      });
  }
}

/** A job of `provider`'s in `status`, with one photo of "work done"; the photo's id. */
async function jobPhoto(provider: TestUser, status: 'completed' | 'hired' = 'completed') {
  const estimate = await makeEstimate(db(), customer, { status: 'posted', category: 'bathroom' });
  const job = await makeJob(db(), estimate, provider.id, {
    status,
    completedAt: new Date('2026-09-14T12:00:00Z'),
  });
  const [row] = await db()
    .insert(jobPhotos)
    .values({
      jobId: job.id,
      contentType: 'image/webp',
      width: 16,
      height: 12,
      byteSize: webp.length,
      data: webp,
    })
    .returning({ id: jobPhotos.id });
  return { photoId: row!.id, jobId: job.id };
}

const captions = (items: PortfolioItem[]) => items.map((i) => [i.position, i.caption]);

describe('portfolio', () => {
  it('uploads a photo re-encoded without EXIF, serves it publicly, and tells the public page', async () => {
    const p = await makeProvider(db());
    const me = await as(p);
    changes.length = 0;
    const res = await me.post(upload('New kitchen cabinets'));
    expect(res.statusCode, res.body).toBe(201);
    const item = portfolioItemSchema.parse(res.json());
    expect(item).toMatchObject({ caption: 'New kitchen cabinets', position: 0, verified: null, width: 2048 });
    expect(item.url).toBe(`/api/providers/${p.id}/portfolio/${item.id}`);
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);

    const served = await call(t.app, { method: 'GET', url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const again = await call(t.app, {
      method: 'GET',
      url: item.url,
      headers: { 'if-none-match': `"${item.id}"` },
    });
    expect(again.statusCode).toBe(304);

    const profile = publicProfileSchema.parse(
      (await call(t.app, { method: 'GET', url: `/api/providers/${p.id}` })).json(),
    );
    expect(profile.portfolio).toEqual([item]);

    // No page, no image: a closed account's photo answers 404, as does another provider's path.
    const other = await makeProvider(db());
    expect(
      (await call(t.app, { method: 'GET', url: `/api/providers/${other.id}/portfolio/${item.id}` }))
        .statusCode,
    ).toBe(404);
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, p.id));
    expect((await call(t.app, { method: 'GET', url: item.url })).statusCode).toBe(404);
  });

  it('refuses a non-image behind an image name, a decompression bomb, an oversized file, a long caption and an empty post, storing nothing', async () => {
    const p = await makeProvider(db());
    const me = await as(p);
    const text = await me.post(
      multipart(
        { caption: 'x' },
        { data: Buffer.from('%PDF-1.4 not a picture'), filename: 'a.jpg', type: 'image/jpeg' },
      ),
    );
    expect([text.statusCode, text.json().error]).toEqual([400, PICTURE_MESSAGES.notImage]);
    const bomb = await me.post(multipart({}, { data: pngBomb(), filename: 'b.png', type: 'image/png' }));
    expect([bomb.statusCode, bomb.json().error]).toEqual([400, PICTURE_MESSAGES.tooManyPixels]);
    const long = await me.post(upload('x'.repeat(141)));
    expect(long.statusCode).toBe(400);
    const huge = await me.post(
      multipart({}, { data: Buffer.alloc(10 * 1024 * 1024 + 1), filename: 'c.jpg', type: 'image/jpeg' }),
    );
    expect([huge.statusCode, huge.json().error]).toEqual([413, PICTURE_MESSAGES.tooLarge]);
    const empty = await me.post(multipart({ caption: 'Nothing attached' }));
    expect([empty.statusCode, empty.json().error]).toEqual([400, PORTFOLIO_MESSAGES.missing]);
    expect((await me.list()).items).toEqual([]);
  });

  it('holds at most 24 photos: the 25th is a 409 that says so', async () => {
    const p = await makeProvider(db());
    await seed(p, 23);
    const me = await as(p);
    expect((await me.post(upload('The 24th'))).statusCode).toBe(201);
    const full = await me.post(upload('The 25th'));
    expect([full.statusCode, full.json().error]).toEqual([409, PORTFOLIO_MESSAGES.full]);
    const { items } = await me.list();
    expect(items).toHaveLength(24);
    expect(items.at(-1)).toMatchObject({ position: 23, caption: 'The 24th' });
  });

  it('moves a photo and shifts the others, re-captions it, and deletes one closing up the positions', async () => {
    const p = await makeProvider(db());
    await seed(p, 4);
    const me = await as(p);
    const ids = (await me.list()).items.map((i) => i.id);

    const moved = await me.patch(ids[3]!, { position: 1, caption: 'Now second' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(captions((await me.list()).items)).toEqual([
      [0, 'Photo 0'],
      [1, 'Now second'],
      [2, 'Photo 1'],
      [3, 'Photo 2'],
    ]);
    expect((await me.patch(ids[0]!, { position: 23 })).json()).toMatchObject({ position: 3 });
    expect(captions((await me.list()).items)).toEqual([
      [0, 'Now second'],
      [1, 'Photo 1'],
      [2, 'Photo 2'],
      [3, 'Photo 0'],
    ]);
    expect((await me.patch(ids[1]!, {})).statusCode).toBe(400);

    expect((await me.del(ids[3]!)).statusCode).toBe(204);
    expect(captions((await me.list()).items)).toEqual([
      [0, 'Photo 1'],
      [1, 'Photo 2'],
      [2, 'Photo 0'],
    ]);

    // Another provider's photo is not found, for a move and a deletion alike.
    const other = await as(await makeProvider(db()));
    expect((await other.patch(ids[1]!, { caption: 'Mine now' })).statusCode).toBe(404);
    expect((await other.del(ids[1]!)).statusCode).toBe(404);
    expect((await me.list()).items).toHaveLength(3);
  });

  it("copies a photo of the provider's own completed job as a verified job, once, and refuses another's", async () => {
    const p = await makeProvider(db());
    const me = await as(p);
    const done = await jobPhoto(p);
    const open = await jobPhoto(p, 'hired');
    const { jobPhotos: offered } = await me.list();
    expect(offered).toEqual([
      {
        id: done.photoId,
        jobId: done.jobId,
        url: `/api/jobs/${done.jobId}/photos/${done.photoId}`,
        categoryLabel: 'Bathroom',
        month: '2026-09',
      },
    ]);

    const res = await me.post({ payload: { jobPhotoId: done.photoId, caption: 'Walk-in shower' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      caption: 'Walk-in shower',
      verified: { category: 'bathroom', categoryLabel: 'Bathroom', month: '2026-09' },
    });
    expect((await me.list()).jobPhotos).toEqual([]);
    const twice = await me.post(multipart({ jobPhotoId: done.photoId }));
    expect([twice.statusCode, twice.json().error]).toEqual([409, PORTFOLIO_MESSAGES.duplicate]);
    expect((await me.post({ payload: { jobPhotoId: open.photoId } })).statusCode).toBe(404);

    const other = await as(await makeProvider(db()));
    const stolen = await other.post({ payload: { jobPhotoId: done.photoId } });
    expect([stolen.statusCode, stolen.json().error]).toEqual([404, PORTFOLIO_MESSAGES.jobPhotoNotFound]);
    expect((await other.list()).items).toEqual([]);
  });
});
