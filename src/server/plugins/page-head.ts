// A server-rendered page's head (decision 0045): what src/server/plugins/public-pages.ts writes into index.html for it
// (title, description, canonical address, Open Graph, robots, JSON-LD), and the description's length rule. Apart
// from the plugin so the pages' head builders (cost-guide-pages.ts) need not import it.

export interface PageHead {
  title: string;
  description: string;
  url: string;
  noindex: boolean;
  /** JSON-LD, when the page has one. */
  jsonLd?: object;
}

/** The text of a description meta: the first sentences of `text`, at most about 160 characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
