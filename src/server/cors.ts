// CORS (Fetch standard § 3.2). REST, ask and the knowledge endpoints answer only the site's own
// origins; the MCP endpoint and its server card answer any origin (DESIGN.md § CORS).
import type { Context } from 'hono';
import { siteData } from './data.ts';

const ALLOW_HEADERS = 'Accept, Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID, Mcp-Method, Mcp-Name, Mcp-Protocol-Version, Mcp-Session-Id';
const EXPOSE_HEADERS = 'ETag, Location, Retry-After, Idempotency-Key, RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Deprecation, Sunset, Link, WWW-Authenticate, X-Sandbox, Mcp-Session-Id, Mcp-Protocol-Version';

const originsBySite = new WeakMap<object, Set<string>>();

/** The site's own origins: its configured URL plus the configured allow-list (computed once per loaded config). */
export function allowedOrigins(): Set<string> {
  const { site } = siteData();
  let origins = originsBySite.get(site);
  if (!origins) {
    origins = new Set([new URL(site.url).origin, ...site.allowedOrigins.map((o) => new URL(o).origin)]);
    originsBySite.set(site, origins);
  }
  return origins;
}

export function corsHeaders(c: Context, mode: 'site' | 'any'): Record<string, string> {
  if (mode === 'any') return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
  const origin = c.req.header('origin');
  // The answer depends on Origin whether or not it is allowed, so caches must key on it.
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (origin && origin !== 'null' && allowedOrigins().has(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS;
  }
  return headers;
}

/** Preflight: always 204; the allow headers are only granted to origins CORS allows. */
export function preflight(c: Context, mode: 'site' | 'any', allow: string): Response {
  const headers = new Headers({ Allow: allow, ...corsHeaders(c, mode) });
  if (headers.has('Access-Control-Allow-Origin')) {
    headers.set('Access-Control-Allow-Methods', allow);
    headers.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
    headers.set('Access-Control-Max-Age', '600');
  }
  if (mode === 'site') headers.append('Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers');
  return new Response(null, { status: 204, headers });
}
