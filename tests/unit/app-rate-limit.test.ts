// Rate limits on every route that has a policy (PF-RATE-LIMIT; docs/decisions.md § Rate limits):
// per client address, per instance, both header forms on every answer, 429 + Retry-After, then
// recovery — proven with an injected clock instead of waiting a window.
import { describe, expect, it, vi } from 'vitest';
import { RateLimiter, rateLimitsFromEnv } from '../../src/server/middleware/rate-limit.ts';
import { buildEtag } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';
import { client, expectError } from '../support/portfolio-helpers.ts';

const configured = siteData().site.rateLimits.portfolio;

function clocked() {
  const clock = { now: 1_000_000 };
  // No rateLimits override: the site config's policy is what these tests prove.
  return { clock, get: client({ now: () => clock.now }) };
}

describe('PF-RATE-LIMIT: rate limits over app.request (60 per 60 s per client address)', () => {
  it('the site config sets the portfolio policy the rule names', () => {
    expect(configured).toEqual({ limit: 60, window: 60 });
  });

  it('every answer carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-11) and the older trio', async () => {
    const { get } = clocked();
    const res = await get('/api/v1/projects');
    expect(res.headers.get('ratelimit-policy')).toBe('"portfolio";q=60;w=60');
    expect(res.headers.get('ratelimit')).toBe('"portfolio";r=59;t=60');
    expect([res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining'), res.headers.get('ratelimit-reset')]).toEqual(['60', '59', '60']);
  });

  it('errors, 304s and 405s carry them too, and count', async () => {
    const { get } = clocked();
    const answers = [
      await get('/api/v1/search'),
      await get('/api/v1/projects/nope'),
      await get('/api/v1/projects', { headers: { 'if-none-match': buildEtag(siteData().buildId) } }),
      await get('/api/v1/compare', { method: 'POST' }),
      await get('/api/projects', { method: 'HEAD' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 404, 304, 405, 200]);
    expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual([59, 58, 57, 56, 55].map((r) => `"portfolio";r=${r};t=60`));
    for (const a of answers) expect(a.headers.get('ratelimit-policy')).toBe('"portfolio";q=60;w=60');
  });

  it('a CORS preflight shows the state without spending quota', async () => {
    const { get } = clocked();
    await get('/api/v1/projects');
    const preflight = await get('/api/v1/projects', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('ratelimit')).toBe('"portfolio";r=59;t=60');
    expect((await get('/api/v1/projects')).headers.get('ratelimit')).toBe('"portfolio";r=58;t=60');
  });

  it('PF-ALIASES: v1 and the aliases share one quota (same policy)', async () => {
    const { get } = clocked();
    await get('/api/v1/search?q=x');
    expect((await get('/api/search?q=x')).headers.get('ratelimit')).toBe('"portfolio";r=58;t=60');
  });

  it('over the limit: 429 rate_limited with Retry-After; after the window, allowed again', async () => {
    const { clock, get } = clocked();
    for (let i = 0; i < 60; i++) expect((await get('/api/v1/projects')).status).toBe(200);
    clock.now += 15_000;
    const refused = await get('/api/v1/projects');
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('ratelimit')).toBe('"portfolio";r=0;t=45');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Every route of the policy is refused, whatever the request.
    expect((await get('/api/v1/search?q=x')).status).toBe(429);
    // docs/decisions.md § Rate limits: an unknown /api/ path counts against the REST policy too.
    expect((await get('/api/v1/nope')).status).toBe(429);
    clock.now += 45_000;
    const recovered = await get('/api/v1/projects');
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('ratelimit')).toBe('"portfolio";r=59;t=60');
    expect(recovered.headers.get('retry-after')).toBeNull();
  });

  it('counts per client address (x-real-ip, else the first x-forwarded-for)', async () => {
    const { get } = clocked();
    const from = (ip: string) => ({ headers: { 'x-real-ip': ip } });
    for (let i = 0; i < 60; i++) await get('/api/v1/projects', from('192.0.2.1'));
    expect((await get('/api/v1/projects', from('192.0.2.1'))).status).toBe(429);
    expect((await get('/api/v1/projects', from('192.0.2.2'))).status).toBe(200);
    expect((await get('/api/v1/projects', { headers: { 'x-forwarded-for': '192.0.2.1, 10.0.0.1' } })).status).toBe(429);
  });

  it('counts per app instance (as the rule says): a new instance starts fresh', async () => {
    const a = clocked();
    for (let i = 0; i < 61; i++) await a.get('/api/v1/projects');
    expect((await a.get('/api/v1/projects')).status).toBe(429);
    expect((await clocked().get('/api/v1/projects')).status).toBe(200);
  });

  it('FOLIO_RATE_LIMITS overrides the config when the app creates its limiters', async () => {
    vi.stubEnv('FOLIO_RATE_LIMITS', 'portfolio=3/10');
    try {
      const get = client({});
      expect((await get('/api/v1/projects')).headers.get('ratelimit-policy')).toBe('"portfolio";q=3;w=10');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('RateLimiter (bounded memory, peek, env syntax)', () => {
  it('FO-BOUNDED: keeps at most maxClients windows, dropping the soonest to expire', () => {
    let now = 0;
    const limiter = new RateLimiter('portfolio', { limit: 1, window: 60 }, { maxClients: 3, now: () => now });
    for (const ip of ['a', 'b', 'c']) {
      limiter.take(ip);
      now += 1000;
    }
    limiter.take('d');
    expect(limiter.size).toBe(3);
    expect(limiter.take('a').allowed).toBe(true); // a's window was dropped first
    expect(limiter.take('d').allowed).toBe(false);
  });

  it('peek never counts and never carries Retry-After', () => {
    const limiter = new RateLimiter('portfolio', { limit: 1, window: 60 }, { now: () => 0 });
    expect(limiter.peek('a')).toMatchObject({ allowed: true, headers: { RateLimit: '"portfolio";r=1;t=60' } });
    limiter.take('a');
    limiter.take('a');
    const peek = limiter.peek('a');
    expect(peek.allowed).toBe(false);
    expect(peek.headers['Retry-After']).toBeUndefined();
    expect(peek.headers.RateLimit).toBe('"portfolio";r=0;t=60');
  });

  it('parses FOLIO_RATE_LIMITS and rejects anything else with a clear message', () => {
    expect(rateLimitsFromEnv(undefined)).toEqual({});
    expect(rateLimitsFromEnv(' portfolio = 600/60 , knowledge=5/1 ')).toEqual({ portfolio: { limit: 600, window: 60 }, knowledge: { limit: 5, window: 1 } });
    for (const bad of ['portfolio=60', 'other=1/1', 'portfolio=0/60', 'portfolio=1/0', 'portfolio=x/60']) {
      expect(() => rateLimitsFromEnv(bad), bad).toThrow(/^FOLIO_RATE_LIMITS: expected entries like "portfolio=60\/60"/);
    }
  });
});
