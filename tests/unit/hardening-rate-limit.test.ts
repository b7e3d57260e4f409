// The rate limiter under a flood of distinct client addresses (docs/decisions.md § Rate limits: "per client
// address, per instance, in bounded memory"): its map stays within its cap, the heap grows by a
// bounded amount, and a hot client is still refused while the flood runs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/middleware/rate-limit.ts';
import { createApp } from '../../src/server/app.ts';
import { ROUTES } from '../../src/server/routes.ts';

// A real GC between measurements, or heapUsed would count garbage (Node exposes it behind a flag).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const FLOOD = 100_000;
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe('FO-BOUNDED: RateLimiter under 100,000 distinct addresses (docs/decisions.md § Rate limits: bounded memory)', () => {
  it('the map never holds more than maxClients windows', () => {
    const limiter = new RateLimiter('portfolio', { limit: 60, window: 60 }, { now: () => 0 });
    let largest = 0;
    for (let i = 0; i < FLOOD; i++) {
      limiter.take(address(i));
      if (limiter.size > largest) largest = limiter.size;
    }
    expect(largest).toBe(limiter.maxClients);
  });

  it('heap growth stays bounded by the cap, far below what 100,000 windows would take', () => {
    let now = 0;
    const limiter = new RateLimiter('portfolio', { limit: 60, window: 60 }, { now: () => now });
    // Fill to the cap first: the steady state is what must not grow.
    for (let i = 0; i < limiter.maxClients; i++) limiter.take(`fill-${address(i)}`);
    const before = heapUsed();
    for (let i = 0; i < FLOOD; i++) {
      now = i; // a millisecond per request: every window stays live, nothing expires on its own
      limiter.take(address(i));
    }
    const grown = heapUsed() - before;
    // An unbounded map measured about 10 MB here for 100,000 addresses; a capped one does not grow.
    expect(limiter.size).toBeLessThanOrEqual(limiter.maxClients);
    expect(grown).toBeLessThan(2 * 2 ** 20);
  });

  it('a hot client is still refused (429 decision) at every point of the flood', () => {
    let now = 0;
    const limiter = new RateLimiter('portfolio', { limit: 60, window: 60 }, { now: () => now });
    const hot = '203.0.113.7';
    for (let i = 0; i < 60; i++) expect(limiter.take(hot).allowed).toBe(true);
    let refusals = 0;
    for (let i = 0; i < FLOOD; i++) {
      now = Math.floor(i / 10); // 100,000 addresses within 10 s: all inside the hot client's window
      limiter.take(address(i));
      if (i % 500 === 0) {
        const decision = limiter.take(hot);
        expect(decision.allowed, `hot client allowed again after ${i} flood addresses`).toBe(false);
        expect(decision.headers['Retry-After']).toBeDefined();
        refusals++;
      }
    }
    expect(refusals).toBe(FLOOD / 500);
  });

  it('through the app: a hot client gets 429 rate_limited while 20,000 other addresses arrive', async () => {
    const app = createApp({ routes: ROUTES, rateLimits: { portfolio: { limit: 5, window: 60 } } });
    const get = (ip: string) => app.request('/api/v1/projects?limit=1', { headers: { 'x-real-ip': ip } });
    for (let i = 0; i < 5; i++) expect((await get('198.51.100.1')).status).toBe(200);
    for (let i = 0; i < 20_000; i++) {
      const res = await get(address(i));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (i % 1000 === 999) {
        const hot = await get('198.51.100.1');
        expect(hot.status, `after ${i + 1} other addresses`).toBe(429);
        expect((await hot.json()).error.code).toBe('rate_limited');
      }
    }
  }, 120_000);
});
