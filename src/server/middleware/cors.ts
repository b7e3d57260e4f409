// CORS (Fetch standard § 3.2): REST, ask and the knowledge endpoints answer only the site's own
// origins; the MCP endpoint and its server card answer any origin (docs/decisions.md § CORS).
// Hand-written rather than `hono/cors`, which grants Allow-Methods and Allow-Headers to every
// origin on a preflight and appends to Vary without merging it as a set (RFC 9110 § 12.5.5).
import type { Context, MiddlewareHandler } from 'hono';
import type { SiteData } from '../../search/data-file.ts';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from '../header-names.ts';
import { appendVary, safely } from './headers.ts';

export type CorsMode = 'site' | 'any';

const ALLOW_HEADERS = REQUEST_HEADERS.join(', ');
const EXPOSE_HEADERS = EXPOSED_HEADERS.join(', ');

/** The site's own origins: its configured URL plus the configured allow-list (made per request with an Origin: ~1 µs, not worth keeping). */
export const allowedOrigins = ({ site }: SiteData): Set<string> => new Set([new URL(site.url).origin, ...site.allowedOrigins.map((o) => new URL(o).origin)]);

export function corsHeaders(c: Context, mode: CorsMode, data: () => SiteData): Record<string, string> {
  if (mode === 'any') return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
  const origin = c.req.header('origin');
  // The answer depends on Origin whether or not it is allowed, so caches must key on it.
  const headers: Record<string, string> = { Vary: 'Origin' };
  // If the data file cannot load, the answer still goes out without a grant (onError logs why).
  if (origin && origin !== 'null' && safely(() => allowedOrigins(data()).has(origin), false)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS;
  }
  return headers;
}

/** CORS headers on every answer of the route, errors included, or a browser could not read why it failed. */
export function cors(mode: CorsMode, data: () => SiteData): MiddlewareHandler {
  return async function cors(c, next) {
    await next();
    for (const [name, value] of Object.entries(corsHeaders(c, mode, data))) {
      if (name === 'Vary') appendVary(c.res.headers, value);
      else c.res.headers.set(name, value);
    }
  };
}

/** The preflight answer: always 204; the allow headers are only granted to origins CORS allows. */
export function preflight(mode: CorsMode, allow: string, data: () => SiteData) {
  return (c: Context) => {
    const headers = new Headers({ Allow: allow });
    if (corsHeaders(c, mode, data)['Access-Control-Allow-Origin']) {
      headers.set('Access-Control-Allow-Methods', allow);
      headers.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      headers.set('Access-Control-Max-Age', '600');
    }
    // The grant depends on these request headers too (the cors middleware finds Origin already there).
    if (mode === 'site') headers.set('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    return new Response(null, { status: 204, headers });
  };
}
