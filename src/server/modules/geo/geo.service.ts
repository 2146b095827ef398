// ZIP code places and the providers' service areas (decision 0048).
import {
  apiDistance,
  DEFAULT_SERVICE_RADIUS,
  distanceMiles,
  isZip,
  normalizeZip,
  ZIP_MESSAGE,
  type LatLng,
} from '#domain/geo';
import {
  SERVICE_AREA_MESSAGES,
  type ServiceArea,
  type ServiceAreaBody,
  type ZipPlace,
} from '#domain/schemas/geo.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { nearParams, type ListNear } from '#server/db/geo-sql';
import * as repo from './geo.repo.ts';

export const GEO_MESSAGES = { unknownZip: 'Unknown ZIP code', malformedZip: ZIP_MESSAGE } as const;

/**
 * The ZIP codes already read, per database handle: reference data, replaced only when a server starts with a new
 * file, so a list near a ZIP code costs no extra statement once its ZIP code was asked (a few thousand in use).
 */
const known = new WeakMap<Executor, Map<string, ZipPlace>>();
const KEPT = 20_000;

async function findZip(db: Executor, zip: string): Promise<ZipPlace | null> {
  let kept = known.get(db);
  if (!kept) known.set(db, (kept = new Map()));
  const hit = kept.get(zip);
  if (hit) return hit;
  const place = await repo.findZip(db, zip);
  if (place && kept.size < KEPT) kept.set(zip, place);
  return place;
}

/** The place of a ZIP code (ZIP+4 taken by its first five digits); null when the data does not know it. */
export async function placeOfZip(db: Executor, input: string): Promise<ZipPlace | null> {
  const zip = normalizeZip(input);
  return zip ? findZip(db, zip) : null;
}

/** The place of an optional ZIP code given in `field`: none for an empty one, a 400 naming the field if unknown. */
export async function optionalPlace(db: Executor, input: string | null | undefined, field: string) {
  if (!input?.trim()) return null;
  const place = await placeOfZip(db, input);
  if (!place) throw new AppError('VALIDATION', ZIP_MESSAGE, { [field]: ZIP_MESSAGE });
  return place;
}

/**
 * The point a list measures from (`near`) and the radius it keeps (`radius`, only with `near`): none without
 * `near`; an unknown ZIP code or a radius alone is a 400 naming the field.
 */
export async function nearPoint(
  db: Executor,
  q: { near?: string | undefined; radius?: number | undefined },
): Promise<{ point: LatLng; radiusMiles: number | null } | null> {
  if (q.near === undefined) {
    if (q.radius !== undefined) {
      throw new AppError('VALIDATION', SERVICE_AREA_MESSAGES.near, { near: SERVICE_AREA_MESSAGES.near });
    }
    return null;
  }
  const place = await findZip(db, q.near);
  if (!place) {
    throw new AppError('VALIDATION', SERVICE_AREA_MESSAGES.nearUnknown, {
      near: SERVICE_AREA_MESSAGES.nearUnknown,
    });
  }
  return { point: { lat: place.lat, lng: place.lng }, radiusMiles: q.radius ?? null };
}

/** `?near={zip}&radius={miles}` and the order of a list (decision 0048). */
export interface NearQuery {
  near?: string | undefined;
  radius?: number | undefined;
  sort?: string | undefined;
}

/**
 * The point a list measures from and what it keeps: nothing without `near`; 'nearest' without `near` is a 400
 * naming it.
 */
export async function listNear(
  db: Executor,
  q: NearQuery,
): Promise<{ near: ListNear | undefined; point: LatLng | null }> {
  const found = await nearPoint(db, q);
  if (!found) {
    if (q.sort === 'nearest') {
      throw new AppError('VALIDATION', SERVICE_AREA_MESSAGES.near, { near: SERVICE_AREA_MESSAGES.near });
    }
    return { near: undefined, point: null };
  }
  return {
    near: { params: nearParams(found.point, found.radiusMiles ?? 0), within: found.radiusMiles !== null },
    point: found.point,
  };
}

/**
 * The area a provider serves as a point and a radius: the chosen one, else the business ZIP code and 25 miles;
 * null when neither names a ZIP code the data knows.
 */
export async function serviceAreaPoint(
  db: Executor,
  providerId: string,
): Promise<{ point: LatLng; radiusMiles: number } | null> {
  const row = await repo.serviceAreaOf(db, providerId);
  const zip = row?.chosenZip ?? normalizeZip(row?.profileZip ?? '');
  const place = zip ? await findZip(db, zip) : null;
  if (!place) return null;
  return {
    point: { lat: place.lat, lng: place.lng },
    radiusMiles: row?.radiusMiles ?? DEFAULT_SERVICE_RADIUS,
  };
}

/** Miles from `from` to a row's point, as the API carries it; null for a row without one. */
export const distanceOf = (from: LatLng, row: { lat: number | null; lng: number | null }) =>
  row.lat === null || row.lng === null
    ? null
    : apiDistance(distanceMiles(from, { lat: row.lat, lng: row.lng }));

export function createGeoService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  async function zipPlace(zip: string): Promise<ZipPlace> {
    if (!isZip(zip)) throw new AppError('VALIDATION', ZIP_MESSAGE, { zip: ZIP_MESSAGE });
    const place = await findZip(db, zip);
    if (!place) throw notFound(GEO_MESSAGES.unknownZip);
    return place;
  }

  async function serviceArea(providerId: string): Promise<ServiceArea> {
    const row = await repo.serviceAreaOf(db, providerId);
    const chosen = row?.chosenZip ?? null;
    const zip = chosen ?? normalizeZip(row?.profileZip ?? '');
    const place = zip ? await findZip(db, zip) : null;
    if (!place) {
      return {
        zip: chosen,
        radiusMiles: row?.radiusMiles ?? DEFAULT_SERVICE_RADIUS,
        city: null,
        state: null,
        isDefault: !chosen,
      };
    }
    return {
      zip: place.zip,
      radiusMiles: row?.radiusMiles ?? DEFAULT_SERVICE_RADIUS,
      city: place.city,
      state: place.state,
      isDefault: !chosen,
    };
  }

  async function setServiceArea(providerId: string, body: ServiceAreaBody): Promise<ServiceArea> {
    const place = await findZip(db, body.zip);
    if (!place) throw new AppError('VALIDATION', ZIP_MESSAGE, { zip: ZIP_MESSAGE });
    await repo.saveServiceArea(db, providerId, place.zip, body.radiusMiles, now());
    return serviceArea(providerId);
  }

  return { zipPlace, serviceArea, setServiceArea };
}
