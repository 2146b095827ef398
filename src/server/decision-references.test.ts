// Every "decision NNNN" a comment, a test or a doc cites names a record that exists in docs/decisions/, so a
// reader can follow it. Lists count too ("decisions 0009, 0016 and 0019").
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'scripts', 'e2e', 'deploy', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|js|md|cfg|conf|sql)$/;

function files(path: string): string[] {
  if (statSync(path).isFile()) return TEXT.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

/** The record numbers a text cites: "decision 0007", "decision record 0007", "decisions 0009, 0016 and 0019". */
export function citedDecisions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bdecisions?(?: records?)?((?:[\s,]+(?:and\s+)?\d{4}\b)+)/gi)) {
    out.push(...(m[1]!.match(/\d{4}/g) ?? []));
  }
  return out;
}

describe('decision references', () => {
  it('reads single numbers and lists', () => {
    expect(citedDecisions('see decision 0007; decision record 0020')).toEqual(['0007', '0020']);
    expect(citedDecisions('(decisions 0009, 0016 and 0019)')).toEqual(['0009', '0016', '0019']);
    expect(citedDecisions('Decision 0003. In 2026, decided')).toEqual(['0003']);
  });

  it('every cited decision names a record in docs/decisions', () => {
    const records = new Set(readdirSync('docs/decisions').map((f) => f.slice(0, 4)));
    const missing: string[] = [];
    for (const file of ROOTS.flatMap(files)) {
      for (const n of citedDecisions(readFileSync(file, 'utf8'))) {
        if (!records.has(n)) missing.push(`${file}: decision ${n}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
