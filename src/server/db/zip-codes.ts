// The US ZIP code centroids of reference-data/zip-codes (decision 0048), loaded into zip_codes at start only when the
// file differs from what was loaded last (its hash is kept in reference_data_loads): an unchanged file costs one
// read of one row, not 40,000 upserts. A load replaces the table in one transaction and gives the estimates and
// projects whose ZIP code it knows their centroid.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { referenceDataLoads, zipCodes } from './schema/index.ts';

/** Beside the bundled server (dist/server, copied by the build), else in the source tree. */
export function zipCodesFile(): string {
  const candidates = [
    new URL('./zip-codes.tsv', import.meta.url),
    new URL('../../../reference-data/zip-codes/zip-codes.tsv', import.meta.url),
  ].map((u) => fileURLToPath(u));
  const found = candidates.find((f) => existsSync(f));
  if (!found) throw new Error(`ZIP code data not found (looked in ${candidates.join(', ')})`);
  return found;
}

export type ZipCodeRow = typeof zipCodes.$inferInsert;

export function parseZipCodes(text: string): ZipCodeRow[] {
  const rows: ZipCodeRow[] = [];
  for (const line of text.split('\n').slice(1)) {
    if (!line) continue;
    const [zip, lat, lng, city, state, timeZone] = line.split('\t');
    if (!zip || !lat || !lng || city === undefined || !state || !timeZone) {
      throw new Error(`bad ZIP code line: ${line}`);
    }
    rows.push({ zip, lat: Number(lat), lng: Number(lng), city, state, timeZone });
  }
  return rows;
}

const NAME = 'zip-codes';
const BATCH = 1000;

/** Loads the file if it changed; true when it did load. */
export async function loadZipCodes(db: Db, file = zipCodesFile()): Promise<boolean> {
  const text = readFileSync(file);
  const hash = createHash('sha256').update(text).digest('hex');
  const [loaded] = await db
    .select({ hash: referenceDataLoads.hash })
    .from(referenceDataLoads)
    .where(eq(referenceDataLoads.name, NAME));
  if (loaded?.hash === hash) return false;
  const rows = parseZipCodes(text.toString('utf8'));
  await db.transaction(async (tx) => {
    // Another instance starting at the same moment waits here, then finds the load done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reference-data:zip-codes'))`);
    const [again] = await tx
      .select({ hash: referenceDataLoads.hash })
      .from(referenceDataLoads)
      .where(eq(referenceDataLoads.name, NAME));
    if (again?.hash === hash) return;
    await tx.delete(zipCodes);
    for (let i = 0; i < rows.length; i += BATCH) await tx.insert(zipCodes).values(rows.slice(i, i + BATCH));
    await tx.execute(sql`update estimates e set lat = z.lat, lng = z.lng from zip_codes z
      where z.zip = left(e.zip_code, 5) and (e.lat is distinct from z.lat or e.lng is distinct from z.lng)`);
    await tx.execute(sql`update projects p set lat = z.lat, lng = z.lng from zip_codes z
      where z.zip = p.zip_code and (p.lat is distinct from z.lat or p.lng is distinct from z.lng)`);
    await tx
      .insert(referenceDataLoads)
      .values({ name: NAME, hash })
      .onConflictDoUpdate({ target: referenceDataLoads.name, set: { hash, loadedAt: sql`now()` } });
  });
  return true;
}
