import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/middleware/rate-limit.ts';

describe('RateLimiter (docs/decisions.md § Rate limits)', () => {
  it('PF-RATE-LIMIT: allows the quota, then refuses with Retry-After, then recovers when the window ends', () => {
    let now = 0;
    const limiter = new RateLimiter('portfolio', { limit: 2, window: 60 }, { now: () => now });
    expect(limiter.take('a').headers).toMatchObject({ 'RateLimit-Policy': '"portfolio";q=2;w=60', RateLimit: '"portfolio";r=1;t=60' });
    expect(limiter.take('a').allowed).toBe(true);
    const refused = limiter.take('a');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['Retry-After']).toBe('60');
    now = 60_000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('FO-BOUNDED: keeps memory bounded by its client cap', () => {
    const limiter = new RateLimiter('knowledge', { limit: 5, window: 60 }, { maxClients: 100 });
    for (let i = 0; i < 10_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});
