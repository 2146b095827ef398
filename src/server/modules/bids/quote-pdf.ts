// The quote as a document (decision 0040): a real PDF made with pdfkit in its standard fonts, so every word can be
// selected and searched. It names the provider (company, or name), the customer by first name and city only (the
// street address is not shared before hire), the estimate, every estimate line beside the quoted amount, the extras,
// exclusions, validity, start window, the total and the estimate's range. pdfkit loads on the first PDF, not at
// start-up.
import { formatMoney } from '#domain/money';
import type { ComparedQuote } from '#domain/schemas/quote.schema';

export interface QuotePdfInput {
  /** The provider's company, or their name without one. */
  providerName: string;
  customerFirstName: string;
  /** "Austin, TX", or empty when unknown. */
  customerCity: string;
  estimateTitle: string;
  revision: number;
  quote: ComparedQuote;
  /** The estimate's range, in dollars. */
  range: { min: number; max: number };
  /** When the document was made (its creation date, and the "as of" line). */
  at: Date;
}

// The standard fonts write Windows-1252 (WinAnsi): anything else would come out as other characters.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Text the standard fonts can write: characters outside Windows-1252 (and control characters) become "?". */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (c === 0x09 || c === 0x0d) out += ' ';
    else out += '?';
  }
  return out;
}

/** "Dec 10, 2026" from a calendar date. */
function day(ymd: string): string {
  return new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

const signed = (dollars: number) => (dollars > 0 ? `+${formatMoney(dollars)}` : formatMoney(dollars));

function startWindow(q: ComparedQuote): string {
  if (q.startFrom && q.startTo) return `${day(q.startFrom)} to ${day(q.startTo)}`;
  if (q.startFrom) return `From ${day(q.startFrom)}`;
  if (q.startTo) return `By ${day(q.startTo)}`;
  return 'Not given';
}

function positionText(q: ComparedQuote): string {
  if (q.position === 'within') return "Within the estimate's range";
  return `${formatMoney(q.positionAmount)} ${q.position} the estimate's range`;
}

/** A file name for the download: "quote-kitchen-remodel-r2.pdf". */
export function quoteFileName(estimateTitle: string, revision: number): string {
  const slug = estimateTitle
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `quote-${slug || 'estimate'}-r${revision}.pdf`;
}

export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { quote: q } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: winAnsi(`Quote: ${input.estimateTitle}`),
      Author: winAnsi(input.providerName),
      Creator: 'HomeFix',
      CreationDate: input.at,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const text = (s: string, opts: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(s), opts);
  const heading = (s: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12);
    text(s, { width });
    doc.font('Helvetica').fontSize(10).moveDown(0.2);
  };
  const pair = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10);
    text(`${label}: `, { continued: true });
    doc.font('Helvetica');
    text(value);
  };

  doc.font('Helvetica-Bold').fontSize(20);
  text('Quote', { width });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  pair('From', input.providerName);
  pair('For', [input.customerFirstName, input.customerCity].filter(Boolean).join(', '));
  pair('Estimate', input.estimateTitle);
  pair('Revision', `${input.revision}${q.revisedAt ? `, revised ${day(q.revisedAt.slice(0, 10))}` : ''}`);

  // The lines: the estimate's own amount, the quoted amount, and the difference.
  heading("Lines of the customer's estimate");
  const cols = [
    { title: 'Line', w: width * 0.4, align: 'left' as const },
    { title: 'Estimate', w: width * 0.17, align: 'right' as const },
    { title: 'Quote', w: width * 0.17, align: 'right' as const },
    { title: 'Difference', w: width * 0.26, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(
      ...cells.map((c, i) => doc.heightOfString(winAnsi(c), { width: cols[i]!.w - 6 })),
    );
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.text(winAnsi(c), x, y, { width: cols[i]!.w - 6, align: cols[i]!.align });
      x += cols[i]!.w;
    });
    doc.x = left;
    doc.y = y + height + 4;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const l of q.lines) {
    const difference =
      l.difference === null
        ? ''
        : `${signed(l.difference)}${l.differencePercent === null ? '' : ` (${l.differencePercent > 0 ? '+' : ''}${l.differencePercent} %)`}${l.flagged ? ', more than 20 % above' : ''}`;
    row([
      l.subtask,
      formatMoney(l.estimateAmount),
      l.amount === null ? 'Not quoted' : formatMoney(l.amount),
      difference,
    ]);
  }

  heading('Extra work the estimate does not list');
  if (q.extras.length === 0) text('None', { width });
  for (const e of q.extras) row([e.label, '', formatMoney(e.amount), '']);

  heading('Total');
  doc.font('Helvetica-Bold').fontSize(14);
  text(`Total: ${formatMoney(q.total)}`, { width });
  doc.font('Helvetica').fontSize(10);
  text(
    `Estimate range: ${formatMoney(input.range.min)} to ${formatMoney(input.range.max)}. ${positionText(q)}.`,
    { width },
  );

  heading('Terms');
  pair('Valid until', `${day(q.validUntil)}${q.expired ? ' (expired)' : ''}`);
  pair('Start window', startWindow(q));
  pair('Exclusions', q.exclusions || 'None stated');
  if (q.note) pair('Note', q.note);

  doc.moveDown(1.5).fontSize(8).fillColor('#555555');
  text(`Made with HomeFix on ${day(input.at.toISOString().slice(0, 10))}. Amounts in US dollars.`, { width });
  doc.end();
  return finished;
}
