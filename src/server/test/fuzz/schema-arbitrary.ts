// Values shaped like a route's schema but hostile, derived from the zod schema through its JSON Schema
// (z.toJSONSchema): the required keys, types, lengths, bounds, enums and formats tell where the edges are.
import fc from 'fast-check';
import { z } from 'zod';
import { fromEntries, hostileKeys, hostileString, hostileValue, setKey } from './hostile.ts';

/** The part of JSON Schema that z.toJSONSchema emits and that the fuzz reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The JSON Schema of a zod schema (its input side), or {} ("anything") when zod cannot express it. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

interface Ctx {
  root: JsonSchema;
  depth: number;
}

function resolve(js: JsonSchema, ctx: Ctx): JsonSchema {
  let current = js;
  for (let i = 0; i < 10 && current.$ref; i++) {
    const name = current.$ref.replace(/^#\/\$defs\//, '');
    current = current.$ref === '#' ? ctx.root : (ctx.root.$defs?.[name] ?? {});
  }
  return current;
}

const typeOf = (js: JsonSchema): string | undefined => {
  const t = Array.isArray(js.type) ? js.type.find((x) => x !== 'null') : js.type;
  if (t) return t;
  if (js.properties) return 'object';
  if (js.items) return 'array';
  return undefined;
};

const lowerBound = (js: JsonSchema, integer: boolean) =>
  js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + (integer ? 1 : 0.001) : undefined);
const upperBound = (js: JsonSchema, integer: boolean) =>
  js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - (integer ? 1 : 0.001) : undefined);

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');

/** A plausible email: the shape zod's email check accepts. */
const emailArb = fc
  .tuple(fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 12 }), fc.nat(1_000_000))
  .map(([local, n]) => `${local}${n}@example.com`);

/** A string within the length bounds that most text rules accept: starts "Aa1" (so password rules pass too). */
function plainString(min: number, max: number): fc.Arbitrary<string> {
  const lo = Math.max(min, 0);
  const hi = Math.max(lo, Math.min(max, lo + 24));
  const unit = fc.constantFrom(...ALNUM);
  if (hi < 3) return fc.string({ unit, minLength: lo, maxLength: hi });
  return fc.string({ unit, minLength: Math.max(lo - 3, 0), maxLength: hi - 3 }).map((s) => `Aa1${s}`);
}

function validString(js: JsonSchema): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = js.maxLength ?? 64;
  if (js.format === 'email') return emailArb;
  if (js.format === 'uuid') return fc.uuid();
  if (js.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (js.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const plain = plainString(min, max);
  if (!js.pattern) return plain;
  let re: RegExp;
  try {
    re = new RegExp(js.pattern, 'u');
  } catch {
    return plain;
  }
  // A pattern that begins with a literal (`^/`, `^https://`) gets that prefix; anything else keeps the plain
  // string, which already satisfies the usual "a lower, an upper and a digit" rule.
  const prefix = /^\^((?:[\w/:.-]|\\[/.-])+)/.exec(js.pattern)?.[1]?.replace(/\\/g, '') ?? '';
  return plain.map((s) => {
    if (re.test(s)) return s;
    const withPrefix = (prefix + s).slice(0, Math.max(max, prefix.length + 1));
    return re.test(withPrefix) ? withPrefix : s;
  });
}

/** A value the schema probably accepts (cross-field rules aside; see mirrorConfirmations). */
export function validArb(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const js = resolve(schema, ctx);
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum?.length) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, ctx)));
  if (js.allOf?.length) return validArb({ ...js.allOf[0], ...js, allOf: undefined }, ctx);
  switch (typeOf(js)) {
    case 'string':
      return validString(js);
    case 'integer': {
      const lo = lowerBound(js, true) ?? 0;
      const hi = upperBound(js, true) ?? lo + 1000;
      return fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.min(hi, lo + 1000)) });
    }
    case 'number': {
      const lo = lowerBound(js, false) ?? 0;
      const hi = upperBound(js, false) ?? lo + 1000;
      return fc.double({ min: lo, max: Math.min(hi, lo + 1000), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = js.minItems ?? 0;
      const max = Math.min(js.maxItems ?? min + 3, min + 3);
      return fc.array(js.items ? validArb(js.items, ctx) : fc.string(), { minLength: min, maxLength: max });
    }
    case 'object':
      return validObject(js, ctx);
    default:
      return fc.string({ maxLength: 20 });
  }
}

/**
 * A field named confirmX (confirmPassword) repeats X: without it no sign-up body would ever get past
 * validation to the code behind it.
 */
export function mirrorConfirmations(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const m = /^confirm([A-Z])(.*)$/.exec(key);
    if (!m) continue;
    const source = `${m[1]!.toLowerCase()}${m[2]}`;
    if (source in obj) setKey(obj, key, obj[source]);
  }
  return obj;
}

function validObject(js: JsonSchema, ctx: Ctx): fc.Arbitrary<Record<string, unknown>> {
  const props = js.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) model[k] = validArb(props[k]!, { ...ctx, depth: ctx.depth + 1 });
  return fc
    .record(model, { requiredKeys: js.required?.filter((k) => k in props) ?? [] })
    .map((o) => mirrorConfirmations({ ...o }) as Record<string, unknown>);
}

/** Values at and just past every bound of the schema, and near-misses of its enums and formats. */
export function boundaryArb(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const js = resolve(schema, ctx);
  const values: unknown[] = [];
  if (js.enum?.length || js.const !== undefined) {
    for (const e of js.enum ?? [js.const]) {
      values.push(e);
      if (typeof e === 'string') values.push(e.toUpperCase(), ` ${e}`, `${e}\u0000`, `${e}x`, '');
      if (typeof e === 'boolean') values.push(String(e), e ? 1 : 0, !e);
      if (typeof e === 'number') values.push(String(e), e + 1, e - 1, e + 0.5);
    }
  }
  switch (typeOf(js)) {
    case 'string': {
      const min = js.minLength ?? 0;
      const max = js.maxLength;
      for (const n of [min - 1, min, min + 1, max, max !== undefined ? max + 1 : 10_000]) {
        if (n !== undefined && n >= 0) values.push('A'.repeat(n), 'é'.repeat(n), '\u0000'.repeat(n));
      }
      if (max !== undefined && max > 0) values.push(` ${'A'.repeat(max)} `, `${'a'.repeat(max - 1)}\u0000`);
      if (js.format === 'email') {
        values.push(
          'a@b',
          'a@example.com\u0000',
          'a\u0000@example.com',
          ' A@Example.COM ',
          'a@example.com\n',
          `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
          "a'--@example.com",
          'a@[127.0.0.1]',
          '"a b"@example.com',
        );
      }
      break;
    }
    case 'integer':
    case 'number': {
      const integer = typeOf(js) === 'integer';
      for (const b of [lowerBound(js, integer), upperBound(js, integer)]) {
        if (b === undefined) continue;
        values.push(b, b - 1, b + 1, b - 0.5, b + 0.5, String(b), String(b + 1), `${b}abc`);
      }
      values.push(0, -1, 1.5, -0, '', '1e3', ' 1 ', 'NaN', 'Infinity', '0x10', true, null, [1]);
      break;
    }
    case 'boolean':
      values.push(true, false, 'true', 'false', 1, 0, '', null, 'yes');
      break;
    case 'array': {
      const item = js.items ? validArb(js.items, ctx) : fc.string();
      const max = js.maxItems ?? 100;
      return fc.oneof(
        fc.array(item, { minLength: max, maxLength: max + 1 }),
        fc.array(hostileValue(), { maxLength: 5 }),
        fc.constantFrom<unknown>([], [null], [[]], [{}], 'a', {}),
      );
    }
    case 'object':
      return objectCases(js, ctx);
    default:
      break;
  }
  if (values.length === 0) return hostileValue();
  return fc.constantFrom(...values);
}

/** One value for a field: valid, at a bound, or hostile (of any type). */
function fieldArb(js: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validArb(js, ctx) },
    { weight: 3, arbitrary: boundaryArb(js, ctx) },
    { weight: 3, arbitrary: hostileString() },
    { weight: 2, arbitrary: hostileValue() },
  );
}

/**
 * Objects shaped like an object schema, each wrong in one way or more: one field hostile (the rest valid, so the
 * request reaches the code behind validation), a required key missing, extra (prototype-polluting) keys, every
 * field at a bound, or entirely valid.
 */
export function objectCases(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const js = resolve(schema, ctx);
  const props = js.properties ?? {};
  const keys = Object.keys(props);
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  const valid = validObject(js, ctx);
  if (ctx.depth > 3 || keys.length === 0) {
    return fc.oneof(valid, hostileValue());
  }
  const oneFieldHostile = fc
    .tuple(valid, fc.constantFrom(...keys))
    .chain(([obj, key]) =>
      fieldArb(props[key]!, deeper).map((v) => mirrorConfirmations(setKey({ ...obj }, key, v))),
    );
  const missingKey = fc.tuple(valid, fc.constantFrom(...keys)).map(([obj, key]) => {
    const copy = { ...obj };
    delete copy[key];
    return copy;
  });
  const extraKeys = fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.constantFrom(...hostileKeys), hostileValue()), { minLength: 1, maxLength: 3 }),
    )
    .map(([obj, extra]) => {
      const copy: Record<string, unknown> = { ...obj };
      for (const [k, v] of extra) setKey(copy, k, v);
      return copy;
    });
  const allBoundary = fc
    .tuple(...keys.map((k) => fc.option(boundaryArb(props[k]!, deeper), { nil: undefined })))
    .map((vals) =>
      fromEntries(keys.flatMap((k, i) => (vals[i] === undefined ? [] : [[k, vals[i]] as const]))),
    );
  // A valid text with a NUL, a control or an odd character slipped inside (after its first character, so a
  // required prefix such as "/" still matches): the value most likely to get past validation to the database.
  const textKeys = keys.filter(
    (k) => typeOf(resolve(props[k]!, ctx)) === 'string' && !resolve(props[k]!, ctx).enum,
  );
  const tainted = fc
    .tuple(
      valid,
      fc.constantFrom(...(textKeys.length ? textKeys : keys)),
      fc.constantFrom(
        '\u0000',
        '\u0000\u0000',
        'a\u0000',
        '\u0001',
        '\u001f',
        '\u007f',
        '\ud800',
        '\u202e',
        "'",
        '\\',
      ),
      fc.nat(),
    )
    .map(([obj, key, ch, at]) => {
      const current = obj[key];
      const text = typeof current === 'string' && current.length > 0 ? current : 'Aa1';
      const pos = 1 + (at % text.length);
      return mirrorConfirmations(setKey({ ...obj }, key, text.slice(0, pos) + ch + text.slice(pos)));
    });
  const bigField = fc
    .tuple(valid, fc.constantFrom(...keys), hostileString({ big: true }))
    .map(([obj, key, v]) => setKey({ ...obj }, key, v));
  return fc.oneof(
    { weight: 6, arbitrary: oneFieldHostile },
    { weight: 4, arbitrary: tainted },
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: missingKey },
    { weight: 2, arbitrary: extraKeys },
    { weight: 2, arbitrary: allBoundary },
    { weight: 1, arbitrary: bigField },
  );
}

/** Hostile values shaped like the schema (objects: objectCases; anything else: fieldArb). */
export function shapedArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  const ctx: Ctx = { root: schema, depth: 0 };
  return typeOf(resolve(schema, ctx)) === 'object' ? objectCases(schema, ctx) : fieldArb(schema, ctx);
}

/** A value the schema accepts, for the parts of a request that are not under attack. */
export function validFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return validArb(schema, { root: schema, depth: 0 });
}
