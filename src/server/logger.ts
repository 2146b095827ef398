import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';
import { logSafeError } from './lib/log-safe-error.ts';
import { stdoutLogStream } from './lib/log-stream.ts';

/** Query parameters that carry a secret (the email verification link's token): never logged. */
const SECRET_PARAMS = /([?&](?:token|code)=)[^&#]*/gi;

/** The URL as it may be logged: `token=...` becomes `token=[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Health checks are polled all the time: logged only at debug. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Structured JSON logs in production, pretty ones in development (one line each); secrets never logged. Fastify's
 * own two entries per request are off (app.ts): logRequest writes one line per request instead.
 */
export function loggerOptions(
  config: AppConfig,
  /** Where the JSON lines go instead of stdout (tests). */
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // Typed loosely by pino's contract; logSafeError returns a plain object for every Error.
      err: logSafeError as (err: Error) => { type: string; message: string; stack: string },
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    ...(stream
      ? { stream }
      : config.NODE_ENV === 'development'
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                translateTime: 'HH:MM:ss',
                singleLine: true,
                // The request line says it all in its message; its fields are for the JSON logs.
                ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
              },
            },
          }
        : // stdout, each turn's lines in one write (lib/log-stream.ts).
          { stream: stdoutLogStream() }),
  };
}

/** The one log line of a request, written when its response has gone out (an onResponse hook, no promise). */
export function logRequest(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const url = redactUrl(req.url);
  const responseTime = Math.round(reply.elapsedTime);
  const level = QUIET_PATHS.has(req.url.split('?')[0] ?? '') ? 'debug' : 'info';
  req.log[level](
    { method: req.method, url, statusCode: reply.statusCode, responseTime },
    `${req.method} ${url} ${reply.statusCode} ${responseTime}ms`,
  );
  done();
}
