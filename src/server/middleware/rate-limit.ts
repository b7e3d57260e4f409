// Per-client-address rate limits, counted per instance (PF-RATE-LIMIT, KQ-RATE-LIMIT), in bounded
// memory (FO-BOUNDED). Headers follow draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy`
// (name, quota `q`, window `w`) and `RateLimit` (name, remaining `r`, seconds to reset `t`), plus the
// older `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` trio that clients still read.
//
// The limiter and the middleware that applies a route's policy (docs/decisions.md § Rate limits):
// every answer carries the client's state, errors included; over the quota the request is refused
// with 429 before it is read. A CORS preflight costs no quota (browsers send them on their own) but shows the state.
import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors.ts';
import { LRUCache } from 'lru-cache';
import type { RateLimitPolicy } from '../../records/schema.ts';
import type { Policy } from '../route.ts';

/**
 * What one request costs (FO-QUOTA-COST; docs/decisions.md § Rate limits): stated once, here, and
 * rendered into openapi.json (the batch, jobs and MCP operations), /developers and the limits, so
 * what a client reads in `RateLimit` predicts what it may send.
 */
export const QUOTA_COST_RULE =
  'Each question costs one unit of the knowledge quota and each JSON-RPC message one unit of the portfolio quota: ' +
  'a batch of n questions costs n, collecting a job of n questions (GET /api/v1/jobs/{job_id}) costs n each time (creating it costs 1: it answers nothing yet), ' +
  'and an MCP batch of n messages costs n. A request that costs more than `RateLimit` says remains is refused with 429 `rate_limited` before any of it runs, and spends nothing.';

export interface Decision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until the window resets. */
  reset: number;
}

interface Window {
  /** Requests allowed in this window. */
  count: number;
  /** Milliseconds since the epoch when the window ends. */
  resetAt: number;
}

export interface LimiterOptions {
  /** Most client addresses tracked at once; memory stays bounded whatever the traffic. */
  maxClients?: number;
  /** Milliseconds since the epoch. Injected by tests to prove recovery without waiting a window. */
  now?: () => number;
}

/**
 * Fixed windows keyed by client address, in two bounded maps. Clients within their quota live in an
 * LRU: when it is full, the client seen least recently is dropped, so memory stays bounded whatever
 * the number of addresses. A client over its quota moves to a map of its own, which new addresses
 * never touch: it stays refused until its window ends, however many others arrive meanwhile (to
 * evict one, an attacker would have to push `maxClients` other addresses over their quota first).
 */
export class RateLimiter {
  readonly #windows: LRUCache<string, Window>;
  /**
   * Made when a first client goes over its quota: an LRUCache allocates its whole capacity up front,
   * and most instances, each cold start among them, never refuse anyone.
   */
  #refused?: LRUCache<string, Window>;
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

  /** Clients tracked, within their quota or over it. */
  get size() {
    return this.#windows.size + (this.#refused?.size ?? 0);
  }

  /**
   * Counts `cost` requests from `client` (one, or each further message of a batch) and says whether
   * they are within the quota. A refusal spends nothing: a refused batch leaves the count as it was.
   */
  take(client: string, cost = 1): Decision {
    const now = this.now();
    const refused = this.#refused?.get(client);
    if (refused && refused.resetAt > now) return this.#decision(refused.count + cost, refused.resetAt, now);
    if (refused) this.#refused!.delete(client);
    // Every request makes its client the most recently seen, so when the map is full the client
    // evicted is the one seen least recently, never a hot client mid-window.
    let window = this.#windows.get(client);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.policy.window * 1000 };
      this.#windows.set(client, window);
    }
    const decision = this.#decision(window.count + cost, window.resetAt, now);
    if (decision.allowed) window.count += cost;
    else if (window.count >= this.policy.limit) {
      // Out of quota (not merely refused a batch larger than what is left): kept apart until the
      // window ends, the count at what was allowed.
      this.#windows.delete(client);
      (this.#refused ??= new LRUCache({ max: this.maxClients })).set(client, window);
    }
    return decision;
  }

  /** Gives back `cost` requests counted in the client's current window (a batch refused after its first message was counted). */
  refund(client: string, cost: number): void {
    const window = this.#windows.peek(client) ?? this.#refused?.peek(client);
    if (!window || window.resetAt <= this.now()) return;
    window.count = Math.max(0, window.count - cost);
    if (window.count < this.policy.limit && this.#refused?.delete(client)) this.#windows.set(client, window);
  }

  /** The client's state without counting a request: for answers that should not cost quota (CORS preflights). */
  peek(client: string): Decision {
    const now = this.now();
    const window = this.#refused?.peek(client) ?? this.#windows.peek(client);
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
/** The largest values FOLIO_RATE_LIMITS takes: six digits of requests, five of seconds (about 27 hours). */
export const MAX_ENV_LIMIT = 999_999;
export const MAX_ENV_WINDOW = 99_999;

export function rateLimitsFromEnv(value: string | undefined): Partial<Record<Policy, RateLimitPolicy>> {
  const limits: Partial<Record<Policy, RateLimitPolicy>> = {};
  if (!value?.trim()) return limits;
  for (const part of value.split(',')) {
    const m = /^\s*(knowledge|portfolio)\s*=\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < 1) {
      throw new Error(
        `FOLIO_RATE_LIMITS: expected entries like "portfolio=60/60" (policy=requests/seconds, comma-separated; requests 1 to ${MAX_ENV_LIMIT}, seconds 1 to ${MAX_ENV_WINDOW}), got "${part.trim()}".`,
      );
    }
    limits[m[1] as Policy] = { limit: Number(m[2]), window: Number(m[3]) };
  }
  return limits;
}

/**
 * The client address. Vercel overwrites `x-forwarded-for` with the real client address and the
 * local server does the same from its socket, so a client cannot pick its own bucket.
 */
export function clientAddress(c: Context): string {
  const h = c.req.raw.headers;
  return rateLimitKey(h.get('x-real-ip') ?? h.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown');
}

/**
 * The bucket of an address. An IPv6 client usually holds a whole /64 (RFC 6177 § 2; SLAAC picks
 * addresses within it at will), so IPv6 addresses count per /64; an IPv4-mapped address counts as
 * its IPv4 address (ipaddr.js parses both). Anything else (IPv4, or text a proxy sent) is its own bucket.
 */
export function rateLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`).toString()}/64`;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Counts `cost` more requests against the route's policy (see rateLimit); throws rate_limited when over. */
    charge: (cost: number) => void;
  }
}

export function rateLimit(limiter: RateLimiter): MiddlewareHandler {
  return async function rateLimit(c, next) {
    const client = clientAddress(c);
    if (c.req.method === 'OPTIONS') {
      await next();
      for (const [name, value] of Object.entries(limiter.peek(client).headers)) c.res.headers.set(name, value);
      return;
    }
    let decision = limiter.take(client);
    const refuse = () => {
      throw new ApiError('rate_limited', {
        message: `Over the limit of the "${limiter.name}" policy; retry in ${decision.reset} s.`,
        headers: decision.headers,
      });
    };
    if (!decision.allowed) refuse();
    // A request that carries several operations (an MCP JSON-RPC batch) pays for the others once
    // it has read them; over the quota, it is refused before any of them runs, and spends nothing:
    // the request's own unit is given back too.
    c.set('charge', (cost: number) => {
      if (cost <= 0) return;
      const more = limiter.take(client, cost);
      if (more.allowed) {
        decision = more;
        return;
      }
      limiter.refund(client, 1);
      // The state as it now is (what is left), and when a batch this size can come back.
      const state = limiter.peek(client);
      decision = { allowed: false, reset: more.reset, headers: { ...state.headers, 'Retry-After': String(more.reset) } };
      refuse();
    });
    await next();
    for (const [name, value] of Object.entries(decision.headers)) c.res.headers.set(name, value);
  };
}
