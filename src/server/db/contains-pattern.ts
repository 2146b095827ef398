// Searching text for a literal substring with LIKE, whatever the user typed.

/** The LIKE pattern matching `text` anywhere in a lowercased column: %, _ and \ in it are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
