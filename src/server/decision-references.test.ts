// Every "decision NNNN" a comment, a test or a doc cites names a record that exists in docs/decisions/, so a
// reader can follow it. Lists count too ("decisions 0009, 0016 and 0019"). The source cites no spec part,
// section sign or issue number either: those documents are not in the repository, so a comment says the rule.
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

const SOURCE_ROOTS = ['src', 'scripts', 'e2e'];
const SOURCE = /\.(ts|tsx)$/;
/** This file: it names the allowed label texts below, so it is not searched for them. */
const THIS_FILE = 'src/server/decision-references.test.ts';

/** A citation of a document outside the repository: a spec part, a section sign or an issue, with its number. */
const OUTSIDE_CITATION = /spec part\s*\d+|§\s?\d+|\bissues?\s+#?\d+/gi;

/**
 * The one allowed text, file by file: the price-source label users see beside a catalogue price fixed by the
 * product requirements (the label names where the figure comes from), and the tests that look for that label.
 * Only this text is taken out of these files before the check; a citation elsewhere in them still fails.
 */
const PRICE_SOURCE_LABEL: Record<string, string> = {
  'src/domain/catalog/home-repair.data.ts': "'Spec part 2 §9 (exact figure)'", // the label itself
  'src/web/test/builders.ts': "'Spec part 2 §9 (exact figure)'", // a line item built with the label
  'src/domain/catalog/price-sources.test.ts': "startsWith('Spec part 2')", // prices carrying the label
  'src/web/features/estimates/components/estimate-screens.test.tsx': '/Spec part 2 §9/', // the label shown
  'e2e/estimates.spec.ts': '/Spec part 2 §9/', // the label shown in the browser
};

/** The outside citations in a text, one "line: match" each. */
export function outsideCitations(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(OUTSIDE_CITATION)].map((m) => `${i + 1}: ${m[0]}`));
}

describe('citations of documents outside the repository', () => {
  it('finds spec parts, section signs and issue numbers, and nothing else', () => {
    const part = 2;
    expect(outsideCitations(`// Bids (spec part ${part} sections 4 and 7)`)).toEqual([
      `1: spec part ${part}`,
    ]);
    expect(outsideCitations(`x\n// (issue ${10} section 3), see §${9}`)).toEqual([
      `2: issue ${10}`,
      `2: §${9}`,
    ]);
    expect(
      outsideCitations('result.error.issues[0]; the issues here; decision 0019; part 2 of the form'),
    ).toEqual([]);
  });

  it('no source file under src, scripts or e2e cites one', () => {
    const found: string[] = [];
    for (const file of SOURCE_ROOTS.flatMap(files).filter((f) => SOURCE.test(f) && f !== THIS_FILE)) {
      let text = readFileSync(file, 'utf8');
      const allowed = PRICE_SOURCE_LABEL[file];
      if (allowed !== undefined) text = text.split(allowed).join('');
      found.push(...outsideCitations(text).map((c) => `${file}:${c}`));
    }
    expect(found).toEqual([]);
  });

  it('each allowed price-source label is still where the list says', () => {
    const gone = Object.entries(PRICE_SOURCE_LABEL).filter(
      ([file, text]) => !readFileSync(file, 'utf8').includes(text),
    );
    expect(gone).toEqual([]);
  });
});
