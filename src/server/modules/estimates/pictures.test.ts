// Estimate pictures with real image bytes on the real app and database: premium only, up to 5 per estimate
// (also under parallel uploads), type from the bytes, re-encoded without EXIF, oversized, non-image and
// decompression-bomb uploads refused with nothing stored, served with cache headers to whoever may read the estimate.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatePicture } from '#domain/schemas/estimate-api.schema';
import { PICTURE_MESSAGES } from '#domain/schemas/estimate-api.schema';
import { makeCustomer, makeEstimate, makePicture, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { pngBomb } from '#server/test/image-bomb';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const premium = () =>
  makeCustomer(db(), {
    subscriptionPlan: 'premium',
    subscriptionExpiryDate: new Date(t.clock.now.getTime() + 365 * DAY),
  });

function multipart(data: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----homefix${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(user: TestUser, estimateId: string, body = multipart(jpeg)) {
  return call(
    t.app,
    { method: 'POST', url: `/api/estimates/${estimateId}/pictures`, ...body },
    await loginAs(t.app, user),
  );
}
async function get(url: string, user: TestUser, headers: Record<string, string> = {}) {
  return call(t.app, { method: 'GET', url, headers }, await loginAs(t.app, user));
}
const pictureCount = async (user: TestUser, estimateId: string) =>
  (await get(`/api/estimates/${estimateId}/pictures`, user)).json<EstimatePicture[]>().length;

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  const base = sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c33' } });
  jpeg = await base
    .clone()
    .jpeg()
    .withExif({ IFD0: { Artist: 'Jane Secret', Copyright: 'GPS 30.33N 81.65W' } })
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#3c3' } })
    .png()
    .toBuffer();
});

describe('pictures', () => {
  it('a premium owner uploads; the picture is re-encoded (WebP, no EXIF, bounded size) and served with cache headers', async () => {
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const owner = await premium();
    const e = await makeEstimate(db(), owner, { now: t.clock.now });
    const res = await upload(owner, e.id, multipart(jpeg, 'notes.txt', 'text/plain'));
    expect(res.statusCode, res.body).toBe(201);
    const pic = res.json<EstimatePicture>();
    expect(pic).toMatchObject({ contentType: 'image/webp', width: 2048, height: 1024, estimateId: e.id });
    const served = await get(pic.url, owner);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 2048, 1024, undefined]);
    expect((await get(pic.url, owner, { 'if-none-match': String(served.headers.etag) })).statusCode).toBe(
      304,
    );
    // The type comes from the bytes: a PNG named .jpg is a PNG.
    expect((await upload(owner, e.id, multipart(png, 'x.jpg'))).json()).toMatchObject({
      width: 64,
      height: 48,
    });
    expect(await pictureCount(owner, e.id)).toBe(2);
  });

  it('providers see the pictures of a posted estimate only; others get 404', async () => {
    const owner = await premium();
    const provider = await makeProvider(db());
    const e = await makeEstimate(db(), owner, { now: t.clock.now });
    const pic = (await upload(owner, e.id, multipart(png))).json<EstimatePicture>();
    expect((await get(`/api/estimates/${e.id}/pictures`, provider)).statusCode).toBe(404);
    expect((await get(pic.url, provider)).statusCode).toBe(404);
    await call(t.app, { method: 'PATCH', url: `/api/estimates/${e.id}/post` }, await loginAs(t.app, owner));
    expect((await get(`/api/estimates/${e.id}/pictures`, provider)).json()).toHaveLength(1);
    expect((await get(pic.url, provider)).statusCode).toBe(200);
    expect((await upload(provider, e.id, multipart(png))).statusCode).toBe(403);
    const del = await call(t.app, { method: 'DELETE', url: pic.url }, await loginAs(t.app, provider));
    expect(del.statusCode).toBe(404);
  });

  it('refuses non-images, oversized files and decompression bombs with a clear 4xx, storing nothing', async () => {
    const owner = await premium();
    const e = await makeEstimate(db(), owner, { now: t.clock.now });
    const text = await upload(owner, e.id, multipart(Buffer.from('<svg onload=alert(1)>'), 'a.jpg'));
    expect([text.statusCode, text.json().error]).toEqual([400, PICTURE_MESSAGES.notImage]);
    const big = await upload(owner, e.id, multipart(Buffer.alloc(11 * 1024 * 1024, 1)));
    expect([big.statusCode, big.json().error]).toEqual([413, PICTURE_MESSAGES.tooLarge]);
    const bomb = await upload(owner, e.id, multipart(pngBomb(), 'bomb.png', 'image/png'));
    expect([bomb.statusCode, bomb.json().error]).toEqual([400, PICTURE_MESSAGES.tooManyPixels]);
    const json = await call(
      t.app,
      { method: 'POST', url: `/api/estimates/${e.id}/pictures`, payload: { file: 'x' } },
      await loginAs(t.app, owner),
    );
    expect(json.statusCode).toBe(400);
    expect(await pictureCount(owner, e.id)).toBe(0);
  });

  it('free customers get 403 naming the upgrade; another customer 404', async () => {
    const free = await makeCustomer(db());
    const e = await makeEstimate(db(), free, { now: t.clock.now });
    const res = await upload(free, e.id, multipart(png));
    expect([res.statusCode, res.json().error]).toEqual([403, PICTURE_MESSAGES.premiumOnly]);
    expect((await upload(await premium(), e.id, multipart(png))).statusCode).toBe(404);
  });

  it('at the limit an upload is refused with the limit message before it is read or decoded', async () => {
    const owner = await premium();
    const e = await makeEstimate(db(), owner, { now: t.clock.now });
    for (let i = 0; i < 5; i++) await makePicture(db(), e.id, owner.id);
    // Bytes that are no picture, a bomb and an oversized body all get the limit message: nothing was decoded
    // (it would say "not an image" or "too many pixels") nor read (it would say "too large").
    for (const body of [
      multipart(Buffer.from('not a picture at all'), 'a.jpg'),
      multipart(pngBomb(), 'bomb.png', 'image/png'),
      multipart(Buffer.alloc(11 * 1024 * 1024, 1)),
    ]) {
      const res = await upload(owner, e.id, body);
      expect([res.statusCode, res.json().error]).toEqual([403, PICTURE_MESSAGES.limit(5)]);
    }
    expect(await pictureCount(owner, e.id)).toBe(5);
  });

  it('up to 5 per estimate, also under parallel uploads; the owner deletes one and makes room', async () => {
    const owner = await premium();
    const e = await makeEstimate(db(), owner, { now: t.clock.now });
    for (let i = 0; i < 4; i++) expect((await upload(owner, e.id, multipart(png))).statusCode).toBe(201);
    const cookie = await loginAs(t.app, owner);
    const parallel = await Promise.all(
      [1, 2, 3].map(() =>
        call(t.app, { method: 'POST', url: `/api/estimates/${e.id}/pictures`, ...multipart(png) }, cookie),
      ),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    expect(parallel.find((r) => r.statusCode === 403)?.json().error).toBe(PICTURE_MESSAGES.limit(5));
    const pics = (await get(`/api/estimates/${e.id}/pictures`, owner)).json<EstimatePicture[]>();
    expect(pics).toHaveLength(5);
    const del = await call(t.app, { method: 'DELETE', url: pics[0]!.url }, cookie);
    expect(del.statusCode).toBe(204);
    expect((await get(pics[0]!.url, owner)).statusCode).toBe(404);
    expect((await upload(owner, e.id, multipart(png))).statusCode).toBe(201);
  });
});
