// From the routes the app registered to hostile requests: for each route with a params, querystring or body
// schema, an arbitrary of requests whose target part is shaped-but-hostile, fully hostile, or malformed at the
// HTTP level (non-JSON bodies, wrong content types, oversize bodies, odd path segments and query strings).
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '#server/plugins/access';
import { BODY_LIMIT, hostileString, hostileValue } from './hostile.ts';
import { jsonSchemaOf, shapedArb, validFor, type JsonSchema } from './schema-arbitrary.ts';

export interface FuzzRoute {
  method: string;
  url: string;
  /** Who may call it (config.access), for the report. */
  access: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

/** Routes that plugins own (static assets, API docs, the SPA fallback): no schema of ours to attack. */
const SKIPPED = [/^\/assets\//, /^\/api\/docs(\/|$)/, /^\/\*$/];

/** Every registered route with a params, querystring or body schema (HEAD twins of GET routes left out). */
export function fuzzableRoutes(registered: readonly RegisteredRoute[]): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const r of registered) {
    if (r.method === 'HEAD' || SKIPPED.some((re) => re.test(r.url))) continue;
    const schema = r.schema ?? {};
    const part = (key: string) => (schema[key] ? jsonSchemaOf(schema[key]) : undefined);
    const route: FuzzRoute = {
      method: r.method,
      url: r.url,
      access: typeof r.access === 'string' ? r.access : (r.access ?? []).join('|'),
      params: part('params'),
      querystring: part('querystring'),
      body: part('body'),
    };
    if (route.params || route.querystring || route.body) routes.push(route);
  }
  return routes;
}

export type PathCase = { kind: 'values'; value: unknown } | { kind: 'raw'; segment: string };
export type QueryCase = { kind: 'none' } | { kind: 'values'; value: unknown } | { kind: 'raw'; text: string };
export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; text: string };

/** One hostile request, before it is turned into inject() options (and what a failure report shows). */
export interface FuzzCase {
  path?: PathCase;
  query: QueryCase;
  body: BodyCase;
  /** An Origin header (a foreign one is refused with 403 on state-changing requests). */
  origin?: string;
  /** A second, forged session cookie sent along with the caller's. */
  extraCookie?: string;
}

const rawPathSegments = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80', // a UTF-8 encoded lone surrogate
  '%C0%AE', // an overlong '.'
  '%2F',
  'a'.repeat(5000),
  '%F0%9F%92%A9'.repeat(200),
  '-1',
  '1.5',
  '1e309',
  '9007199254740993',
  '00000000-0000-0000-0000-000000000000',
  "'%20OR%201=1--",
  '%3Cscript%3E',
];

const rawQueries = [
  '%',
  '%zz=1',
  '=',
  '&&&',
  'a=%00',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=1',
  'x=%ED%A0%80',
  'x=%C0%AE',
  `x=${'%41'.repeat(3000)}`,
  'a=1;b=2',
  'a[]=1&a[]=2',
  '?',
  '#',
];

/** Lone surrogates become U+FFFD (encodeURIComponent throws on them; raw %ED%A0%80 cases send them as bytes). */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Query values as the key=value pairs a browser would send (arrays repeat the key, objects go as JSON). */
function queryString(value: unknown, keysOf: readonly string[]): string {
  const enc = (s: string) => encodeURIComponent(wellFormed(s));
  const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? ''));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    // Not an object: a bare value after the `?`, or under the first key the schema knows.
    const first = keysOf[0];
    return first ? `${enc(first)}=${enc(str(value))}` : enc(str(value));
  }
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) && v.length <= 5 ? v : [v]) {
      pairs.push(item === null ? enc(k) : `${enc(k)}=${enc(str(item))}`);
    }
  }
  return pairs.join('&');
}

/** Node's HTTP server answers 431 to longer request lines before Fastify sees them; inject() has no such limit. */
const MAX_URL = 16_000;

export function buildUrl(route: FuzzRoute, c: FuzzCase): string {
  let path = route.url;
  if (route.url.includes(':')) {
    const values =
      c.path?.kind === 'values' && c.path.value && typeof c.path.value === 'object' ? c.path.value : {};
    const params = route.url.match(/:\w+/g) ?? [];
    const lastParam = params[params.length - 1]?.slice(1);
    path = route.url.replace(/:(\w+)/g, (_m, name: string) => {
      // A raw segment goes in the last parameter only: in every one, '..' twice would climb out of /api to a
      // page (/api/messages/../.. is /), which is not a request to the route under test.
      if (c.path?.kind === 'raw') return name === lastParam ? c.path.segment : 'x';
      const v = (values as Record<string, unknown>)[name];
      const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
      return encodeURIComponent(wellFormed(s)) || 'x';
    });
  }
  const keys = Object.keys(route.querystring?.properties ?? {});
  const qs =
    c.query.kind === 'none' ? '' : c.query.kind === 'raw' ? c.query.text : queryString(c.query.value, keys);
  const url = qs ? `${path}?${qs}` : path;
  return url.length > MAX_URL ? url.slice(0, MAX_URL) : url;
}

export function toInject(route: FuzzRoute, c: FuzzCase, cookie: string | undefined): InjectOptions {
  const headers: Record<string, string> = {};
  const cookies = [cookie, c.extraCookie].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (c.origin) headers.origin = c.origin;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: buildUrl(route, c),
    headers,
  };
  if (c.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(c.body.value) ?? 'null';
  } else if (c.body.kind === 'raw') {
    if (c.body.contentType !== null) headers['content-type'] = c.body.contentType;
    options.payload = c.body.text;
  }
  return options;
}

const wrongContentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=----fuzz',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/jsonx',
  '*/*',
];

const nonJsonTexts = [
  '',
  '{',
  '{"a":',
  "{'a':1}",
  'undefined',
  'NaN',
  '[1,]',
  '{"a":1}garbage',
  '\ufeff{}',
  '\u0000',
  'null',
  '"just a string"',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '['.repeat(200_000),
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

/** Bodies that are wrong before any schema looks at them. */
function rawBodyArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<BodyCase> {
  return fc.oneof(
    // Not JSON, with a JSON content type.
    fc
      .constantFrom(...nonJsonTexts)
      .map((text): BodyCase => ({ kind: 'raw', contentType: 'application/json', text })),
    // A valid body in the wrong content type (or none).
    fc
      .tuple(fc.constantFrom<string | null>(...wrongContentTypes, null), valid)
      .map(([contentType, v]): BodyCase => ({ kind: 'raw', contentType, text: JSON.stringify(v) ?? '' })),
    // Form-encoded and multipart look-alikes.
    fc.constantFrom<BodyCase>(
      { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'email=a%00%40example.com&x=1' },
      {
        kind: 'raw',
        contentType: 'multipart/form-data; boundary=b',
        text: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      },
    ),
    // Just over the body limit (413), as garbage and as well-formed JSON.
    fc.constantFrom<BodyCase>(
      { kind: 'raw', contentType: 'application/json', text: 'x'.repeat(BODY_LIMIT + 1) },
      { kind: 'raw', contentType: 'application/json', text: `{"a":"${'a'.repeat(BODY_LIMIT)}"}` },
      { kind: 'raw', contentType: 'text/plain', text: 'a'.repeat(BODY_LIMIT + 1) },
    ),
  );
}

/** Every request shape for one route. */
export function requestArb(route: FuzzRoute): fc.Arbitrary<FuzzCase> {
  const parts = (['params', 'querystring', 'body'] as const).filter((p) => route[p]);
  const validOf = (js: JsonSchema | undefined) => (js ? validFor(js) : fc.constant(undefined));

  const extras = fc.record(
    {
      origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:5000', 'not a url'),
      extraCookie: fc.constantFrom(
        'sid=forged',
        `sid=${'a'.repeat(101)}`,
        'sid=',
        'sid="\\"',
        '__Host-sid=forged',
      ),
    },
    { requiredKeys: [] },
  );

  return fc
    .tuple(
      fc.constantFrom(...parts),
      // Only one request in ten carries an Origin or a forged cookie, so most reach validation.
      fc.oneof({ weight: 9, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }),
    )
    .chain(([target, ext]) => {
      const path: fc.Arbitrary<PathCase | undefined> = !route.params
        ? fc.constant(undefined)
        : target === 'params'
          ? fc.oneof(
              {
                weight: 3,
                arbitrary: shapedArb(route.params).map((value): PathCase => ({ kind: 'values', value })),
              },
              {
                weight: 2,
                arbitrary: fc
                  .constantFrom(...rawPathSegments)
                  .map((segment): PathCase => ({ kind: 'raw', segment })),
              },
              {
                weight: 1,
                arbitrary: hostileString().map((value): PathCase => ({ kind: 'values', value: { value } })),
              },
            )
          : validOf(route.params).map((value): PathCase => ({ kind: 'values', value }));

      const query: fc.Arbitrary<QueryCase> = !route.querystring
        ? fc.constant({ kind: 'none' })
        : target === 'querystring'
          ? fc.oneof(
              {
                weight: 6,
                arbitrary: shapedArb(route.querystring).map((value): QueryCase => ({
                  kind: 'values',
                  value,
                })),
              },
              {
                weight: 2,
                arbitrary: fc.constantFrom(...rawQueries).map((text): QueryCase => ({ kind: 'raw', text })),
              },
              { weight: 1, arbitrary: hostileValue().map((value): QueryCase => ({ kind: 'values', value })) },
              { weight: 1, arbitrary: fc.constant<QueryCase>({ kind: 'none' }) },
            )
          : validOf(route.querystring).map((value): QueryCase => ({ kind: 'values', value }));

      const body: fc.Arbitrary<BodyCase> = !route.body
        ? fc.constant({ kind: 'none' })
        : target === 'body'
          ? fc.oneof(
              {
                weight: 12,
                arbitrary: shapedArb(route.body).map((value): BodyCase => ({ kind: 'json', value })),
              },
              {
                weight: 3,
                arbitrary: hostileValue({ big: true }).map((value): BodyCase => ({ kind: 'json', value })),
              },
              { weight: 4, arbitrary: rawBodyArb(validOf(route.body)) },
              { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
            )
          : validOf(route.body).map((value): BodyCase => ({ kind: 'json', value }));

      return fc.record({ path, query, body }).map((r): FuzzCase => ({
        ...(r.path ? { path: r.path } : {}),
        query: r.query,
        body: r.body,
        ...ext,
      }));
    });
}
