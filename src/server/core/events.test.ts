// The event bus on a real database: transaction-phase handlers write with the writer and roll back with it,
// after-commit handlers hear only committed writes (in publishing order), a handler's event can publish another,
// and a publish in a transaction the bus did not open is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { createEventBus } from './events.ts';

interface TestEvents {
  noted: { text: string };
  echoed: { text: string };
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table bus_notes (text text not null)`);
});
afterAll(async () => {
  await database?.close();
});

const note = (tx: Executor, text: string) => tx.execute(sql`insert into bus_notes (text) values (${text})`);
const notes = async () =>
  (await database.db.execute<{ text: string }>(sql`select text from bus_notes order by text`)).rows.map(
    (r) => r.text,
  );

function bus() {
  const errors: string[] = [];
  const events = createEventBus<TestEvents>({
    db: database.db,
    onError: (err, name) => errors.push(`${name}: ${(err as Error).message}`),
  });
  return { events, errors };
}

describe('the event bus', () => {
  it('runs transaction handlers in the write and after-commit handlers once it committed, in order', async () => {
    const { events } = bus();
    const heard: string[] = [];
    events.inTransaction('noted', (tx, e) => note(tx, `row of ${e.text}`).then(() => {}));
    events.afterCommit('noted', async (e) => {
      // The write is visible to others when after-commit handlers run.
      heard.push(`${e.text} (${(await notes()).includes(`row of ${e.text}`) ? 'committed' : 'missing'})`);
    });
    await events.transaction(async (tx) => {
      await events.publish(tx, 'noted', { text: 'a1' });
      await events.publish(tx, 'noted', { text: 'a2' });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['a1 (committed)', 'a2 (committed)']);
  });

  it('tells no after-commit handler of a write that rolled back, and a failing transaction handler rolls it back', async () => {
    const { events } = bus();
    const heard: string[] = [];
    events.inTransaction('noted', async (tx, e) => {
      await note(tx, `row of ${e.text}`);
      if (e.text === 'refused') throw new Error('handler refused');
    });
    events.afterCommit('noted', (e) => void heard.push(e.text));
    await expect(
      events.transaction(async (tx) => {
        await note(tx, 'the write itself');
        await events.publish(tx, 'noted', { text: 'b1' });
        throw new Error('the writer changed its mind');
      }),
    ).rejects.toThrow('the writer changed its mind');
    await expect(
      events.transaction(async (tx) => {
        await note(tx, 'the refused write');
        await events.publish(tx, 'noted', { text: 'refused' });
      }),
    ).rejects.toThrow('handler refused');
    expect(heard).toEqual([]);
    const rows = await notes();
    for (const text of ['the write itself', 'row of b1', 'the refused write', 'row of refused']) {
      expect(rows).not.toContain(text);
    }
  });

  it('lets a transaction handler publish in the same transaction; an after-commit failure is logged, the write stands', async () => {
    const { events, errors } = bus();
    const heard: string[] = [];
    events.inTransaction('noted', (tx, e) => events.publish(tx, 'echoed', { text: `echo of ${e.text}` }));
    events.inTransaction('echoed', (tx, e) => note(tx, e.text).then(() => {}));
    events.afterCommit('echoed', (e) => void heard.push(e.text));
    events.afterCommit('noted', () => {
      throw new Error('socket gone');
    });
    await events.transaction((tx) => events.publish(tx, 'noted', { text: 'c1' }));
    expect(heard).toEqual(['echo of c1']);
    expect(await notes()).toContain('echo of c1');
    expect(errors).toEqual(['noted: socket gone']);
  });

  it('treats a publish on the database itself as committed, and refuses one in a transaction it did not open', async () => {
    const { events } = bus();
    const heard: string[] = [];
    events.inTransaction('noted', (tx, e) => note(tx, `own transaction of ${e.text}`).then(() => {}));
    events.afterCommit('noted', (e) => void heard.push(e.text));
    await events.publish(database.db, 'noted', { text: 'd1' });
    expect(heard).toEqual(['d1']);
    expect(await notes()).toContain('own transaction of d1');
    await expect(
      database.db.transaction((tx) => events.publish(tx, 'noted', { text: 'd2' })),
    ).rejects.toThrow('the event bus did not open');
    expect(heard).toEqual(['d1']);
  });
});
