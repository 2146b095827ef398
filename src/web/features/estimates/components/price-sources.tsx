// Where the numbers behind a price come from, so a customer can check the arithmetic, not just the total.

/** The regional multipliers are BEA Regional Price Parities (all items), 2024 (src/domain/regions). */
export const REGION_SOURCE = 'BEA Regional Price Parities (all items), 2024';

const URL_RE = /https?:\/\/[^\s),;]+/g;

/** A unit price's source note with each page address as a link (named by its site) that opens in a new tab. */
export function SourceText({ source }: { source: string }) {
  const parts: (string | { url: string; host: string })[] = [];
  let last = 0;
  for (const m of source.matchAll(URL_RE)) {
    const url = m[0];
    parts.push(source.slice(last, m.index));
    let host = url;
    try {
      host = new URL(url).hostname.replace(/^www\./, '');
    } catch {
      // keep the raw text
    }
    parts.push({ url, host });
    last = (m.index ?? 0) + url.length;
  }
  parts.push(source.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <a
            key={i}
            href={p.url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-medium text-blue-700 underline underline-offset-2 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
          >
            {p.host}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </>
  );
}
