// Per-client-address rate limits, counted per instance (as both specs say), in bounded memory.
// Headers follow draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy` (name, quota `q`,
// window `w`) and `RateLimit` (name, remaining `r`, seconds to reset `t`), plus the older
// `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` trio that clients still read.
import { LRUCache } from 'lru-cache';
import type { Policy } from './route.ts';
import type { RateLimitPolicy } from '../records/schema.ts';

export interface Decision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until the window resets. */
  reset: number;
}

export interface LimiterOptions {
  /** Most client addresses tracked at once; memory stays bounded whatever the traffic. */
  maxClients?: number;
  /** Milliseconds since the epoch. Injected by tests to prove recovery without waiting a window. */
  now?: () => number;
}

/**
 * Fixed windows keyed by client address. The map is capped: when full, the windows of the clients
 * seen least recently are dropped, so memory stays bounded whatever the number of addresses.
 */
export class RateLimiter {
  readonly #windows: LRUCache<string, { count: number; resetAt: number }>;
  readonly name: Policy;
  readonly policy: RateLimitPolicy;
  readonly maxClients: number;
  readonly now: () => number;

  constructor(name: Policy, policy: RateLimitPolicy, { maxClients = 10_000, now = Date.now }: LimiterOptions = {}) {
    this.name = name;
    this.policy = policy;
    this.maxClients = maxClients;
    this.now = now;
    this.#windows = new LRUCache({ max: maxClients });
  }

  get size() {
    return this.#windows.size;
  }

  /** Counts `cost` requests from `client` (one, or each message of a batch) and says whether they are within the quota. */
  take(client: string, cost = 1): Decision {
    const now = this.now();
    // Every request makes its client the most recently seen, so when the map is full the client
    // evicted is the one seen least recently — never a hot client mid-window. (Keyed by insertion
    // alone, a flood of new addresses evicted the hot client's window and reset its count.)
    let window = this.#windows.get(client);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.policy.window * 1000 };
      this.#windows.set(client, window);
    }
    window.count += cost;
    return this.#decision(window.count, window.resetAt, now);
  }

  /** The client's state without counting a request: for answers that should not cost quota (CORS preflights). */
  peek(client: string): Decision {
    const now = this.now();
    const window = this.#windows.peek(client);
    if (!window || window.resetAt <= now) return this.#decision(0, now + this.policy.window * 1000, now);
    // Capped at the quota so a peek never carries Retry-After: it refuses nothing.
    return { ...this.#decision(Math.min(window.count, this.policy.limit), window.resetAt, now), allowed: window.count < this.policy.limit };
  }

  #decision(count: number, resetAt: number, now: number): Decision {
    const { limit, window: w } = this.policy;
    const allowed = count <= limit;
    const remaining = Math.max(0, limit - count);
    const reset = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const headers: Record<string, string> = {
      'RateLimit-Policy': `"${this.name}";q=${limit};w=${w}`,
      RateLimit: `"${this.name}";r=${remaining};t=${reset}`,
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(reset),
    };
    // RFC 9110 § 10.2.3, on refusals only.
    if (!allowed) headers['Retry-After'] = String(reset);
    return { allowed, reset, headers };
  }
}

/**
 * `FOLIO_RATE_LIMITS`, e.g. `portfolio=600/60,knowledge=1200/60` (requests per seconds), overrides
 * the site config's policies for one server process: a load test, or a shared end-to-end server
 * that many test files hit from one address. Read when the app creates its limiters.
 */
export function rateLimitsFromEnv(value: string | undefined): Partial<Record<Policy, RateLimitPolicy>> {
  const limits: Partial<Record<Policy, RateLimitPolicy>> = {};
  if (!value?.trim()) return limits;
  for (const part of value.split(',')) {
    const m = /^\s*(knowledge|portfolio)\s*=\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < 1) {
      throw new Error(`FOLIO_RATE_LIMITS: expected entries like "portfolio=60/60" (policy=requests/seconds, comma-separated), got "${part.trim()}".`);
    }
    limits[m[1] as Policy] = { limit: Number(m[2]), window: Number(m[3]) };
  }
  return limits;
}
