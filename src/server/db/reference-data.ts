// Loads the reference data of src/domain into the database, idempotently, at every start; the ZIP code centroids
// only when their file changed (zip-codes.ts).
import { sql } from 'drizzle-orm';
import { regions as regionList } from '#domain/regions/index';
import { signupCategories } from '#domain/catalog/signup';
import {
  accessCategoryIds,
  categoryLabel,
  filterOnlyCategoryIds,
  taskCategoryIds,
} from '#domain/catalog/categories';
import { customerPlans, providerPlans } from '#domain/plans';
import type { Db } from './client.ts';
import { categories, plans, regions } from './schema/index.ts';
import { loadZipCodes } from './zip-codes.ts';

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
    const categoryRows = new Map<string, { id: string; name: string; kind: string }>();
    for (const id of accessCategoryIds) categoryRows.set(id, { id, name: categoryLabel(id), kind: 'access' });
    for (const id of taskCategoryIds) categoryRows.set(id, { id, name: categoryLabel(id), kind: 'estimate' });
    for (const c of signupCategories) categoryRows.set(c.id, { id: c.id, name: c.name, kind: 'signup' });
    for (const id of filterOnlyCategoryIds)
      categoryRows.set(id, { id, name: categoryLabel(id), kind: 'filter' });
    categoryRows.set('automotive', {
      id: 'automotive',
      name: categoryLabel('automotive'),
      kind: 'automotive',
    });
    await tx
      .insert(categories)
      .values([...categoryRows.values()])
      .onConflictDoUpdate({ target: categories.id, set: { name: excluded('name'), kind: excluded('kind') } });

    const planRows = [
      ...Object.values(providerPlans).map((p) => ({ audience: 'provider', ...pick(p) })),
      ...Object.values(customerPlans).map((p) => ({
        audience: 'customer',
        ...pick({ ...p, selfSelectable: true }),
      })),
    ];
    await tx
      .insert(plans)
      .values(planRows)
      .onConflictDoUpdate({
        target: [plans.audience, plans.id],
        set: {
          name: excluded('name'),
          priceCents: excluded('price_cents'),
          selfSelectable: excluded('self_selectable'),
        },
      });
  });
  await loadZipCodes(db);
}

const pick = (p: { id: string; name: string; priceCents: number | null; selfSelectable: boolean }) => ({
  id: p.id,
  name: p.name,
  priceCents: p.priceCents,
  selfSelectable: p.selfSelectable,
});
