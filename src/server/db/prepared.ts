// The busiest reads (the session lookup, the posted and task lists, the conversation list, the admin Users tab) are
// built once per database handle and variant and run as named prepared statements: building the SQL and planning
// it again on every request cost as much as running it.
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
