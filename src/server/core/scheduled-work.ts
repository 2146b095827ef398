// Work that happens later, one mechanism for all of it (decision 0033): items in the scheduled_work table, written
// in the writer's transaction like any row, and a worker in every instance that claims the due ones (FOR UPDATE
// SKIP LOCKED: each item runs on one instance) and runs them. A claim holds the item for a lease: if its instance
// stops or dies before finishing, the item runs again once the lease passed, on whichever instance claims it. An
// item that fails is tried again later (with a growing pause, a few times); a recurring kind keeps one item that
// moves forward after each run, so it runs once per interval across all instances. What an item runs is ordinary
// code: its writes publish events on the app's bus like any other.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '#server/db/client';
import * as repo from './scheduled-work.repo.ts';

/** The kinds of scheduled work and their payloads. */
export interface WorkKinds {
  /**
   * Notification mail (decision 0043): composes what is due into the outbox and sends it, every
   * NOTIFICATION_DIGEST_SECONDS across all instances (a commit with new notifications also wakes its instance).
   */
  notificationMail: Record<string, never>;
  /** A message still unread MESSAGE_UNREAD_AFTER_MS after it arrived; keyed by its conversation and receiver. */
  messageUnread: { messageId: string };
  /** A completion request unanswered for 7 days confirms itself (decision 0039); due then, keyed by the job. */
  jobAutoConfirm: { jobId: string };
  /** A pending bid's quote reaches the end of its validUntil date; keyed by the quote. */
  quoteExpiry: { bidId: string; quoteId: string };
  /** A completed job's review window closes: whatever was written is published (decision 0044); keyed by the job. */
  reviewWindowClose: { jobId: string };
  /** A reminder to review, at completion and before the window closes; keyed by the job and stage. */
  reviewReminder: { jobId: string; stage: 'completed' | 'closing' };
  /** A verified credential's expiry reminder, 30 and 7 days before (decision 0045); keyed by credential and days. */
  credentialReminder: { credentialId: string; daysBefore: number };
  /** A denied or expired credential's document is deleted 90 days later; keyed by the credential. */
  credentialDocumentPurge: { credentialId: string };
  /**
   * A site visit's mail with its calendar invite (decision 0049), to both parties: at once when a slot is chosen
   * ('confirmed'), and 24 hours before it ('reminder', with the street address); keyed by the visit and stage.
   */
  siteVisitMail: { visitId: string; stage: 'confirmed' | 'reminder' };
  /** A confirmed site visit's slot ended: it is done; keyed by the visit. */
  siteVisitEnded: { visitId: string };
  /**
   * A proposed site visit's last slot starts: if none was chosen by then, the proposal is cancelled and the
   * provider told; scheduled with the proposal, keyed by the visit.
   */
  siteVisitProposalExpiry: { visitId: string };
}

export interface WorkItem<P> {
  id: string;
  payload: P;
  /** Runs started, this one included. */
  attempts: number;
}
export type WorkHandler<P> = (item: WorkItem<P>) => Promise<void>;

/** Scheduled work over a map of kinds to payloads (the app's: WorkKinds). */
export interface ScheduledWork<Kinds = WorkKinds> {
  /** Who claims here (host, process and a random part): written on the items this instance runs. */
  readonly instanceId: string;
  /** Runs the items of `kind` on this instance; an instance claims only the kinds it has a handler for. */
  handle<K extends keyof Kinds & string>(
    kind: K,
    run: WorkHandler<Kinds[K]>,
    opts?: { leaseMs?: number; maxAttempts?: number },
  ): void;
  /** Runs `kind` every `everyMs` across all instances: one item of it, moved forward after each run. */
  every<K extends keyof Kinds & string>(kind: K, everyMs: number, run: WorkHandler<Kinds[K]>): void;
  /**
   * Adds an item, on `db` (the writer's transaction: the item exists exactly when the write does). Due now unless
   * `dueAt`; with a `key`, nothing when an unfinished item has that key.
   */
  schedule<K extends keyof Kinds & string>(
    db: Executor,
    kind: K,
    payload: Kinds[K],
    opts?: { dueAt?: Date; key?: string },
  ): Promise<void>;
  /** Claims and runs what is due now; how many items it claimed. The worker calls it; so may tests. */
  runDue(): Promise<number>;
  /** Starts the worker (and puts each recurring kind's item in place). */
  start(): Promise<void>;
  /**
   * Stops claiming and waits for the items running here, at most `stopWaitMs`: one still running then stays
   * claimed, and runs again elsewhere once its lease passed.
   */
  stop(): Promise<void>;
}

export interface ScheduledWorkOptions {
  db: Db;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often the worker looks for due items (default 1 s). */
  pollMs?: number;
  /** How long a claim holds an item unless its kind says otherwise (default 5 minutes). */
  leaseMs?: number;
  /** How long stop() waits for the items running here (default 5 s). */
  stopWaitMs?: number;
}

/** Items claimed at once; a full batch is followed by the next one at once. */
const BATCH = 10;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Finished items are kept this long (what ran, and what was given up on), then purged. */
const KEEP_FINISHED_MS = 7 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

interface Handler {
  run: WorkHandler<unknown>;
  leaseMs: number;
  maxAttempts: number;
  /** Set for a recurring kind: the pause between its runs. */
  everyMs?: number;
}

/** The pause before the next attempt after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
const retryPauseMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export function createScheduledWork<Kinds = WorkKinds>(opts: ScheduledWorkOptions): ScheduledWork<Kinds> {
  const { db, now, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const defaultLeaseMs = opts.leaseMs ?? 5 * 60_000;
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, Handler>();
  const running = new Set<Promise<unknown>>();
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let lastPurge = 0;
  /** Polls that failed in a row (the database unreachable): the next one waits longer, up to a minute. */
  let failures = 0;

  const later = (ms: number) => new Date(now().getTime() + ms);

  function ensureRecurring(kind: string, everyMs: number) {
    return repo.ensureRecurring(db, kind, later(everyMs));
  }

  async function runOne(item: repo.ScheduledWorkRow) {
    const handler = handlers.get(item.kind);
    if (!handler) return;
    let lastError: string | null = null;
    try {
      await handler.run({ id: item.id, payload: item.payload, attempts: item.attempts });
    } catch (err) {
      lastError = errorText(err);
      log.warn({ err, kind: item.kind, itemId: item.id, attempts: item.attempts }, 'scheduled work failed');
    }
    if (handler.everyMs !== undefined) {
      // A recurring item moves forward whether its run failed or not; a run that worked starts its count again.
      await repo.release(db, item.id, instanceId, {
        dueAt: later(handler.everyMs),
        lastError,
        resetAttempts: lastError === null,
      });
    } else if (lastError === null) {
      await repo.finish(db, item.id, instanceId, now(), null);
    } else if (item.attempts >= handler.maxAttempts) {
      await repo.finish(db, item.id, instanceId, now(), lastError);
      log.error({ kind: item.kind, itemId: item.id }, 'scheduled work given up after its last attempt');
    } else {
      await repo.release(db, item.id, instanceId, {
        dueAt: later(retryPauseMs(item.attempts)),
        lastError,
        resetAttempts: false,
      });
    }
  }

  async function runDue(): Promise<number> {
    if (handlers.size === 0) return 0;
    const t = now();
    if (t.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = t.getTime();
      await repo.purgeFinished(db, new Date(t.getTime() - KEEP_FINISHED_MS));
    }
    const items = await repo.claimDue(db, {
      kinds: [...handlers].map(([kind, h]) => ({ kind, leaseMs: h.leaseMs })),
      by: instanceId,
      now: t,
      limit: BATCH,
    });
    for (const item of items) await runOne(item);
    return items.length;
  }

  /** Runs `work` counted among what stop() waits for. */
  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  }

  function poll(delayMs: number) {
    if (!started) return;
    timer = setTimeout(() => {
      timer = null;
      track(runDue()).then(
        (claimed) => {
          failures = 0;
          poll(claimed === BATCH ? 0 : pollMs);
        },
        (err: unknown) => {
          failures++;
          log.error({ err, failures }, 'scheduled work: looking for due items failed');
          poll(Math.min(pollMs * 2 ** failures, 60_000));
        },
      );
    }, delayMs);
    timer.unref();
  }

  return {
    instanceId,
    handle(kind, run, o = {}) {
      handlers.set(kind, {
        run: run as WorkHandler<unknown>,
        leaseMs: o.leaseMs ?? defaultLeaseMs,
        maxAttempts: o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },
    every(kind, everyMs, run) {
      handlers.set(kind, {
        run: run as WorkHandler<unknown>,
        leaseMs: defaultLeaseMs,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
        everyMs,
      });
      if (started) {
        void track(ensureRecurring(kind, everyMs)).catch((err: unknown) =>
          log.error({ err, kind }, 'scheduled work: putting a recurring item in place failed'),
        );
      }
    },
    async schedule(on, kind, payload, o = {}) {
      await repo.insertItem(on, { kind, key: o.key ?? null, payload, dueAt: o.dueAt ?? now() });
    },
    runDue: () => track(runDue()),
    async start() {
      if (started) return;
      started = true;
      for (const [kind, h] of handlers) {
        if (h.everyMs !== undefined) await ensureRecurring(kind, h.everyMs);
      }
      poll(pollMs);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running.size === 0) return;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          waited = setTimeout(resolve, opts.stopWaitMs ?? 5000);
          waited.unref();
        }),
      ]);
      clearTimeout(waited);
    },
  };
}
