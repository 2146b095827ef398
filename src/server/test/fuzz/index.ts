// The schema-driven fuzz of the HTTP API: src/server/fuzz.test.ts runs it briefly, `npm run fuzz` at length.
export {
  MAY_CHANGE_ON_REJECTION,
  createFuzzApp,
  formatFailures,
  formatTally,
  healthProblems,
  runFuzz,
  type FuzzFailure,
  type FuzzOptions,
  type Tally,
} from './runner.ts';
export { fuzzableRoutes, type FuzzRoute } from './requests.ts';
export { errorShapeProblems, responseProblems } from './invariants.ts';
