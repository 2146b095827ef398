// ZIP codes and service areas through HTTP on the real app and database (decision 0048): a ZIP code's place, the
// load that runs again only when the file changed, and a provider's service area with its default and its checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { referenceDataLoads, zipCodes } from '#server/db/schema/index';
import { loadZipCodes } from '#server/db/zip-codes';
import { makeCustomer, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());
const db = () => t.app.ctx.db;
/** Zones across the borders, which a centroid near them could fall in. */
const FOREIGN_ZONES =
  /^America\/(Toronto|Moncton|Winnipeg|Regina|Swift_Current|Edmonton|Vancouver|Matamoros|Monterrey|Tijuana|Hermosillo|Ciudad_Juarez|Creston)$|^Pacific\/Apia$/;

describe('GET /api/geo/zip/{zip}', () => {
  it('gives the place of a known ZIP code to anyone', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/geo/zip/10001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      lat: 40.7484,
      lng: -73.9967,
      timeZone: 'America/New_York',
    });
    expect((await call(t.app, { method: 'GET', url: '/api/geo/zip/85004' })).json().timeZone).toBe(
      'America/Phoenix',
    );
  });

  it('answers 404 for an unknown ZIP code and 400 for one that is not five digits', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/geo/zip/00000' })).statusCode).toBe(404);
    const bad = await call(t.app, { method: 'GET', url: '/api/geo/zip/1234a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ zip: 'Enter a valid US ZIP code' });
  });
});

describe('the ZIP code data', () => {
  it('gives each ZIP code a zone of the United States, the zone of its county where a state has two', async () => {
    const zoneOf = async (zip: string) =>
      (await call(t.app, { method: 'GET', url: `/api/geo/zip/${zip}` })).json<{ timeZone: string }>()
        .timeZone;
    // Border towns whose centroid falls across the border: Maine keeps Eastern time (not Atlantic), North Dakota
    // and New York theirs; American Samoa its own.
    expect(await zoneOf('04730')).toBe('America/New_York'); // Houlton, ME
    expect(await zoneOf('13618')).toBe('America/New_York'); // Cape Vincent, NY
    expect(await zoneOf('58711')).toBe('America/Chicago'); // Antler, ND
    expect(await zoneOf('96799')).toBe('Pacific/Pago_Pago');
    // Where a state has two zones, the county's, not the prefix's: north-west Indiana is on Central time, and so
    // is Alpine, TX, whose prefix (798) is El Paso's, on Mountain time.
    expect(await zoneOf('46301')).toBe('America/Chicago');
    expect(await zoneOf('79830')).toBe('America/Chicago');
    expect(await zoneOf('79901')).toBe('America/Denver');
    const rows = await db().select({ zip: zipCodes.zip, timeZone: zipCodes.timeZone }).from(zipCodes);
    const foreign = rows.filter(
      (r) => !/^(America|Pacific)\//.test(r.timeZone) || FOREIGN_ZONES.test(r.timeZone),
    );
    expect(foreign.map((r) => `${r.zip} ${r.timeZone}`)).toEqual([]);
    // A lost minus sign in the source (10200, New York) is put back: the place is in New York, not in Asia.
    const ny = await call(t.app, { method: 'GET', url: '/api/geo/zip/10200' });
    expect(ny.json<{ lng: number }>().lng).toBeLessThan(-73);
  });

  it('holds every US ZIP code of the file, and a start with the same file loads nothing again', async () => {
    const [n] = await db().select({ n: count() }).from(zipCodes);
    expect(n!.n).toBeGreaterThan(40_000);
    const [before] = await db()
      .select()
      .from(referenceDataLoads)
      .where(eq(referenceDataLoads.name, 'zip-codes'));
    expect(before?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await loadZipCodes(db())).toBe(false);
    const [after] = await db()
      .select()
      .from(referenceDataLoads)
      .where(eq(referenceDataLoads.name, 'zip-codes'));
    expect(after?.loadedAt).toEqual(before?.loadedAt);
  });
});

describe('the service area', () => {
  it('defaults to the business ZIP code and 25 miles, and is changed by PUT', async () => {
    const pro = await makeProvider(db(), { zipCode: '60601' });
    const cookie = await loginAs(t.app, pro);
    const first = await call(t.app, { method: 'GET', url: '/api/provider/service-area' }, cookie);
    expect(first.json()).toEqual({
      zip: '60601',
      radiusMiles: 25,
      city: 'Chicago',
      state: 'IL',
      isDefault: true,
    });
    const put = await call(
      t.app,
      { method: 'PUT', url: '/api/provider/service-area', payload: { zip: '10001', radiusMiles: 50 } },
      cookie,
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      zip: '10001',
      radiusMiles: 50,
      city: 'New York',
      state: 'NY',
      isDefault: false,
    });
    expect((await call(t.app, { method: 'GET', url: '/api/provider/service-area' }, cookie)).json().zip).toBe(
      '10001',
    );
  });

  it('has no ZIP code when neither the area nor the business profile gives one', async () => {
    const pro = await makeProvider(db(), { zipCode: null });
    const res = await call(
      t.app,
      { method: 'GET', url: '/api/provider/service-area' },
      await loginAs(t.app, pro),
    );
    expect(res.json()).toMatchObject({ zip: null, radiusMiles: 25, isDefault: true });
  });

  it('refuses another radius or an unknown ZIP code with a 400 naming the field', async () => {
    const pro = await makeProvider(db());
    const cookie = await loginAs(t.app, pro);
    const put = (payload: object) =>
      call(t.app, { method: 'PUT', url: '/api/provider/service-area', payload }, cookie);
    const radius = await put({ zip: '10001', radiusMiles: 30 });
    expect(radius.statusCode).toBe(400);
    expect(radius.json().fields).toEqual({ radiusMiles: 'Choose a radius of 5, 10, 25, 50 or 100 miles' });
    const unknown = await put({ zip: '00000', radiusMiles: 25 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ zip: 'Enter a valid US ZIP code' });
    const malformed = await put({ zip: '100', radiusMiles: 25 });
    expect(malformed.json().fields).toEqual({ zip: 'Enter a valid US ZIP code' });
  });

  it('is for providers only', async () => {
    const customer = await makeCustomer(db());
    const res = await call(
      t.app,
      { method: 'GET', url: '/api/provider/service-area' },
      await loginAs(t.app, customer),
    );
    expect(res.statusCode).toBe(403);
  });
});
