// Hostile values that fit no schema in particular: wrong types, empty and 1 MB strings, unicode oddities and NUL
// bytes, numbers at and past every usual bound, prototype-polluting keys, SQL and HTML fragments, deep nesting.
import fc from 'fast-check';

/** The server's body limit (app.ts): bodies are kept under it mostly, a few go just over (413 is an answer). */
export const BODY_LIMIT = 1024 * 1024;

/** A string that, JSON-encoded inside a small object, lands just under the body limit. */
export const NEAR_LIMIT = 'a'.repeat(BODY_LIMIT - 4096);
/** One string of exactly 1 MiB: with its quotes and key, a body just over the limit. */
export const ONE_MIB = 'b'.repeat(BODY_LIMIT);

/** Sets a property even when its name is `__proto__` (an own, enumerable key, as JSON.parse would make it). */
export function setKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

export const fromEntries = (entries: readonly (readonly [string, unknown])[]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) setKey(out, k, v);
  return out;
};

/** `depth` arrays (or objects) inside each other, built without recursion. */
export function nested(depth: number, kind: 'array' | 'object', leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const sqlFragments = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM users --",
  "admin'--",
  '1; SELECT pg_sleep(5)',
  "$1'::text",
  '\\x00',
  "E'\\\\000'",
];

export const htmlFragments = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  '{{7*7}}${7*7}',
  '<!--',
  ']]>',
];

export const unicodeStrings = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'x\ud83dy', // a broken pair
  '\u202egnp.exe', // right-to-left override
  '\u200f\u200e\u2066\u2069', // bidi marks and isolates
  'مرحبا بالعالم',
  'שלום',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  'Z̵̡̢̛̗̘̙̜̝̞̟̠͇͈͉͍͎̀́̂̃̄̅̆̇̈̉ͅ',
  '\ufeff', // byte order mark
  '\u200b', // zero width space
  '\u2028\u2029', // line and paragraph separators
  '\r\n\t\v\f\b',
  '\u001b[31mred\u001b[0m',
  '\uffff\ufffe',
  'İıſK', // case mapping surprises
];

export const weirdStrings = [
  '',
  ' ',
  '   \t  ',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '0b101',
  '1_000',
  ' 42 ',
  '4.2',
  '-1',
  '9007199254740993',
  '%00',
  '%s%n%x',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/',
  '//evil.example',
  'http://evil.example/',
  '{"a":1}',
  '[1,2]',
  '__proto__',
  'constructor',
  'a@b',
  '@example.com',
  'a'.repeat(255) + '@example.com',
];

export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '$where',
  'a.b',
  '0',
  '-1',
  '\ud800',
];

export const boundaryNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  Number.EPSILON,
  Number.MIN_VALUE,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
];

const bigStrings = fc.constantFrom(
  NEAR_LIMIT,
  ONE_MIB,
  'x'.repeat(10_000),
  '\u0000'.repeat(1000),
  '\ud800'.repeat(1000),
  'é'.repeat(100_000),
);

/** Any hostile string; `big` adds the long ones (up to 1 MiB). */
export function hostileString(opts: { big?: boolean } = {}): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.constantFrom(...unicodeStrings) },
    { weight: 3, arbitrary: fc.constantFrom(...weirdStrings) },
    { weight: 2, arbitrary: fc.constantFrom(...sqlFragments) },
    { weight: 2, arbitrary: fc.constantFrom(...htmlFragments) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    // A harmless-looking word with a NUL or a control character somewhere inside.
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('\u0000', '\u0001', '\u007f', '\ud800', '\u202e'),
          fc.string({ maxLength: 12 }),
        )
        .map(([a, c, b]) => a + c + b),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 2000 })
        .chain((n) => fc.constantFrom('a', '\u0000', '<', "'", '%', 'é').map((c) => c.repeat(n))),
    },
  ];
  if (opts.big) arbs.push({ weight: 1, arbitrary: bigStrings });
  return fc.oneof(...arbs);
}

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...boundaryNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** A hostile JSON value of any type (what JSON.parse can give a route, plus deep nesting). */
export function hostileValue(opts: { big?: boolean } = {}): fc.Arbitrary<unknown> {
  const leaf: fc.Arbitrary<unknown> = fc.oneof(
    hostileString(),
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom({}, []),
  );
  const shallow: fc.Arbitrary<unknown> = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 5 }),
    fc.array(fc.tuple(fc.constantFrom(...hostileKeys), leaf), { maxLength: 4 }).map(fromEntries),
  );
  const arbs: fc.WeightedArbitrary<unknown>[] = [
    { weight: 6, arbitrary: leaf },
    { weight: 3, arbitrary: shallow },
    { weight: 2, arbitrary: hostileString({ big: opts.big }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 2, max: 1000 }),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
          leaf,
        )
        .map(([depth, kind, l]) => nested(depth, kind, l)),
    },
    // Prototype pollution attempts at the top of a value.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__', 'constructor', 'prototype')
        .map((k) =>
          setKey({}, k, k === 'constructor' ? { prototype: { polluted: true } } : { polluted: true }),
        ),
    },
  ];
  if (opts.big) {
    arbs.push({
      weight: 1,
      arbitrary: fc.constant(null).map(() => Array.from({ length: 20_000 }, (_, i) => i)),
    });
  }
  return fc.oneof(...arbs);
}
