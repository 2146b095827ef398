// The server as `npm start` runs it (`npm run build:server`, part of `npm run build`). esbuild bundles
// src/server/main.ts into dist/server/main.js (an ES module, plus the chunks it loads on demand such as the embedded
// database), leaves the npm packages as imports from node_modules, and writes a source map, so stack traces name
// the TypeScript files (`node --enable-source-maps`). The SQL migrations (and the ZIP code data) are copied beside it, where
// src/server/db/data-dir.ts looks for them (./migrations next to the module). Node then runs plain JavaScript: no
// TypeScript loader in the server process (docs/decisions/0026-speed-targets.md). Takes about a second.
import { cpSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_DIST = join(ROOT, 'dist', 'server');

/** Builds into a directory of its own, then swaps it in, so a server starting meanwhile never sees half a build. */
export async function buildServer(outdir = SERVER_DIST): Promise<void> {
  const next = `${outdir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/main.ts'],
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'src', 'server', 'db', 'migrations'), join(next, 'migrations'), { recursive: true });
  // The ZIP code centroids the server loads at start (src/server/db/zip-codes.ts looks beside the module).
  cpSync(join(ROOT, 'reference-data', 'zip-codes', 'zip-codes.tsv'), join(next, 'zip-codes.tsv'));
  rmSync(outdir, { recursive: true, force: true });
  renameSync(next, outdir);
}
