// Which errors mean "the database cannot be reached" (503 UNAVAILABLE) and which stay bugs or their own answer.
// The outage itself, on a PostgreSQL server that is stopped and started again: scripts/db-outage.test.ts.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises a refused or lost connection, PostgreSQL shutting down, and the pool timing out', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // Drizzle wraps the driver's error.
      Object.assign(new Error('Failed query: select 1'), { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves bugs and bad queries alone (they stay 500 or their own answer)', () => {
    for (const err of [
      new Error('boom'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      // The app's own pool closed (shutting down): a bug if a request gets there, not an outage.
      new Error('Cannot use a pool after calling end on the pool'),
      withCode('42P01', 'relation "x" does not exist'),
      Object.assign(new Error('Failed query: select x'), { cause: withCode('42703') }),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});
