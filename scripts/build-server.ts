// `npm run build:server` (part of `npm run build`): bundles the server into dist/server (scripts/lib/server-build.ts).
import { buildServer } from './lib/server-build.ts';

const t0 = performance.now();
await buildServer();
console.log(`dist/server built in ${Math.round(performance.now() - t0)} ms`);
