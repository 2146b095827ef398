// The busiest reads (the session lookup, the posted and task lists, the conversation list, the admin Users tab) are
// built once per database handle and variant and run as named prepared statements: building the SQL and planning
// it again on every request cost as much as running it.
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * A cache of what `build` makes for a database handle and a key (a statement, or a set of them for one filter
 * combination); an entry goes with its handle.
 */
export function perDatabase<T>(): (db: Executor, key: string, build: () => T) => T {
  const byDb = new WeakMap<Executor, Map<string, T>>();
  return (db, key, build) => {
    let byKey = byDb.get(db);
    if (!byKey) byDb.set(db, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = build()));
    return value;
  };
}

const rawDialect = new PgDialect();

/**
 * A statement written in SQL, built once per database handle and run as a named prepared statement, as the query
 * builder's .prepare(name) does (the posted lists, the session lookup): with db.execute the text was built again
 * and PostgreSQL parsed and planned it again on every call (planning took as long as running the conversation
 * list). The same path as db.execute (the session's prepareQuery, no result mapping), with a name.
 */
export function preparedSql<Row>(name: string, build: () => SQL) {
  type Statement = PgPreparedQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>;
  const statements = perDatabase<Statement>();
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const statement = statements(
      db,
      name,
      () => db._.session.prepareQuery(rawDialect.sqlToQuery(build()), undefined, name, false) as Statement,
    );
    return (await statement.execute(values)).rows;
  };
}
