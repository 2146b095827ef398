// docs/security.md names, for each requirement, the file and the exact name of the test that proves it. This keeps
// those names true: every test file a row names exists, and every quoted name after it is the title of an `it` or
// `test` in that file. A renamed or removed test fails here until the checklist says what proves the item now.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Reference {
  row: string;
  file: string;
  title: string;
}

/** A backtick span that names a test file (`src/.../x.test.ts`, `e2e/x.spec.ts`). */
const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** Markdown escapes in the doc (prettier writes `_` as `\_` in tables) are not part of the title. */
const unescape = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');

/**
 * Reads every table row that starts with a requirement number: each `path` of a test file, then each "title"
 * after it (up to the next path). A title before any path, a bare file name, or a path with no title is an error.
 */
function referencesIn(markdown: string): { references: Reference[]; errors: string[] } {
  const references: Reference[] = [];
  const errors: string[] = [];
  for (const line of markdown.split('\n')) {
    const row = /^\|\s*(\d+\.\d+\.\d+)\s*\|/.exec(line)?.[1];
    if (!row) continue;
    let file: string | undefined;
    let titles = 0;
    const closeFile = () => {
      if (file && titles === 0) errors.push(`${row}: ${file} is named without a test title`);
    };
    for (const token of line.matchAll(/`([^`]+)`|"([^"]+)"/g)) {
      const [, code, quoted] = token;
      if (code !== undefined) {
        if (!TEST_FILE.test(code)) continue;
        closeFile();
        file = code;
        titles = 0;
        if (!code.includes('/')) errors.push(`${row}: ${code} is not a path from the repository root`);
      } else if (quoted !== undefined) {
        if (!file) {
          errors.push(`${row}: "${quoted}" comes before the test file it belongs to`);
          continue;
        }
        titles += 1;
        references.push({ row, file, title: unescape(quoted) });
      }
    }
    closeFile();
  }
  return { references, errors };
}

/**
 * The titles of the `it`s and `test`s in `source` (also `it.each(...)`, `test.skip`..., not `test.describe`), in
 * any quotes and on the line after the call. A template literal's `${...}` reads as "…", the doc's mark for a title that varies.
 */
function testTitles(source: string): string[] {
  const calls =
    /\b(?:it|test)(?:\.(?!describe\b)\w+)*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(calls)].map(([, quote, body = '']) =>
    (quote === '`' ? body.replace(/\$\{[^}]*\}/g, '…') : body).replace(/\\(.)/g, '$1'),
  );
}

const hasTest = (source: string, title: string) => testTitles(source).includes(title);

describe('docs/security.md', () => {
  const { references, errors } = referencesIn(read('docs/security.md'));

  it('names each proof as a test file followed by the titles of its tests', () => {
    expect(errors).toEqual([]);
    expect(references.length).toBeGreaterThan(100);
  });

  it('names only test files that exist and tests that are in them, under those exact titles', () => {
    const sources = new Map<string, string | null>();
    const wrong: string[] = [];
    for (const { row, file, title } of references) {
      if (!sources.has(file)) sources.set(file, existsSync(new URL(file, root)) ? read(file) : null);
      const source = sources.get(file);
      if (source == null) wrong.push(`${row}: ${file} does not exist`);
      else if (!hasTest(source, title)) wrong.push(`${row}: ${file} has no test "${title}"`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the check itself', () => {
  const source = [
    "it('refuses names with line breaks', async () => {});",
    'it(',
    '  "lists only the caller\'s own live sessions",',
    '  async () => {},',
    ');',
    'test.describe("a group", () => {',
    "  test('a customer signs in', async ({ page }) => {});",
    '});',
    'it(`${path}: masked, and paste works`, () => {});',
    "it.each(['a', 'b'])('takes %s', () => {});",
    "describe('GET /api/auth/sessions', () => {});",
    "const text = 'only mentioned in a string';",
  ].join('\n');

  it('finds titles in single, double and backtick quotes, on the next line, and with a "…" for a template', () => {
    expect(hasTest(source, 'refuses names with line breaks')).toBe(true);
    expect(hasTest(source, "lists only the caller's own live sessions")).toBe(true);
    expect(hasTest(source, 'a customer signs in')).toBe(true);
    expect(hasTest(source, '…: masked, and paste works')).toBe(true);
    expect(hasTest(source, 'takes %s')).toBe(true);
  });

  it('refuses a wrong or partial title, a describe block (also test.describe) and a string that is not a test', () => {
    expect(hasTest(source, 'refuses names with line breaks or tabs')).toBe(false);
    expect(hasTest(source, 'refuses names')).toBe(false);
    expect(hasTest(source, 'GET /api/auth/sessions')).toBe(false);
    expect(hasTest(source, 'a group')).toBe(false);
    expect(hasTest(source, 'only mentioned in a string')).toBe(false);
  });

  it('reads paths and titles from rows, and flags a title without its file', () => {
    const doc = [
      '| 1.1.1 | Test | `src/a.test.ts` "one"; "two"; `e2e/b.spec.ts` "three" |',
      '| 1.1.2 | Test | "orphan" in `src/a.test.ts` |',
      '| 1.1.3 | Test | `a.test.ts` "bare"; `src/c.test.ts` (no title) |',
      '| 1.1.4 | N/A | `src/server/logger.ts` is not a test; "quoted" text after no test file |',
      'Prose "with quotes" and `src/a.test.ts` outside a row is not read.',
    ].join('\n');
    const { references, errors } = referencesIn(doc);
    expect(references.map((r) => `${r.row} ${r.file} ${r.title}`)).toEqual([
      '1.1.1 src/a.test.ts one',
      '1.1.1 src/a.test.ts two',
      '1.1.1 e2e/b.spec.ts three',
      '1.1.3 a.test.ts bare',
    ]);
    expect(errors).toEqual([
      '1.1.2: "orphan" comes before the test file it belongs to',
      '1.1.2: src/a.test.ts is named without a test title',
      '1.1.3: a.test.ts is not a path from the repository root',
      '1.1.3: src/c.test.ts is named without a test title',
      '1.1.4: "quoted" comes before the test file it belongs to',
    ]);
  });
});
