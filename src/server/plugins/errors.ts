// One error shape for every failure: { error, code, fields?, requestId }. A 500 never carries a stack or SQL.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, errorStatus, type ErrorCode } from '#server/errors';
import { redactUrl } from '#server/logger';
import { securityEvent } from '#server/lib/security-log';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '#server/db/unavailable';

/** How long a client should wait before retrying while the database cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 5;

const codeForStatus = (status: number): ErrorCode =>
  status === 400
    ? 'BAD_REQUEST'
    : ((Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
      (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'));

/** "POST /api/auth/login": the route's pattern, never the path with its values. */
const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? '(no route)'}`;

export default fp(
  async function errorsPlugin(app) {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      const requestId = req.id;
      if (err instanceof AppError) {
        if (err.code === 'RATE_LIMITED') req.log.warn({ path: redactUrl(req.url) }, 'rate limited');
        // The per-route and global limits (@fastify/rate-limit); per-account refusals log auth.lockout themselves.
        if (err.code === 'RATE_LIMITED' && !(err instanceof RateLimitedError)) {
          securityEvent('rate_limit.exceeded', { userId: req.user?.id ?? null, route: routeOf(req) }, req);
        }
        if (
          err.code === 'FORBIDDEN' ||
          err.code === 'TWO_STEP_REQUIRED' ||
          err.code === 'EMAIL_NOT_VERIFIED'
        ) {
          securityEvent(
            'access.denied',
            {
              userId: req.user?.id ?? null,
              route: routeOf(req),
              reason: err.message,
            },
            req,
          );
        }
        if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.status).send({
          error: err.message,
          code: err.code,
          ...(err.fields ? { fields: err.fields } : {}),
          requestId,
        });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields: Record<string, string> = {};
        for (const issue of err.validation) {
          const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
          fields[path] ??= issue.message ?? 'Invalid value';
        }
        const first = Object.values(fields)[0] ?? 'Invalid request';
        // The web client checks the same schemas first, so a refused body is mostly a hand-made request.
        securityEvent(
          'input.rejected',
          {
            userId: req.user?.id ?? null,
            route: routeOf(req),
            fields: Object.keys(fields),
          },
          req,
        );
        return reply.status(400).send({ error: first, code: 'VALIDATION', fields, requestId });
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err, issues: err.cause }, 'response did not match its schema');
        return reply
          .status(500)
          .send({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId });
      }
      if (isDatabaseUnavailable(err)) {
        // One short line per request, not the failed SQL and its stack: during an outage every request lands here.
        req.log.warn(
          { path: redactUrl(req.url), cause: (err.cause as Error | undefined)?.message ?? err.message },
          'database unavailable',
        );
        reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
        return reply
          .status(503)
          .send({ error: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE', requestId });
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) {
        req.log.error({ err }, 'request failed');
        return reply
          .status(500)
          .send({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId });
      }
      const code = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : codeForStatus(status);
      const message =
        code === 'PAYLOAD_TOO_LARGE'
          ? 'The request body is too large (the limit is 1 MiB)'
          : code === 'RATE_LIMITED'
            ? 'Too many requests. Please wait a moment and try again.'
            : err.message;
      return reply.status(status).send({ error: message, code, requestId });
    });
  },
  { name: 'errors' },
);
