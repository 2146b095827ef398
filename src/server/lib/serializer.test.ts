import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema, sessionResponseSchema } from '#domain/schemas/user.schema';
import errorsPlugin from '#server/plugins/errors';
import { createTestApp } from '#server/test/test-app';
import {
  matchesEtag,
  precomputedJson,
  serializerCompiler,
  toSerializationSchema,
  zodSerializedResponses,
} from './serializer.ts';

const userRow = {
  id: 'u1',
  email: 'ann@example.test',
  role: 'customer',
  firstName: 'Ann',
  lastName: 'Lee',
  emailVerified: true,
  subscriptionPlan: 'free',
  createdAt: '2026-01-02T03:04:05.000Z',
  lastActiveAt: null,
  adminExpiresAt: null,
  // Not in the schema: must never be written.
  passwordHash: '$argon2id$v=19$secret',
  resetToken: 'tok',
};

async function server() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.get('/user', { schema: { response: { 200: publicUserSchema } } }, async () => userRow as never);
  app.get(
    '/users',
    { schema: { response: { 200: z.array(publicUserSchema) } } },
    async () => [userRow] as never,
  );
  app.get('/session', { schema: { response: { 200: sessionResponseSchema } } }, async (req) =>
    req.query && (req.query as { anon?: string }).anon
      ? { isAuthenticated: false, user: null }
      : ({ isAuthenticated: true, user: userRow } as never),
  );
  app.get(
    '/nested',
    {
      schema: {
        response: {
          200: z.object({
            items: z.array(z.object({ id: z.number(), tags: z.array(z.string()).nullable() })),
            meta: z.record(z.string(), z.number()).optional(),
            at: z.date(),
          }),
        },
      },
    },
    async () =>
      ({
        items: [{ id: 1, tags: null, secret: 'x' }],
        meta: { a: 1 },
        at: new Date('2026-11-23T10:00:00.000Z'),
        extra: 'x',
      }) as never,
  );
  app.get(
    '/broken',
    { schema: { response: { 200: z.object({ must: z.string() }) } } },
    async () => ({}) as never,
  );
  app.get(
    '/transformed',
    { schema: { response: { 200: z.object({ n: z.string().transform((s) => s.length) }) } } },
    async () => ({ n: 3 }) as never,
  );
  return app;
}

let app: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  app = await server();
});
afterAll(() => app.close());

describe('responses serialized from their schema', () => {
  it('never writes a field the schema does not declare (a user row with its password hash)', async () => {
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('resetToken');
    const { passwordHash: _p, resetToken: _r, ...declared } = userRow;
    expect(res.json()).toEqual(declared);
  });

  it('drops undeclared fields inside arrays and nullable objects too', async () => {
    const list = await app.inject({ method: 'GET', url: '/users' });
    expect(list.body).not.toContain('passwordHash');
    expect(list.json()).toHaveLength(1);
    const session = await app.inject({ method: 'GET', url: '/session' });
    expect(session.body).not.toContain('passwordHash');
    expect(session.json()).toMatchObject({ isAuthenticated: true, user: { email: 'ann@example.test' } });
    const anonymous = await app.inject({ method: 'GET', url: '/session?anon=1' });
    expect(anonymous.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('writes nested lists, nullable values, records and dates as JSON.stringify would', async () => {
    const res = await app.inject({ method: 'GET', url: '/nested' });
    expect(res.json()).toEqual({
      items: [{ id: 1, tags: null }],
      meta: { a: 1 },
      at: '2026-11-23T10:00:00.000Z',
    });
  });

  it('answers 500 in the error shape when a required field is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side',
      code: 'INTERNAL',
      requestId: expect.any(String),
    });
  });

  it('keeps zod for a schema JSON Schema cannot express', async () => {
    expect(toSerializationSchema(z.object({ n: z.string().transform(Number) }))).toBeNull();
    expect(zodSerializedResponses).toContain('GET /transformed 200');
    expect(zodSerializedResponses).not.toContain('GET /user 200');
  });

  it('collapses nullable into one schema (no validator run per value)', () => {
    const json = toSerializationSchema(sessionResponseSchema) as {
      properties: { user: { type: string; nullable: boolean; anyOf?: unknown } };
    };
    expect(json.properties.user).toMatchObject({
      type: 'object',
      nullable: true,
      additionalProperties: false,
    });
    expect(json.properties.user.anyOf).toBeUndefined();
  });
});

describe('every route of the app', () => {
  it('is serialized from its JSON schema, none by zod', async () => {
    zodSerializedResponses.clear();
    const t = await createTestApp();
    await t.app.ready();
    expect([...zodSerializedResponses]).toEqual([]);
    await t.close();
  });
});

describe('precomputed bodies', () => {
  const schema = z.array(z.object({ id: z.number() }));

  it('serializes once through the schema, with a strong ETag that follows the content', () => {
    const a = precomputedJson(schema, [{ id: 1, hidden: true }]);
    expect(a.body.toString()).toBe('[{"id":1}]');
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(precomputedJson(schema, [{ id: 1 }]).etag).toBe(a.etag);
    expect(precomputedJson(schema, [{ id: 2 }]).etag).not.toBe(a.etag);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag(undefined, '"x"')).toBe(false);
    expect(matchesEtag('"y"', '"x"')).toBe(false);
    expect(matchesEtag('"y", "x"', '"x"')).toBe(true);
    expect(matchesEtag('W/"x"', '"x"')).toBe(true);
    expect(matchesEtag('*', '"x"')).toBe(true);
  });
});
