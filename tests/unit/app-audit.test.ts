// What an audit found in the app's answers, each rule over app.request: the rate-limit
// state on every /api answer, caching of GET /ask, integers and percent-encoding held strictly,
// hints about the field at fault, IPv6 clients counted per /64, OAuth's 429 shape.
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../src/server/middleware/rate-limit.ts';
import { createApp } from '../../src/server/app.ts';
import { client, expectError, roomy } from '../support/portfolio-helpers.ts';

describe('PF-RATE-LIMIT: every /api/ answer carries RateLimit-Policy and RateLimit', () => {
  const get = client();
  it.each(['/api/v1/nope', '/api/nope', '/api/v1/projects/x/y/z'])('%s → 404 route_not_found with the rate-limit state', async (path) => {
    const res = await get(path);
    expectError(res, 404, 'route_not_found');
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"portfolio";q=\d+;w=\d+$/);
    expect(res.headers.get('ratelimit')).toMatch(/^"portfolio";r=\d+;t=\d+$/);
  });

  it('a path outside /api/ that reaches the function (an /API spelling, say) is counted too', async () => {
    const res = await get('/nowhere');
    expectError(res, 404, 'route_not_found');
    expect(res.headers.get('ratelimit')).toMatch(/^"portfolio";r=\d+;t=\d+$/);
  });
});

describe('PF-CACHE, docs/decisions.md § Caching: GET /ask is cacheable like other public GETs', () => {
  const get = client();
  it('JSON: public, max-age=300, an ETag, Vary: Accept; If-None-Match → 304', async () => {
    const res = await get('/ask?q=search');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('vary')).toContain('Accept');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get('/ask?q=search', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('the event stream stays no-store (a cache would buffer it); POST is not cached', async () => {
    const stream = await createApp(roomy).request('/ask?q=search&streaming=true');
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    await stream.body?.cancel();
    const post = await get('/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"search"}' });
    expect(post.headers.get('cache-control')).toBe('no-store');
  });
});

describe('FO-NO-500: integers are integers, everywhere (anything else is 400 invalid_filter)', () => {
  const get = client();
  const paths = ['/api/v1/search?q=x&limit=', '/api/v1/projects?limit=', '/api/v1/sandbox?limit=', '/api/v1/sandbox?page=', '/api/v1/jobs/x?page='];
  for (const path of paths.slice(0, 4)) {
    it.each(['0x10', '1e2', '+5', '5.0', ' 5', '-1'])(`${path}%s → 400 invalid_filter`, async (value) => {
      expectError(await get(path + encodeURIComponent(value)), 400, 'invalid_filter');
    });
  }
});

describe('FO-NO-500: percent-encoding that is not UTF-8 is refused with a hint, not searched for', () => {
  const get = client();
  it.each([
    ['/api/v1/search?q=quarry%20%ff', 'invalid_query'],
    ['/ask?q=%ff', 'invalid_query'],
    ['/api/v1/search?q=quarry&type=%c3', 'invalid_filter'],
    ['/api/v1/projects?%ff=1', 'invalid_filter'],
    ['/api/v1/search?q=a=b%ff', 'invalid_query'],
  ] as const)('%s → 400 %s', async (path, code) => {
    const res = await get(path);
    expectError(res, 400, code);
    expect(res.body.error.hint).toMatch(/UTF-8/);
  });

  it('well-formed UTF-8 escapes and + still decode', async () => {
    const res = await get('/api/v1/search?q=%C5%81%C3%B3d%C5%BA+search');
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('Łódź search');
  });
});

describe('PF-ERROR-SHAPE: each error hint is about that error', () => {
  const get = client();
  it('streaming=maybe on /ask is invalid_query, with a hint about streaming (not about the query text)', async () => {
    const res = await get('/ask?q=search&streaming=maybe');
    expectError(res, 400, 'invalid_query');
    expect(res.body.error.hint).toContain('streaming');
    expect(res.body.error.hint).not.toMatch(/1 to 500 characters/);
  });

  it('a missing query keeps the catalog hint about the query', async () => {
    const res = await get('/ask');
    expectError(res, 400, 'invalid_query');
    expect(res.body.error.hint).toMatch(/1 to 500 characters/);
  });
});

describe('docs/decisions.md § Rate limits: IPv6 clients are limited per /64', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['203.0.113.5', '203.0.113.5'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('two addresses of one /64 share a quota; another /64 has its own', async () => {
    const get = client({ rateLimits: { portfolio: { limit: 2, window: 60 } } });
    const from = (ip: string) => get('/api/v1/projects', { headers: { 'x-real-ip': ip } });
    expect((await from('2001:db8:1:2::a')).status).toBe(200);
    expect((await from('2001:db8:1:2::b')).status).toBe(200);
    expectError(await from('2001:db8:1:2:ffff::c'), 429, 'rate_limited');
    expect((await from('2001:db8:1:3::a')).status).toBe(200);
  });
});

describe('KQ-ERROR-SHAPE, docs/decisions.md § OAuth: 429 on an OAuth endpoint', () => {
  it('answers the OAuth shape with slow_down and Retry-After', async () => {
    const post = client({ rateLimits: { knowledge: { limit: 1, window: 60 } } });
    await post('/oauth/token', { method: 'POST' });
    const res = await post('/oauth/token', { method: 'POST' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'slow_down', error_description: expect.any(String) });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
