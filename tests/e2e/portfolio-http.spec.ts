// The portfolio API over real HTTP against `npm start` serving the built output: the headers a
// client and a browser see (PF-RATE-LIMIT, PF-CACHE, PF-CORS, PF-ALIASES; docs/decisions.md § CORS, § Caching).
import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';

const RATE_POLICY = /^"portfolio";q=\d+;w=\d+$/;
const RATE = /^"portfolio";r=\d+;t=\d+$/;

test.describe('PF-NO-AUTH: the portfolio API over HTTP, with no credentials (shared server)', () => {
  test('PF-SEARCH, PF-RATE-LIMIT, PF-CACHE: search answers JSON with RateLimit-Policy, RateLimit, Cache-Control, ETag and Vary', async ({ request }) => {
    const res = await request.get('/api/v1/search?q=rust');
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-type']).toMatch(/^application\/json/);
    expect(h['ratelimit-policy']).toMatch(RATE_POLICY);
    expect(h.ratelimit).toMatch(RATE);
    expect(h['ratelimit-limit']).toMatch(/^\d+$/);
    expect(h['cache-control']).toBe('public, max-age=300');
    expect(h.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(h.vary).toContain('Origin');
    const body = await res.json();
    expect(body.hits[0]).toMatchObject({ slug: expect.any(String), href: expect.stringMatching(/^\//), match: expect.any(String) });
  });

  test('PF-CACHE: If-None-Match with the ETag answers 304 with no body (docs/decisions.md § Caching)', async ({ request }) => {
    const first = await request.get('/api/v1/projects');
    const etag = first.headers().etag!;
    const again = await request.get('/api/v1/projects', { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);
    expect(again.headers().etag).toBe(etag);
    expect(again.headers()['cache-control']).toBe('public, max-age=300');
    expect(again.headers().ratelimit).toMatch(RATE);
  });

  test('PF-CORS: the site origin is granted, on success and on errors; another origin is not', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const ok = await request.get('/api/projects/quarry', { headers: { Origin: origin } });
    expect(ok.headers()['access-control-allow-origin']).toBe(origin);
    const error = await request.get('/api/v1/search', { headers: { Origin: origin } });
    expect(error.status()).toBe(400);
    expect(error.headers()['access-control-allow-origin']).toBe(origin);
    expect(error.headers()['ratelimit-policy']).toMatch(RATE_POLICY);
    const other = await request.get('/api/v1/projects', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers()['access-control-allow-origin']).toBeUndefined();
    expect(other.headers().vary).toContain('Origin');
  });

  test('PF-CORS: a CORS preflight answers 204 with the allowed methods', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const res = await request.fetch('/api/v1/compare', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
    expect(res.status()).toBe(204);
    expect(res.headers()['access-control-allow-origin']).toBe(origin);
    expect(res.headers()['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });

  test('PF-ROUTE-404, PF-ERRORS: HEAD answers like GET without a body; a wrong method is 405 with Allow; unknown /api paths are JSON 404s', async ({
    request,
  }) => {
    const head = await request.head('/api/v1/projects/quarry');
    expect(head.status()).toBe(200);
    expect((await head.body()).length).toBe(0);
    expect(head.headers().etag).toMatch(/^W\//);
    const wrong = await request.delete('/api/v1/projects/quarry');
    expect(wrong.status()).toBe(405);
    expect(wrong.headers().allow).toBe('GET, HEAD, OPTIONS');
    expect((await wrong.json()).error.code).toBe('method_not_allowed');
    const unknown = await request.get('/api/v1/projectz', { headers: { Accept: 'text/html' } });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-type']).toMatch(/^application\/json/);
    expect((await unknown.json()).error.code).toBe('route_not_found');
  });
});

// Exhausting the quota on the shared server would refuse every other test that shares its client
// address, so this test starts its own server process with the site's real policy (no
// FOLIO_RATE_LIMITS override). Recovery after the window is proven with an injected clock in
// tests/unit/app-rate-limit.test.ts rather than by waiting 60 s here.
test.describe('PF-RATE-LIMIT: the rate limit over HTTP (dedicated server)', () => {
  let server: ChildProcess | undefined;
  let base = '';
  let output = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    // The default limits, and the shared server's FOLIO_SITE_URL (inherited): the build is fresh for
    // that URL, so this server serves it as is instead of rebuilding under the shared server's feet.
    delete env.FOLIO_RATE_LIMITS;
    server = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    for (let i = 0; ; i++) {
      // A path outside /api/ (a static 404): waiting spends no quota.
      const up = await fetch(`${base}/ready-check`).then(
        (r) => r.status === 404,
        () => false,
      );
      if (up) break;
      if (i > 200 || server.exitCode !== null) throw new Error(`dedicated server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('PF-RATE-LIMIT, PF-ALIASES: exhausting the quota gets 429 rate_limited with Retry-After, on every route of the policy', async () => {
    const first = await fetch(`${base}/api/v1/projects`);
    expect(first.status).toBe(200);
    const policy = first.headers.get('ratelimit-policy')!;
    expect(policy).toBe('"portfolio";q=60;w=60');
    const quota = 60;
    let remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit')!)![1]);
    expect(remaining).toBe(quota - 1);
    for (let i = 1; i < quota; i++) {
      const res = await fetch(`${base}/api/v1/search?q=rust`);
      expect(res.status).toBe(200);
      const r = Number(/r=(\d+)/.exec(res.headers.get('ratelimit')!)![1]);
      expect(r).toBe(remaining - 1);
      remaining = r;
      await res.arrayBuffer();
    }
    expect(remaining).toBe(0);
    const refused = await fetch(`${base}/api/v1/projects/quarry`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toBe(`"portfolio";r=0;t=${retryAfter}`);
    expect(refused.headers.get('ratelimit-policy')).toBe(policy);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', status: 429 });
    const alias = await fetch(`${base}/api/search?q=rust`);
    expect(alias.status).toBe(429);
  });
});
