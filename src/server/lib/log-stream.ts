// Where the JSON log lines go outside development: stdout, written by pino's own writer (sonic-boom: partial writes
// and a busy pipe retried), the lines of one turn of the event loop together, in one write at the turn's end. Under
// load each request's line was a write of its own, handed to the thread pool, about a fifth of the server's time on
// a small route; now a turn's lines cost one write on the main thread, a turn later at most. The write is
// synchronous: a reader that cannot keep up slows the server rather than letting the log grow in memory. Lines
// still waiting when the process exits are written before it ends.
import pino from 'pino';

export interface LineSink {
  write(lines: string): void;
}

/** Gathers the lines written during a turn and passes them to `out` in one write when the turn ends, in order. */
export function linesPerTurn(out: LineSink): LineSink & { handOver(): void } {
  let lines = '';
  let scheduled = false;
  const handOver = () => {
    scheduled = false;
    if (lines === '') return;
    const chunk = lines;
    lines = '';
    out.write(chunk);
  };
  return {
    write(line) {
      lines += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(handOver);
      }
    },
    handOver,
  };
}

let stdout: LineSink | undefined;

/** The process's one stdout log stream (every app built in the process shares it). */
export function stdoutLogStream(): LineSink {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: true });
    const sink = linesPerTurn(destination);
    process.on('exit', () => {
      sink.handOver();
      destination.flushSync();
    });
    stdout = sink;
  }
  return stdout;
}
