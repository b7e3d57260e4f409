// The HTTP core every route shares (src/server/app.ts): HEAD, 405 with Allow, route_not_found,
// CORS, Vary, ETag/304, Cache-Control, internal errors. Through app.request, no server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { buildEtag, groupByPath } from '../../src/server/app.ts';
import { defineRoute, exampleRequest, type RouteSpec } from '../../src/server/route.ts';
import { json } from '../../src/server/http.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { setSiteData, siteData } from '../../src/server/data.ts';
import { client, expectError, roomy } from '../support/portfolio-helpers.ts';

const base = siteData();
afterEach(() => setSiteData(base));

const get = client();
const SITE_ORIGIN = new URL(base.site.url).origin;
const etag = buildEtag(base.buildId);

/** A route table with shapes the portfolio routes do not have, to exercise the core in general. */
const fixture: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    path: '/api/t/items/{id}',
    operationId: 'item',
    summary: 'item',
    tag: 'knowledge',
    cors: 'site',
    cache: 'public',
    params: z.object({ id: z.string() }),
    responses: {},
    handler: (c) => json({ route: 'item', id: c.req.param('id') }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/t/items/batch',
    operationId: 'batch',
    summary: 'batch',
    tag: 'knowledge',
    cors: 'site',
    cache: 'public',
    responses: {},
    handler: () => json({ route: 'batch' }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/t/items/batch',
    operationId: 'batchPost',
    summary: 'batch',
    tag: 'knowledge',
    cors: 'site',
    policy: 'knowledge',
    responses: {},
    body: z.object({ n: z.int() }),
    handler: () => json({ posted: true }, { status: 201 }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/t/post-only',
    operationId: 'postOnly',
    summary: 'p',
    tag: 'knowledge',
    cors: 'site',
    responses: {},
    handler: () => json({}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/t/any',
    operationId: 'any',
    summary: 'any',
    tag: 'mcp',
    cors: 'any',
    responses: {},
    handler: () => json({ ok: true }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/t/vary',
    operationId: 'vary',
    summary: 'vary',
    tag: 'knowledge',
    cors: 'site',
    cache: 'public',
    responses: {},
    handler: (c) => json({}, { headers: { Vary: c.req.query('vary') ?? 'Accept' } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/t/bug',
    operationId: 'bug',
    summary: 'bug',
    tag: 'knowledge',
    cors: 'site',
    responses: {},
    handler: () => {
      throw new TypeError('a bug');
    },
  }),
];
const t = client(roomy, fixture);

/** A valid request for every portfolio GET route, v1 and aliases: each route's declared example. */
const SAMPLES = ROUTES.filter((r) => r.tag === 'portfolio' && r.method === 'GET').map((r) => exampleRequest(r).path);

describe('HEAD for every GET (RFC 9110 § 9.3.2)', () => {
  it('every portfolio GET route answers HEAD with the GET status and headers and no body', async () => {
    expect(SAMPLES.length).toBeGreaterThan(6);
    for (const path of SAMPLES) {
      const [g, h] = [await get(path), await get(path, { method: 'HEAD' })];
      expect(h.status, path).toBe(200);
      expect(h.text, path).toBe('');
      for (const name of ['content-type', 'etag', 'cache-control', 'vary', 'ratelimit-policy'])
        expect(h.headers.get(name), `${path} ${name}`).toBe(g.headers.get(name));
    }
  });

  it('HEAD of a bad request answers the same error status, without a body', async () => {
    const h = await get('/api/v1/search', { method: 'HEAD' });
    expect(h.status).toBe(400);
    expect(h.text).toBe('');
  });
});

describe('PF-ERRORS: 405 with Allow (RFC 9110 § 15.5.6; docs/decisions.md § Errors: method_not_allowed with Allow)', () => {
  it('lists every method of the path, HEAD with GET, and OPTIONS', async () => {
    const res = await t('/api/t/items/batch', { method: 'PUT' });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('a POST-only path refuses GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await t('/api/t/post-only', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    }
  });

  it('every portfolio route refuses POST, PUT, PATCH and DELETE with 405 JSON', async () => {
    for (const path of SAMPLES) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await get(path, { method });
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      }
    }
  });
});

describe('PF-ROUTE-404: unknown routes answer 404 route_not_found, always JSON', () => {
  for (const [method, path] of [
    ['GET', '/api/v1/nope'],
    ['GET', '/api/nope'],
    ['GET', '/api/v1/search/'],
    ['GET', '/api/v2/search?q=x'],
    ['GET', '/api/v1/projects/quarry/extra'],
    // The router is strict (src/server/app.ts): a trailing slash or another case is another path.
    ['GET', '/api/v1/projects/quarry/'],
    ['GET', '/api/v1/projects/'],
    ['GET', '/API/V1/search?q=x'],
    ['GET', '/api/v1/Search?q=x'],
    ['POST', '/api/v1/nothing'],
    ['OPTIONS', '/api/v1/nothing'],
  ] as const) {
    it(`${method} ${path} → 404 route_not_found as JSON`, async () => {
      expectError(await get(path, { method, headers: { accept: 'text/html' } }), 404, 'route_not_found');
    });
  }
  it('its hint points at the document that lists every route, /openapi.json (llms.txt lists pages, not routes)', async () => {
    const res = await get('/api/v1/nope');
    expect(res.body.error.hint).toMatch(/\/openapi\.json/);
    expect(res.body.error.hint).not.toMatch(/llms\.txt/);
  });
});

describe('route table rules', () => {
  it('a static path wins over a parameterized one whatever the declaration order', async () => {
    expect((await t('/api/t/items/batch')).body).toEqual({ route: 'batch' });
    expect((await t('/api/t/items/42')).body).toEqual({ route: 'item', id: '42' });
  });

  it('refuses a path that mixes CORS modes or repeats a method', () => {
    const r = fixture[0]!;
    expect(() => groupByPath([r, { ...r, method: 'POST', cors: 'any' }])).toThrow(/mixes CORS modes/);
    expect(() => groupByPath([r, { ...r }])).toThrow(/declares a method twice/);
  });
});

describe("PF-CORS (docs/decisions.md § CORS: the site's own origins only, Vary: Origin, headers on errors too)", () => {
  it('grants the site origin, with exposed headers and Vary: Origin', async () => {
    const res = await get('/api/v1/search?q=rust', { headers: { origin: SITE_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Policy');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('grants nothing to other origins or to Origin: null, but still sends Vary: Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `${SITE_ORIGIN}.evil.example`, SITE_ORIGIN.toUpperCase()]) {
      const res = await get('/api/v1/search?q=rust', { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('grants the configured allowedOrigins too', async () => {
    setSiteData({ ...base, site: { ...base.site, allowedOrigins: ['http://localhost:4321/'] }, kept: {} });
    const res = await client()('/api/v1/projects', { headers: { origin: 'http://localhost:4321' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  });

  it('error responses carry CORS headers: 400, 404, 405, route_not_found, 429, 500', async () => {
    const headers = { origin: SITE_ORIGIN };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tight = client({ rateLimits: { portfolio: { limit: 1, window: 60 } } });
    await tight('/api/v1/projects', { headers });
    const responses = [
      await get('/api/v1/search', { headers }),
      await get('/api/v1/projects/nope', { headers }),
      await get('/api/v1/projects', { method: 'POST', headers }),
      await get('/api/v1/nope', { headers }),
      await tight('/api/v1/projects', { headers }),
      await t('/api/t/bug', { headers }),
    ];
    log.mockRestore();
    expect(responses.map((r) => r.status)).toEqual([400, 404, 405, 404, 429, 500]);
    for (const r of responses) {
      expect(r.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
      expect(r.headers.get('vary')).toContain('Origin');
    }
  });

  it('answers a preflight 204 with methods, headers and max-age for the site origin', async () => {
    const res = await get('/api/v1/search', {
      method: 'OPTIONS',
      headers: { origin: SITE_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('If-None-Match');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  });

  it('answers a preflight from another origin 204 without any grant', async () => {
    const res = await get('/api/v1/projects', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('a cors: any route grants every origin', async () => {
    const res = await t('/api/t/any', { headers: { origin: 'https://anyone.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('Vary merging (RFC 9110 § 12.5.5)', () => {
  it("adds Origin to the handler's Vary without duplicates, case-insensitively; * stays *", async () => {
    expect((await t('/api/t/vary')).headers.get('vary')).toBe('Accept, Origin');
    expect((await t('/api/t/vary?vary=origin,%20Accept')).headers.get('vary')).toBe('origin, Accept');
    expect((await t('/api/t/vary?vary=*')).headers.get('vary')).toBe('*');
  });
});

describe('PF-CACHE (docs/decisions.md § Caching: public, max-age=300, ETag from the build, 304 on If-None-Match)', () => {
  it('public GET answers carry Cache-Control and the build ETag', async () => {
    const res = await get('/api/v1/projects');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toBe(etag);
    expect(etag).toBe(`W/"${base.buildId}"`);
  });

  it('If-None-Match with the ETag answers 304 with no body and the same validators, on v1 and aliases', async () => {
    for (const path of SAMPLES) {
      const res = await get(path, { headers: { 'if-none-match': etag } });
      expect(res.status, path).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('vary')).toBe('Origin');
      expect(res.headers.get('content-type')).toBeNull();
    }
  });

  it('If-None-Match compares weakly: strong form, lists and * match; other tags do not', async () => {
    const status = async (value: string) => (await get('/api/v1/projects', { headers: { 'if-none-match': value } })).status;
    expect(await status(`"${base.buildId}"`)).toBe(304);
    expect(await status(`"other", ${etag}`)).toBe(304);
    expect(await status('*')).toBe(304);
    expect(await status('"other"')).toBe(200);
    expect(await status(`W/"${base.buildId}x"`)).toBe(200);
  });

  it('a request that would fail still fails with a matching If-None-Match (never 304 for an error)', async () => {
    expectError(await get('/api/v1/search', { headers: { 'if-none-match': etag } }), 400, 'invalid_query');
    expectError(await get('/api/v1/projects/nope', { headers: { 'if-none-match': '*' } }), 404, 'not_found');
  });

  it('errors are never cached and carry no ETag', async () => {
    for (const path of ['/api/v1/search', '/api/v1/projects/nope', '/api/v1/nope']) {
      const res = await get(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
    }
  });

  it('a new build changes the ETag, and the old one no longer matches', async () => {
    setSiteData({ ...base, buildId: 'next-build', kept: {} });
    const fresh = client();
    const res = await fresh('/api/v1/projects', { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('W/"next-build"');
  });
});

describe('errors nobody sent (docs/decisions.md § Error object: never a 500 for anything a client sent)', () => {
  it('a bug answers 500 internal_error from the catalog, logged, with CORS and no-store', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await t('/api/t/bug', { headers: { origin: SITE_ORIGIN } });
    expect(log).toHaveBeenCalledWith(expect.any(TypeError));
    log.mockRestore();
    expectError(res, 500, 'internal_error');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a missing data file answers 500 internal_error and logs the one clear message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSiteData(undefined);
    vi.stubEnv('FOLIO_DATA_FILE', '/nonexistent/folio-data.json');
    try {
      const res = await client()('/api/v1/projects');
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      expect(String(log.mock.calls[0]?.[0])).toContain('Folio index missing: /nonexistent/folio-data.json does not exist');
    } finally {
      vi.unstubAllEnvs();
      log.mockRestore();
    }
  });

  it('FO-NO-500: no method, path, query or header a client sends makes a portfolio route answer 5xx', async () => {
    const log = vi.spyOn(console, 'error');
    const segment = fc.oneof(fc.string(), fc.constantFrom('%ZZ', '%00', '%E0%A4%A', '..', '%2F', 'quarry', 'constructor', '__proto__'));
    const request = fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
      base: fc.constantFrom('/api/v1/search', '/api/search', '/api/v1/projects', '/api/projects', '/api/v1/compare', '/api/v1/projects/', '/api/projects/'),
      tail: segment,
      query: fc.array(fc.tuple(fc.constantFrom('q', 'type', 'limit', 'category', 'archive', 'cursor', 'slugs', 'x'), segment), { maxLength: 4 }),
      headers: fc.record(
        { origin: fc.oneof(fc.constant(SITE_ORIGIN), fc.string()), 'if-none-match': fc.oneof(fc.constant(etag), fc.string()) },
        { requiredKeys: [] },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, base: path, tail, query, headers }) => {
        const url = `${path}${path.endsWith('/') ? encodeURIComponent(tail).replace(/%25/g, '%') : ''}?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
        const safeHeaders = Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)));
        const res = await get(url, { method, headers: safeHeaders });
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') expect(res.body.error.code).toEqual(expect.any(String));
      }),
      { numRuns: runs(500) },
    );
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
