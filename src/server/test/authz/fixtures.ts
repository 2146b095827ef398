// The objects the matrix calls routes about, all owned by customerA (and in FIXTURE_CATEGORY where a category
// applies). Rows read them from ctx.fixtures to build URLs: customerA's call is the owner's, customerB's must
// answer 404 (another user's private object), and the providers show what category access opens.
import type { BuiltApp } from '#server/app';
import type { Actors } from './actors.ts';

/**
 * Nothing owns objects yet. A feature adds its object here and in createFixtures, for example:
 *
 *   // fixtures.ts
 *   export interface Fixtures { estimate: EstimateRow }
 *   ...
 *   estimate: await makeEstimate(db, { ownerId: actors.users.customerA.id, category: FIXTURE_CATEGORY }),
 *
 *   // estimates.rows.ts
 *   { route: 'GET /api/estimates/:id',
 *     request: ({ fixtures }) => ({ url: `/api/estimates/${fixtures.estimate.id}` }),
 *     expect: ownerOnly() }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features (see above)
export interface Fixtures {}

export async function createFixtures(app: BuiltApp, actors: Actors): Promise<Fixtures> {
  void app;
  void actors;
  return {};
}
