// Where the numbers behind a price come from (issue 9: "no other marketplace shows the arithmetic").

/** The regional multipliers are BEA Regional Price Parities (all items), 2024 (src/domain/regions). */
export const REGION_SOURCE = 'BEA Regional Price Parities (all items), 2024';

/** A source note split into text and the first web address in it, so the address can be a link. */
export function splitSource(source: string): { text: string; url: string | null } {
  const m = /https?:\/\/[^\s),;]+/.exec(source);
  return { text: source, url: m ? m[0] : null };
}
