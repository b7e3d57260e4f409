// The rate limit of a route's policy (docs/decisions.md § Rate limits): every answer carries the
// client's state, errors included; over the quota the request is refused with 429 before it is
// read. A CORS preflight costs no quota (browsers send them on their own) but shows the state.
import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors.ts';
import type { RateLimiter } from '../rate-limit.ts';

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
