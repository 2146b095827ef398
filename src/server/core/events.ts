// A typed event bus, one per app. A feature that writes publishes what happened; it does not know who listens.
// Handlers come in two phases:
// - in the transaction: the handler gets the writer's transaction, for rows that must exist exactly when the write
//   does (notifications, a NOTIFY to the other instances); if it throws, the write rolls back.
// - after commit: the handler runs once the writer's transaction committed (push to sockets, drop caches), never
//   for a write that rolled back; its failure is logged and the write stands.
// Events are published inside `bus.transaction(...)`. A write made on the database itself (no transaction) has
// committed when it is published: its transaction-phase handlers then share a transaction of their own.
import type { Db, Executor } from '#server/db/client';

export type TransactionHandler<P> = (tx: Executor, payload: P) => Promise<void>;
export type AfterCommitHandler<P> = (payload: P) => void | Promise<void>;

export interface EventBus<M> {
  /** Runs `handler` in the writer's transaction for every `name` published; returns what removes it. */
  inTransaction<K extends keyof M>(name: K, handler: TransactionHandler<M[K]>): () => void;
  /** Runs `handler` once the writer's transaction committed, for every `name` published; returns what removes it. */
  afterCommit<K extends keyof M>(name: K, handler: AfterCommitHandler<M[K]>): () => void;
  /**
   * Runs `fn` in a transaction whose published events reach the after-commit handlers once it committed (in the
   * order they were published, before this returns); nothing reaches them when it rolls back.
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Publishes an event of the write made on `db`: a transaction opened by `transaction` (its transaction-phase
   * handlers run now, in it; the after-commit ones wait for the commit), or the database itself.
   */
  publish<K extends keyof M>(db: Executor, name: K, payload: M[K]): Promise<void>;
}

export interface EventBusOptions {
  /** The app's database: a publish on it (outside a transaction) is of a write that has committed. */
  db: Db;
  /** An after-commit handler failed (the write stands): log it. */
  onError: (err: unknown, name: string) => void;
}

export function createEventBus<M>(opts: EventBusOptions): EventBus<M> {
  const inTx = new Map<keyof M, TransactionHandler<never>[]>();
  const after = new Map<keyof M, AfterCommitHandler<never>[]>();
  /** The transactions `transaction` opened and not yet finished, with what waits for their commit. */
  const open = new WeakMap<Executor, (() => Promise<void>)[]>();

  function add<H>(handlers: Map<keyof M, H[]>, name: keyof M, handler: H): () => void {
    const list = handlers.get(name) ?? [];
    handlers.set(name, [...list, handler]);
    return () =>
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((h) => h !== handler),
      );
  }

  async function runAfterCommit(waiting: (() => Promise<void>)[]) {
    for (const run of waiting) await run();
  }

  const bus: EventBus<M> = {
    inTransaction: (name, handler) => add(inTx, name, handler as TransactionHandler<never>),
    afterCommit: (name, handler) => add(after, name, handler as AfterCommitHandler<never>),

    async transaction(fn) {
      const waiting: (() => Promise<void>)[] = [];
      const result = await opts.db.transaction(async (tx) => {
        open.set(tx, waiting);
        try {
          return await fn(tx);
        } finally {
          open.delete(tx);
        }
      });
      await runAfterCommit(waiting);
      return result;
    },

    async publish(db, name, payload) {
      const waiting = open.get(db);
      if (!waiting) {
        if (db !== opts.db) {
          throw new Error(
            `Event ${String(name)} published in a transaction the event bus did not open (use its transaction())`,
          );
        }
        if ((inTx.get(name) ?? []).length > 0) {
          await bus.transaction((tx) => bus.publish(tx, name, payload));
        } else {
          await runAfterCommit(afterCommitRuns(name, payload));
        }
        return;
      }
      for (const handler of inTx.get(name) ?? []) {
        await (handler as TransactionHandler<M[typeof name]>)(db, payload);
      }
      waiting.push(...afterCommitRuns(name, payload));
    },
  };

  function afterCommitRuns<K extends keyof M>(name: K, payload: M[K]): (() => Promise<void>)[] {
    return (after.get(name) ?? []).map((handler) => async () => {
      try {
        await (handler as AfterCommitHandler<M[K]>)(payload);
      } catch (err) {
        opts.onError(err, String(name));
      }
    });
  }

  return bus;
}
