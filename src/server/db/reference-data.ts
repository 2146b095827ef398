// Loads the reference data of src/domain into the database, idempotently, at every start.
import { sql } from 'drizzle-orm';
import { regions as regionList } from '#domain/regions/index';
import { signupCategories } from '#domain/catalog/signup';
import type { Db } from './client.ts';
import { categories, regions } from './schema/index.ts';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function loadReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < regionList.length; i += 200) {
      await tx
        .insert(regions)
        .values(
          regionList.slice(i, i + 200).map((r) => ({
            id: r.id,
            name: r.name,
            state: r.state,
            location: r.location,
            multiplier: r.multiplier,
          })),
        )
        .onConflictDoUpdate({
          target: regions.id,
          set: {
            name: excluded('name'),
            state: excluded('state'),
            location: excluded('location'),
            multiplier: excluded('multiplier'),
          },
        });
    }
    await tx
      .insert(categories)
      .values(signupCategories.map((c) => ({ id: c.id, name: c.name, kind: 'signup' })))
      .onConflictDoUpdate({ target: categories.id, set: { name: excluded('name'), kind: excluded('kind') } });
  });
}
