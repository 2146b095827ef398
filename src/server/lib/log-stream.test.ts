// Log lines go out in the order they were written, every line of a turn in one write, by the next turn; what waits
// is written at once when the process exits.
import { describe, expect, it } from 'vitest';
import { linesPerTurn } from './log-stream.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('log lines', () => {
  it('reach the output in order, the lines of one turn in one write, by the next turn', async () => {
    const writes: string[] = [];
    const sink = linesPerTurn({ write: (chunk) => void writes.push(chunk) });
    sink.write('{"msg":"a"}\n');
    sink.write('{"msg":"b"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n']);
    sink.write('{"msg":"c"}\n');
    await nextTurn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n', '{"msg":"c"}\n']);
  });

  it('hands over the waiting lines at once when asked, as at exit, and nothing twice', async () => {
    const writes: string[] = [];
    const sink = linesPerTurn({ write: (chunk) => void writes.push(chunk) });
    sink.write('{"msg":"last"}\n');
    sink.handOver();
    expect(writes).toEqual(['{"msg":"last"}\n']);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"last"}\n']);
  });
});
