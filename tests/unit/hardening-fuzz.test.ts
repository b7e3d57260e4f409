// Property-based fuzzing of every route in the route table (src/server/routes.ts), through
// createApp().request: inputs drawn from each route's own schemas, mixed with hostile ones — wrong
// types everywhere, huge and deeply nested JSON, invalid UTF-8, header floods and huge header
// values, path traversal and encoded slashes, absurd query strings. The table is iterated, so a
// new route is fuzzed without touching this file.
//
// FO-NO-500 (docs/decisions.md § Error object): never a 500 for anything a client sent, and every error in the documented
// shape: the catalog's ErrorResponse with a code from ERROR_CODES; OAuth routes (errorShape
// 'oauth') the RFC 6749 § 5.2 `{ error, error_description? }`; /api/mcp JSON-RPC 2.0 errors
// (§ 5.1), whose `data`, when it is a catalog error, carries a catalog code.
// Runs are bounded and reproducible: fixed seeds and numRuns.
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { ERROR_CODES, errorResponse } from '../../src/server/errors.ts';
import { oauthError } from '../../src/server/access/schemas.ts';
import { siteData } from '../../src/server/data.ts';
import type { RouteSpec } from '../../src/server/route.ts';

const UNLIMITED = { limit: 1_000_000_000, window: 60 };
const app = createApp({ routes: ROUTES, rateLimits: { knowledge: UNLIMITED, portfolio: UNLIMITED } });
const RUNS = runs(40);
const BASE = 'http://127.0.0.1';

// ── What a documented error looks like ─────────────────────────────────────────────────────────

const jsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }),
});

type Sent = { method: string; url: string; headers: [string, string][]; body?: string | Uint8Array<ArrayBuffer> };

/** fast-check prints counterexamples with this: the request in brief, not megabytes of flood. */
const described = (sent: Sent): Sent =>
  Object.assign(sent, {
    [fc.toStringMethod]: () => {
      const size = sent.body === undefined ? 0 : typeof sent.body === 'string' ? sent.body.length : sent.body.byteLength;
      const headers = sent.headers.map(([k, v]) => `${k}: ${v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v}`);
      const shown = headers.length > 12 ? [...headers.slice(0, 12), `…(${headers.length} headers)`] : headers;
      const body = typeof sent.body === 'string' ? JSON.stringify(sent.body.slice(0, 120)) : sent.body ? `bytes ${[...sent.body.slice(0, 24)]}` : '';
      return `${sent.method} ${sent.url.slice(0, 300)} [${shown.join('; ')}] body(${size}) ${body}`;
    },
  });

/** The route that answers a URL, after the URL parser's own normalization (`%2e%2e` is `..`). */
const routeFor = (url: string) => {
  const path = new URL(url).pathname;
  return ROUTES.find((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
};

/** Asserts the response is not a 5xx and, if an error, is in the shape the route documents. */
async function expectDocumented(route: RouteSpec | undefined, sent: Sent, res: Response) {
  const where = `${sent.method} ${sent.url.slice(0, 200)} → ${res.status}`;
  expect(res.status, where).toBeLessThan(500);
  const text = await res.text();
  if (sent.method === 'HEAD') return;
  const isMcp = route?.path === '/api/mcp';
  if (res.status < 400 && !isMcp) return;
  if (res.status < 400 && !(res.headers.get('content-type') ?? '').includes('json')) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: error body is not JSON: ${text.slice(0, 200)}`);
  }
  if (isMcp) {
    // JSON-RPC answers (a batch is an array of them); 405 and 429 come from the app's catalog.
    for (const message of Array.isArray(body) ? body : [body]) {
      const m = message as { error?: { data?: { code?: unknown } } };
      if (res.status < 400 && !m?.error) continue;
      if (errorResponse.safeParse(message).success) continue;
      const parsed = jsonRpcError.safeParse(message);
      expect(parsed.success, `${where}: not a JSON-RPC error: ${text.slice(0, 300)}`).toBe(true);
      const data = m.error?.data;
      if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') {
        expect(ERROR_CODES, `${where}: JSON-RPC error data code`).toContain(data.code);
      }
    }
    return;
  }
  if (route?.errorShape === 'oauth') {
    expect(oauthError.safeParse(body).success, `${where}: not an OAuth error: ${text.slice(0, 300)}`).toBe(true);
    return;
  }
  const parsed = errorResponse.safeParse(body);
  expect(parsed.success, `${where}: not an ErrorResponse: ${text.slice(0, 300)}`).toBe(true);
  expect(ERROR_CODES).toContain(parsed.data!.error.code);
  expect(parsed.data!.error.status, where).toBe(res.status);
}

async function send(route: RouteSpec | undefined, sent: Sent) {
  const init: RequestInit = { method: sent.method, headers: sent.headers };
  if (sent.body !== undefined && sent.method !== 'GET' && sent.method !== 'HEAD') init.body = sent.body;
  const res = await app.request(sent.url, init);
  await expectDocumented(route, sent, res);
}

// ── Inputs from the route's schemas ────────────────────────────────────────────────────────────

type JsonSchema = Record<string, any>;
const jsonSchemaOf = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A value that fits a JSON Schema more often than not (the app must refuse the rest cleanly). */
function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const options = s.anyOf ?? s.oneOf;
  if (Array.isArray(options) && options.length) return fc.oneof(...options.map((o: JsonSchema) => fromSchema(o, depth + 1)));
  switch (s.type) {
    case 'string':
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, s.maxLength ?? 600));
        } catch {
          /* a pattern fast-check cannot generate from: plain strings below */
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 600), unit: 'grapheme' });
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, min: s.minimum, max: s.maximum });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 12) });
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v as JsonSchema, depth + 1)]));
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

// ── Hostile inputs ─────────────────────────────────────────────────────────────────────────────

/** Raw, already-encoded URL text: invalid percent-encodings, traversal, NULs, encoded slashes. */
const RAW_HOSTILE = [
  '',
  '%',
  '%%',
  '%ZZ',
  '%FF',
  '%FE%FF',
  '%C0%AF',
  '%E2%82',
  '%ED%A0%80',
  '%00',
  '%0A%0D',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  'a%2Fb',
  '%5c..%5c',
  'caf%C3%A9',
  '%F0%9F%98%80',
  'A'.repeat(5000),
  '+',
  '&',
  '=',
  '#',
  '%23',
  '__proto__',
  'constructor',
  'toString',
  '-1',
  '0',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '%7B%22a%22%3A1%7D',
  // Replacement patterns (ECMA-262 GetSubstitution), raw and encoded: text that must stay text.
  '$&',
  '$`',
  "$'",
  '$$',
  '$1',
  '%24%26',
  '%24%60'.repeat(250),
  '%24%27',
  '%24%24',
  '%24%3Cname%3E',
];
const rawHostile = fc.constantFrom(...RAW_HOSTILE);
const encode = (v: unknown) => {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  // encodeURIComponent throws on lone surrogates; they become U+FFFD like a browser would send.
  return encodeURIComponent(text.toWellFormed());
};

/** A query string: schema-shaped values, wrong types, raw hostile text, repeats, unknown keys. */
function queryArb(route: RouteSpec): fc.Arbitrary<string> {
  const shape = route.query ? (jsonSchemaOf(route.query).properties ?? {}) : {};
  const keys = Object.keys(shape);
  const pair = fc.oneof(
    ...(keys.length
      ? [
          { weight: 4, arbitrary: fc.constantFrom(...keys).chain((k) => fromSchema(shape[k]).map((v) => `${encode(k)}=${encode(v)}`)) },
          { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 1 })).map(([k, v]) => `${k}=${encode(v)}`) },
          { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...keys), rawHostile).map(([k, v]) => `${k}=${v}`) },
        ]
      : []),
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([k, v]) => `${encode(k)}=${encode(v)}`) },
    { weight: 1, arbitrary: fc.tuple(rawHostile, rawHostile).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: rawHostile },
  );
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));
}

/** The path with its parameters filled: real slugs, schema-shaped text, traversal, bad encodings. */
function pathArb(route: RouteSpec): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(route.path);
  const slugs = siteData()
    .projects.slice(0, 5)
    .map((p) => p.slug);
  const shape = route.params ? (jsonSchemaOf(route.params).properties ?? {}) : {};
  const value = (name: string) =>
    fc.oneof(
      fc.constantFrom(...slugs),
      fromSchema(shape[name]).map(encode),
      rawHostile.filter((v) => v !== '' && v !== '#'),
      fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).map(encode),
    );
  return fc.tuple(...names.map(value)).map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), route.path));
}

/** Header values are ByteStrings: no CR/LF/NUL, nothing above U+00FF. */
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    '*/*',
    'application/json',
    'text/event-stream',
    'text/markdown;q=0',
    'null',
    'Bearer ',
    'Bearer x.y.z',
    'W/"x", *',
    '2025-11-25',
    '1999-01-01',
    'ÿÿÿ',
    ',,,;;;===',
  ),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'a'.repeat(n)),
);
const KNOWN_HEADERS = [
  'accept',
  'origin',
  'authorization',
  'if-none-match',
  'x-forwarded-for',
  'x-real-ip',
  'idempotency-key',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-session-id',
  'access-control-request-method',
  'cookie',
  'range',
];

const headersArb = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...KNOWN_HEADERS), headerValue), { maxLength: 5 }),
    // A header flood: hundreds of distinct headers, sometimes with long values.
    fc.option(fc.tuple(fc.integer({ min: 50, max: 600 }), fc.integer({ min: 1, max: 2000 })), { freq: 5 }),
  )
  .map(([known, flood]) => {
    const headers: [string, string][] = [...known];
    if (flood) for (let i = 0; i < flood[0]; i++) headers.push([`x-flood-${i}`, 'v'.repeat(flood[1])]);
    return headers;
  });

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/vnd.api+json',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  ';;;',
  '',
];

/** Invalid UTF-8: lone continuation bytes, overlong forms, surrogates, truncated sequences. */
const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];

function bodyArb(route: RouteSpec): fc.Arbitrary<{ type: string; body: string | Uint8Array<ArrayBuffer> }> {
  const isMcp = route.path === '/api/mcp';
  const schemaBody = route.body ? fromSchema(jsonSchemaOf(route.body)) : fc.jsonValue({ maxDepth: 3 });
  const rpc = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 0 })),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
      method: fc.oneof(
        fc.constantFrom(
          'initialize',
          'tools/list',
          'tools/call',
          'resources/list',
          'resources/read',
          'resources/templates/list',
          'server/discover',
          'prompts/list',
          'ping',
          'subscriptions/listen',
          'notifications/initialized',
        ),
        fc.string({ maxLength: 20 }),
      ),
      params: fc.oneof(
        fc.record({
          name: fc.constantFrom('ask', 'search', 'search_projects', 'get_project', 'list_projects', 'compare_projects', 'x'),
          arguments: fc.jsonValue({ maxDepth: 2 }),
        }),
        fc.record({ uri: fc.oneof(fc.string(), fc.constant(`${siteData().site.url}/projects/../../etc/passwd`)) }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  );
  const json = fc.oneof(
    { weight: 4, arbitrary: (isMcp ? fc.oneof(rpc, fc.array(rpc, { maxLength: 3 })) : schemaBody).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
    // Deep nesting, under and over the 64 KiB limit.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 40_000 }), fc.constantFrom('[', '{"a":'))
        .map(([d, open]) => open.repeat(d) + (open === '[' ? ']' : '}').repeat(d)),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 30_000 })
        .map((d) => `{"query":${'['.repeat(d)}${']'.repeat(d)},"queries":${'{"q":'.repeat(50)}1${'}'.repeat(50)}}`),
    },
    // Huge: over the limit, and wide objects just under it.
    { weight: 1, arbitrary: fc.integer({ min: 65_000, max: 200_000 }).map((n) => JSON.stringify({ query: 'x'.repeat(n) })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: 5000 }).map((n) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"query":',
        'nul',
        '\u0000',
        '{"query":"a"}{"query":"b"}',
        '1e99999',
        '"\\ud800"',
        '{"__proto__":{"x":1},"query":"a"}',
      ),
    },
  );
  const bytes = fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.constantFrom('{"query":"', '{"jsonrpc":"2.0","method":"', 'grant_type=')).map(([bad, prefix]) => {
    const head = new TextEncoder().encode(prefix);
    return Uint8Array.from([...head, ...bad, 0x22, 0x7d]);
  });
  const form = fc
    .array(fc.tuple(fc.constantFrom('grant_type', 'token', 'client_id', 'redirect_uri', 'query', 'x'), fc.oneof(fc.string({ maxLength: 30 }), rawHostile)), {
      maxLength: 6,
    })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v.includes('%') ? v : encode(v)}`).join('&'));
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES.slice(0, 2)), json).map(([type, body]) => ({ type, body })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(json, form)).map(([type, body]) => ({ type, body })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('application/json', 'application/x-www-form-urlencoded'), bytes).map(([type, body]) => ({ type, body })) },
    { weight: 1, arbitrary: form.map((body) => ({ type: 'application/x-www-form-urlencoded', body })) },
  );
}

const MCP_ACCEPT: [string, string] = ['accept', 'application/json, text/event-stream'];

function requestArb(route: RouteSpec): fc.Arbitrary<Sent> {
  const method = fc.oneof(
    { weight: 8, arbitrary: fc.constant(route.method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  );
  return fc.tuple(method, pathArb(route), queryArb(route), headersArb, bodyArb(route), fc.boolean()).map(([m, path, query, headers, body, mcpAccept]) => {
    const all: [string, string][] = [...headers];
    if (m !== 'GET' && m !== 'HEAD') all.push(['content-type', body.type]);
    if (route.path === '/api/mcp' && mcpAccept) all.push(MCP_ACCEPT);
    return described({ method: m, url: `${BASE}${path}${query ? `?${query}` : ''}`, headers: all, body: body.body });
  });
}

// ── The properties ─────────────────────────────────────────────────────────────────────────────

describe('FO-NO-500: every route in the table, fuzzed from its schema plus hostile input, never answers a 500', () => {
  it('the route table is not empty, and every route has a fuzzer (new routes are covered automatically)', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    for (const route of ROUTES) expect(() => fc.sample(requestArb(route), { numRuns: 1, seed: 1 })).not.toThrow();
  });

  ROUTES.forEach((route, i) => {
    it(`${route.method} ${route.path}: no 5xx, every error documented (${route.errorShape === 'oauth' ? 'OAuthError' : route.path === '/api/mcp' ? 'JSON-RPC' : 'ErrorResponse + ERROR_CODES'})`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), (sent) => send(route, sent)),
        { numRuns: RUNS, seed: 4242 + i, endOnFailure: true },
      );
    });
  });
});

describe('FO-NO-500: hostile classics on every route (docs/decisions.md § Errors, § Limits)', () => {
  const hostile = (route: RouteSpec): Sent[] => {
    const path = route.path.replace(/\{\w+\}/g, 'x');
    const post = route.method === 'POST';
    const base: Sent = { method: route.method, url: `${BASE}${path}`, headers: route.path === '/api/mcp' ? [MCP_ACCEPT] : [] };
    const withBody = (body: string | Uint8Array<ArrayBuffer>, type = 'application/json'): Sent => ({
      ...base,
      headers: [...base.headers, ['content-type', type]],
      body,
    });
    const cases: Sent[] = [
      // 10,000 parameters, one key repeated 10,000 times.
      { ...base, url: `${BASE}${path}?${Array.from({ length: 10_000 }, (_, i) => `p${i}=${i}`).join('&')}` },
      { ...base, url: `${BASE}${path}?${Array.from({ length: 10_000 }, (_, i) => `q=${i}`).join('&')}` },
      { ...base, url: `${BASE}${path}?q=${'%FF'.repeat(3000)}&query=%&limit=%00` },
      // 2,000 headers, and one 1 MB header value.
      { ...base, headers: [...base.headers, ...Array.from({ length: 2000 }, (_, i): [string, string] => [`x-h-${i}`, String(i)])] },
      {
        ...base,
        headers: [
          ...base.headers,
          ['accept', 'a'.repeat(1 << 20)],
          ['origin', `https://${'o'.repeat(100_000)}.example`],
          ['if-none-match', '"x",'.repeat(20_000)],
        ],
      },
      { ...base, headers: [...base.headers, ['x-forwarded-for', Array.from({ length: 5000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ')]] },
    ];
    if (post || route.body) {
      const depth = 20_000;
      cases.push(
        withBody('['.repeat(depth) + ']'.repeat(depth)),
        withBody(`{"query":${'{"text":'.repeat(3000)}"x"${'}'.repeat(3000)}}`),
        withBody(`{"queries":[${Array.from({ length: 5000 }, () => '"a"').join(',')}]}`),
        withBody(JSON.stringify({ query: 'x'.repeat(1 << 20) })),
        withBody(JSON.stringify({ query: '$`'.repeat(250), queries: ["$'", '$&', '$$'], token: '$`' })),
        withBody(Uint8Array.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
        withBody('query=%FF%FE&grant_type=%00', 'application/x-www-form-urlencoded'),
        withBody('{"query": "a"}', 'text/plain'),
      );
    }
    return cases;
  };
  ROUTES.forEach((route) => {
    it(`${route.method} ${route.path}: huge/deep/invalid-UTF-8 bodies, 10k params, header floods`, async () => {
      for (const sent of hostile(route)) await send(route, sent);
    });
  });
});

describe('hardening: paths outside the table (traversal, encoded slashes, unicode) answer route_not_found, never 5xx', () => {
  const PATHS = [
    '/api/v1/..%2f..%2fetc%2fpasswd',
    '/api/v1/projects/..%2f..%2f..%2fetc%2fpasswd',
    '/api/v1/projects/%2e%2e%2f%2e%2e%2fgenerated%2ffolio-data.json',
    '/api/v1/projects/a%2Fb',
    '/api/v1/projects/caf%C3%A9',
    '/api/v1/projects/%FF',
    '/api/v1/projects/%',
    '/api/v1/projects/%E2%82',
    '/api/v1/projects/%00',
    `/api/v1/projects/${'a'.repeat(10_000)}`,
    '/api/v1/jobs/%FF%FE',
    '/api/v1/jobs/..%2F..',
    '/api//v1//search',
    '/api/v1/search/',
    '/api/%2e%2e/api/v1/search',
    '/api/v1/%F0%9F%98%80',
    '/oauth/%2e%2e/token',
    '/.well-known/oauth-protected-resource/%2e%2e',
    '/api/mcp/%2e%2e',
    '/api/mcp/server-card/..%2f',
    '/ask/%FF',
    '/api/v1/projects/%C0%AF',
  ];
  it('KQ-NOT-FOUND: each one: no 5xx; an unknown one is a documented 404', async () => {
    for (const path of PATHS) {
      for (const method of ['GET', 'POST', 'HEAD']) {
        const sent: Sent = { method, url: `${BASE}${path}`, headers: [['content-type', 'application/json']], body: '{}' };
        const route = routeFor(sent.url);
        const res = await app.request(sent.url, { method, headers: sent.headers, body: method === 'POST' ? '{}' : undefined });
        await expectDocumented(route, sent, res);
        if (!route && method !== 'HEAD') expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('random paths under /api, /oauth, /agent and /.well-known: no 5xx, documented errors', async () => {
    const segment = fc.oneof(
      rawHostile,
      fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).map(encode),
      fc.constantFrom('v1', 'v2', 'projects', 'jobs', 'search', 'mcp', '..', '.'),
    );
    const path = fc
      .tuple(fc.constantFrom('/api', '/oauth', '/agent', '/.well-known', '/ask', '/api/v1'), fc.array(segment, { maxLength: 5 }))
      .map(([root, segs]) => [root, ...segs].join('/'));
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('GET', 'POST', 'DELETE', 'OPTIONS'), async (p, method) => {
        const sent: Sent = described({ method, url: `${BASE}${p}`, headers: [] });
        const route = routeFor(sent.url);
        const res = await app.request(sent.url, { method });
        await expectDocumented(route, sent, res);
      }),
      { numRuns: runs(300), seed: 77 },
    );
  });
});
