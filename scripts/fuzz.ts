// `npm run fuzz`: the fuzz of src/server/fuzz.test.ts at length. Hostile requests (10,000 by default) to every
// route with a params, querystring or body schema, as an anonymous caller, a customer and an admin, against an
// in-process app on a fresh in-memory PGlite. Prints the tally and every failure (route, caller, input, response,
// and the seed and path that replay it) and exits 1 on any broken invariant.
//
//   npm run fuzz                         10,000 requests, a random seed (printed)
//   npm run fuzz -- --runs 50000         at least this many requests in all
//   npm run fuzz -- --seed 42            replay a run
//   npm run fuzz -- --route /api/visits  only the routes whose "METHOD url" contains this
//   npm run fuzz -- --no-shrink          report a failing case as found, without shrinking it first
import { parseArgs } from 'node:util';
import { createFuzzApp, formatFailures, formatTally, healthProblems, runFuzz } from '#server/test/fuzz/index';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    route: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const runs = Number(args.runs);
const seed = args.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(args.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S] [--route TEXT] [--no-shrink]');
  process.exit(2);
}

console.log(`fuzz: ${runs} requests, seed ${seed} (replay with --seed ${seed})`);
const t = await createFuzzApp();
let exitCode = 0;
try {
  const tally = await runFuzz({
    app: t.app,
    seed,
    totalRuns: runs,
    shrink: !args['no-shrink'],
    routeFilter: args.route,
    onPairDone: args.quiet
      ? undefined
      : (route, caller, sofar) =>
          console.log(
            `  ${route} as ${caller}: ${sofar.requests} requests so far, ${sofar.failures.length} failures`,
          ),
  });
  const health = await healthProblems(t.app);
  console.log(`\n${formatTally(tally)}`);
  if (tally.failures.length > 0) {
    console.log(`\nFailures:\n${formatFailures(tally.failures)}`);
    exitCode = 1;
  }
  if (health.length > 0) {
    console.log(`\nThe server is not healthy after the run:\n  ${health.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log('After the run: /healthz 200, /readyz 200, a real sign-in 200, Object.prototype untouched.');
  }
} finally {
  await t.close();
}
process.exit(exitCode);
