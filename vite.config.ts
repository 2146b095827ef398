import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `npm run dev` serves the client on PORT (default 5000) and proxies the API to the watch-mode server on
// API_PORT, so the browser sees one origin, exactly as in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack[\\/][^\\/]+|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

// The small pieces every form screen shares (sign-in, sign-up, estimates, accounts): one chunk instead of a dozen
// tiny ones, each a request of its own on a phone's connection.
const FORMS =
  /[\\/]src[\\/]web[\\/](components[\\/]ui[\\/](alert|button|card|checkbox|form-field|icons|input|label|spinner)|lib[\\/](cn|lazy-resolver))\.tsx?$|node_modules[\\/](react-hook-form|@radix-ui[\\/](react-checkbox|react-label|react-primitive))[\\/]/;

// Text files worth compressing; source maps are left alone (only devtools fetch them).
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes x.br and x.gz beside every compressible file of the build (brotli at its best quality, gzip -9), once,
 * so the server sends them as they are (@fastify/static `preCompressed`, and index.html from the static plugin)
 * instead of compressing on every request. A variant is kept only when it is really smaller.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name === '.vite' ? [] : walk(join(dir, e.name))) : [join(dir, e.name)],
    );
  return {
    name: 'homefix:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 512) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length * 0.9) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length * 0.9) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// `vite build --ssr` (npm run build, after the client's build): the server renderer of the public pages
// (src/web/ssr/entry-server.tsx, decision 0045) into dist/ssr, from the same source and plugins as the client; the
// packages stay imports from node_modules. The server loads it from there (src/server/plugins/public-pages.ts).
const ssrBuild = {
  root: 'src/web',
  publicDir: false as const,
  plugins: [react()],
  build: {
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: resolve(import.meta.dirname, 'src/web/ssr/entry-server.tsx'),
      output: { entryFileNames: 'entry-server.js' },
    },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        root: 'src/web',
        publicDir: 'public',
        plugins: [react(), tailwindcss(), precompress()],
        // The manifest (dist/web/.vite/manifest.json, never served) lets `npm run bench` and scripts/bundle-budget.ts
        // size each page's first load.
        build: {
          outDir: '../../dist/web',
          emptyOutDir: true,
          sourcemap: 'hidden',
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // What every page runs first (React, the router, the query client, Slot for buttons) in one chunk: it
                // gzips better than the handful of small shared chunks the default splitting makes of it (3 kB less
                // per page), and stays cached across releases that only change the app's own code. The app's own code that
                // every page runs (the api client, the query client, routing, the session) in one more chunk, and the
                // small parts the form screens share in another: on a phone's connection each tiny chunk costs a round
                // trip, and /login went from 23 files to 8 (Lighthouse's LCP by about 0.4 s; docs/benchmarks.md).
                groups: [
                  { name: 'framework', test: FRAMEWORK },
                  { name: 'app', test: /[\\/]src[\\/]web[\\/]|preload-helper/, tags: ['$initial'] },
                  { name: 'forms', test: FORMS, minShareCount: 2 },
                ],
              },
            },
          },
        },
        server: {
          host: process.env.HOST ?? '127.0.0.1',
          port: Number(process.env.PORT ?? 5000),
          strictPort: true,
          proxy: {
            '/api': apiTarget,
            '/auth': apiTarget,
            '/healthz': apiTarget,
            '/readyz': apiTarget,
            '/dev/mailbox': apiTarget,
            // The one-click unsubscribe pages are the server's own (decision 0043).
            '/unsubscribe': apiTarget,
            '/ws': { target: apiTarget, ws: true },
          },
        },
      },
);
