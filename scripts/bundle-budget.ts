// The first-load JavaScript budget: what a visitor to /, /login or /signup downloads before the page
// works must stay within 120 kB of gzip. Reads the built client's Vite manifest, takes for each page the entry
// chunk, the page's lazy screen chunk and everything they import statically (transitively), plus the classic
// scripts index.html loads, gzips each file (-9) and prints a table. Exits 1 when a page is over the budget, or
// when a page's screen cannot be found in the manifest (a renamed or moved screen must not pass unmeasured).
//
//   node --import tsx scripts/bundle-budget.ts [build dir, default dist/web] [--budget <KiB>]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const BUDGET_KIB = 120;

/**
 * The pages and the source of each page's screen, relative to the client root (src/web). A screen built into
 * the entry (no chunk of its own, like the landing page) is `optional`: the entry already holds it.
 */
export const PAGES: readonly { page: string; screen: string; optional?: boolean }[] = [
  { page: '/', screen: 'features/landing/components/LandingPage.tsx', optional: true },
  { page: '/login', screen: 'features/auth/components/LoginPage.tsx' },
  { page: '/signup', screen: 'features/auth/components/SignupPage.tsx' },
];

/** The manifest keys of the chunks the given keys load before running: themselves and their static imports. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  roots.forEach(visit);
  return [...seen];
}

/** The key of the chunk built from a source file (by the chunk's `src`, or its key, ending with the path). */
export function findScreen(manifest: Manifest, source: string): string | undefined {
  const normal = (p: string) => p.replaceAll('\\', '/');
  return Object.keys(manifest).find((key) => {
    const src = normal(manifest[key]!.src ?? key);
    return src === source || src.endsWith(`/${source}`);
  });
}

export interface PageLoad {
  page: string;
  /** Built files (relative to the build folder) the page loads first, JS only. */
  files: string[];
  /** Their gzip sizes summed, in bytes. */
  gzipBytes: number;
}

/** The first-load JS of each page; `gzipSize` maps a built file to its gzip size in bytes. */
export function pageLoads(
  manifest: Manifest,
  gzipSize: (file: string) => number,
  classicScripts: readonly string[] = [],
  pages = PAGES,
): PageLoad[] {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk');
  return pages.map(({ page, screen, optional }) => {
    const key = findScreen(manifest, screen);
    if (!key && !optional) {
      throw new Error(`${page}: no chunk for ${screen} in the manifest (was the screen renamed or moved?)`);
    }
    const keys = staticClosure(manifest, key ? [...entries, key] : entries);
    const files = [...new Set([...classicScripts, ...keys.map((k) => manifest[k]!.file)])].filter((f) =>
      f.endsWith('.js'),
    );
    return { page, files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
  });
}

/** The same-origin classic scripts index.html loads (e.g. /theme-init.js), which the manifest does not list. */
export function classicScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*type="module")[^>]*\bsrc="\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { budget: { type: 'string' } },
  });
  const dir = positionals[0] ?? 'dist/web';
  const budgetKiB = Number(values.budget ?? process.env.BUNDLE_BUDGET_KIB ?? BUDGET_KIB);
  if (!(budgetKiB > 0)) throw new Error(`Not a budget: ${values.budget ?? process.env.BUNDLE_BUDGET_KIB}`);
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the client first (vite build writes the manifest)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const gzipSize = (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  const loads = pageLoads(manifest, gzipSize, classicScriptsOf(html));
  const limit = budgetKiB * 1024;
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`First-load JS (gzip -9) of ${dir}, budget ${budgetKiB} KiB per page`);
  console.log(`${'page'.padEnd(8)} ${'files'.padStart(5)} ${'kB gzip'.padStart(8)} ${'budget'.padStart(7)}`);
  let over = false;
  for (const load of loads) {
    const fails = load.gzipBytes > limit;
    over ||= fails;
    console.log(
      `${load.page.padEnd(8)} ${String(load.files.length).padStart(5)} ${kib(load.gzipBytes).padStart(8)} ${String(budgetKiB).padStart(7)}${fails ? '  OVER BUDGET' : ''}`,
    );
  }
  if (over) {
    console.error(
      'A page loads more JS than the budget: split it (lazy screens and widgets) or move weight out of the entry.',
    );
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
