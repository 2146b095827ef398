// Counts in words, as every screen writes them: "1 user", "3 users", "0 users".

/** The count and the noun, singular only for exactly one ("1 bid", "2 bids", "1 entry" / "5 entries"). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
