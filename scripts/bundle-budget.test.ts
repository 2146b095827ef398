// The first-load JS budget's arithmetic, on a hand-made manifest: which chunks a page loads first, and how a
// moved screen is reported instead of passing unmeasured.
import { describe, expect, it } from 'vitest';
import { classicScriptsOf, findScreen, pageLoads, staticClosure, type Manifest } from './bundle-budget.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['features/auth/components/LoginPage.tsx', 'features/auth/components/SignupPage.tsx'],
    css: ['assets/index-a.css'],
  },
  '_react.js': { file: 'assets/react-b.js' },
  '_form.js': { file: 'assets/form-c.js', imports: ['_react.js'] },
  '_zod.js': { file: 'assets/zod-d.js' },
  'features/auth/components/LoginPage.tsx': {
    file: 'assets/LoginPage-e.js',
    src: 'features/auth/components/LoginPage.tsx',
    isDynamicEntry: true,
    imports: ['_form.js', 'index.html'],
    dynamicImports: ['_zod.js'],
  },
  'features/auth/components/SignupPage.tsx': {
    file: 'assets/SignupPage-f.js',
    src: 'features/auth/components/SignupPage.tsx',
    isDynamicEntry: true,
    imports: ['_form.js'],
  },
};

const sizes: Record<string, number> = {
  'assets/index-a.js': 1000,
  'assets/react-b.js': 500,
  'assets/form-c.js': 200,
  'assets/zod-d.js': 9999,
  'assets/LoginPage-e.js': 30,
  'assets/SignupPage-f.js': 40,
  'theme-init.js': 5,
};

describe('bundle budget', () => {
  it('follows static imports transitively, once each, and never dynamic ones', () => {
    expect(staticClosure(manifest, ['features/auth/components/LoginPage.tsx']).sort()).toEqual(
      ['_form.js', '_react.js', 'features/auth/components/LoginPage.tsx', 'index.html'].sort(),
    );
  });

  it('sums the entry, the screen and their static imports per page, plus classic scripts', () => {
    const loads = pageLoads(manifest, (f) => sizes[f]!, ['theme-init.js']);
    expect(loads.map((l) => [l.page, l.gzipBytes])).toEqual([
      ['/', 1505],
      ['/login', 1735],
      ['/signup', 1745],
    ]);
    expect(loads[1]!.files).not.toContain('assets/zod-d.js');
  });

  it('finds a screen by its source path and refuses a page whose screen is missing', () => {
    expect(findScreen(manifest, 'features/auth/components/SignupPage.tsx')).toBe(
      'features/auth/components/SignupPage.tsx',
    );
    const { ['features/auth/components/SignupPage.tsx']: _gone, ...moved } = manifest;
    expect(() => pageLoads(moved, () => 1)).toThrow(/\/signup: no chunk for .*SignupPage\.tsx/);
  });

  it("reads index.html's classic scripts, not its module entry", () => {
    const html =
      '<script src="/theme-init.js"></script><script type="module" src="/assets/index-a.js"></script>';
    expect(classicScriptsOf(html)).toEqual(['theme-init.js']);
  });
});
