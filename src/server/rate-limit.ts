// Per-client-address rate limits, counted per instance (as both specs say), in bounded memory.
// Headers follow draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` and `RateLimit`, plus
// the older `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` trio that clients still read.
import type { Policy } from './route.ts';
import type { RateLimitPolicy } from '../records/schema.ts';

export interface Decision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until the window resets. */
  reset: number;
}

/**
 * Fixed windows keyed by client address. The map is capped: when full, the windows that expire
 * soonest are dropped, so memory stays bounded whatever the number of addresses.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly name: Policy;
  readonly policy: RateLimitPolicy;
  readonly maxClients: number;
  readonly now: () => number;

  constructor(name: Policy, policy: RateLimitPolicy, { maxClients = 10_000, now = Date.now } = {}) {
    this.name = name;
    this.policy = policy;
    this.maxClients = maxClients;
    this.now = now;
  }

  get size() {
    return this.#windows.size;
  }

  take(client: string): Decision {
    const now = this.now();
    let window = this.#windows.get(client);
    if (!window || window.resetAt <= now) {
      this.#windows.delete(client);
      this.#evict();
      window = { count: 0, resetAt: now + this.policy.window * 1000 };
      this.#windows.set(client, window);
    }
    window.count++;
    const allowed = window.count <= this.policy.limit;
    const remaining = Math.max(0, this.policy.limit - window.count);
    const reset = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    const { limit, window: w } = this.policy;
    return {
      allowed,
      reset,
      headers: {
        'RateLimit-Policy': `"${this.name}";q=${limit};w=${w}`,
        RateLimit: `"${this.name}";r=${remaining};t=${reset}`,
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': String(remaining),
        'RateLimit-Reset': String(reset),
        ...(allowed ? {} : { 'Retry-After': String(reset) }),
      },
    };
  }

  /** A Map iterates in insertion order and a window is re-inserted when it restarts, so the first keys expire soonest. */
  #evict() {
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxClients) return;
      this.#windows.delete(key);
    }
  }
}
