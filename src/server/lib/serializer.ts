// Responses are written by code compiled once per route from the route's zod response schema: the schema becomes
// JSON Schema (zod's own converter, output side) and fast-json-stringify turns that into a serializer. Running zod
// on every response (fastify-type-provider-zod's serializerCompiler) cost most of the time of a list route
// (docs/benchmarks.md). The guarantee that matters stays: only the properties a schema declares are written (an
// object schema is closed, additionalProperties: false), so a field such as passwordHash never leaves by mistake.
// A schema JSON Schema cannot express (transforms, custom types, bigint, ...) keeps the zod serializer.
//
// Reference data that never changes while the server runs is serialized once, with a strong ETag: see
// precomputedJson / sendPrecomputed.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { z } from 'zod';
import { ResponseSerializationError, createSerializerCompiler } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;

/** zod types whose output JSON Schema cannot describe: zod writes `{}` for them, so they keep zod. */
const UNREPRESENTABLE = new Set([
  'bigint',
  'symbol',
  'undefined',
  'void',
  'nan',
  'custom',
  'function',
  'transform',
  'map',
  'set',
  'promise',
]);

const zodSerializerCompiler = createSerializerCompiler({});

/** `METHOD url status` of every response that fell back to zod, so a test can say which (ideally none). */
export const zodSerializedResponses = new Set<string>();

/** The JSON Schema of a zod schema's output, ready for fast-json-stringify; null if it cannot be represented. */
export function toSerializationSchema(schema: z.ZodType): JsonSchema | null {
  let representable = true;
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as { type: string; values?: unknown[] };
      if (def.type === 'date') {
        // A Date goes out as its ISO string, as JSON.stringify writes it.
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      } else if (UNREPRESENTABLE.has(def.type)) {
        representable = false;
      } else if (
        def.type === 'literal' &&
        def.values?.some((v) => v === undefined || typeof v === 'bigint')
      ) {
        representable = false;
      }
    },
  }) as JsonSchema;
  if (!representable) return null;
  delete json.$schema;
  return collapseNullable(json) as JsonSchema;
}

/**
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) as `X` + `nullable: true`: fast-json-stringify then checks
 * for null inline instead of running a JSON Schema validator on every value to pick the branch.
 */
function collapseNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, collapseNullable(v)]))
        : typeof value === 'object'
          ? collapseNullable(value)
          : value;
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (
      nullIndex !== -1 &&
      other &&
      typeof other.type === 'string' &&
      !other.anyOf &&
      !other.oneOf &&
      !other.$ref
    ) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** Fastify serializer compiler: fast-json-stringify from the route's zod schema, zod where that cannot work. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url, httpStatus } = routeSchema;
  const fallBack = () => {
    zodSerializedResponses.add(`${method} ${url} ${httpStatus}`);
    return zodSerializerCompiler(routeSchema as never);
  };
  if (!(schema instanceof z.ZodType)) return fallBack();
  let stringify: ((data: unknown) => string) | null = null;
  try {
    const json = toSerializationSchema(schema);
    if (json) stringify = fastJson(json as AnySchema);
  } catch {
    stringify = null; // a schema fast-json-stringify does not take: zod serializes this one
  }
  if (!stringify) return fallBack();
  const write = stringify;
  return (data: unknown) => {
    try {
      return write(data);
    } catch (err) {
      // A required property is missing, or a value cannot take its declared shape: the errors plugin answers 500.
      throw new ResponseSerializationError(method, url, { cause: err as never });
    }
  };
};

export interface PrecomputedJson {
  body: Buffer;
  etag: string;
}

/** Serializes a value through its response schema once (same output as the route would write) and tags it. */
export function precomputedJson(schema: z.ZodType, value: unknown): PrecomputedJson {
  const json = toSerializationSchema(schema);
  const text = json ? fastJson(json as AnySchema)(value) : JSON.stringify(schema.parse(value));
  const body = Buffer.from(text);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** True when If-None-Match names this entity tag (weak comparison, as RFC 9110 asks for this header) or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a precomputed body, or 304 Not Modified when the client already has it. */
export function sendPrecomputed(
  req: FastifyRequest,
  reply: FastifyReply,
  pre: PrecomputedJson,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', pre.etag);
  if (matchesEtag(req.headers['if-none-match'], pre.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(pre.body);
}
