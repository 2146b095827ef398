// CSV cells a spreadsheet opens as text, so the catalogue export opens correctly: no formula runs, quotes and
// line breaks stay inside their cell.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=x', "'\t=x"],
    ['\r=x', `"'\r=x"`],
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
  ])('neutralises a formula %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' edge', '" edge"'],
    ['a=b', 'a=b'],
    ['café', 'café'],
  ])('quotes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps numbers (negative too) and booleans as values; empty for null and undefined', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and one CRLF line per row in column order', () => {
    const csv = toCsv(['b', 'a'] as const, [
      { a: 1, b: 'x,y' },
      { a: null, b: '=bad' },
    ]);
    expect(csv).toBe('\uFEFFb,a\r\n"x,y",1\r\n\'=bad,\r\n');
  });
});
