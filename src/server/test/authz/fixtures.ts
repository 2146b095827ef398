// The objects the matrix calls routes about, all owned by customerA (and in FIXTURE_CATEGORY where a category
// applies). Rows read them from ctx.fixtures to build URLs: customerA's call is the owner's, customerB's must
// answer 404 (another user's private object), and the providers show what category access opens.
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { BuiltApp } from '#server/app';
import { makeEstimate, makePicture } from '#server/test/factories';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';

/**
 * A feature adds its object here and in createFixtures, for example:
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
export interface Fixtures {
  /** customerA's draft estimate in FIXTURE_CATEGORY (private: only the owner and admins read it). */
  estimate: Estimate;
  /** A picture of that estimate. */
  picture: { id: string; url: string };
}

export async function createFixtures(app: BuiltApp, actors: Actors): Promise<Fixtures> {
  const { db, now } = app.ctx;
  const owner = actors.users.customerA;
  const estimate = await makeEstimate(db, owner, { category: FIXTURE_CATEGORY, now: now() });
  return { estimate, picture: await makePicture(db, estimate.id, owner.id) };
}
