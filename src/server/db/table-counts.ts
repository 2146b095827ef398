// The row count of every table of the Drizzle schema, in one query: what the fuzz compares before and after a
// rejected request ("nothing written"). The table list comes from the schema, so a new table is counted too.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import * as schema from './schema/index.ts';

/** The names of every table in the schema, sorted. */
export const tableNames: readonly string[] = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

export type TableCounts = Record<string, number>;

/** { tableName: rowCount } for every table, read in one statement (one snapshot). */
export async function countRows(db: Executor): Promise<TableCounts> {
  const selects = tableNames.map(
    (name) => sql`select ${name}::text as name, count(*)::int as n from ${sql.identifier(name)}`,
  );
  const result = await db.execute<{ name: string; n: number }>(sql.join(selects, sql` union all `));
  const counts: TableCounts = {};
  for (const row of result.rows) counts[row.name] = Number(row.n);
  return counts;
}

/** The tables whose counts differ, as "table: before -> after". */
export function diffCounts(before: TableCounts, after: TableCounts, ignore: ReadonlySet<string> = new Set()) {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignore.has(name)) continue;
    if (before[name] !== after[name]) changes.push(`${name}: ${before[name]} -> ${after[name]}`);
  }
  return changes;
}
