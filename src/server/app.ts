// The HTTP app: one Hono app built from the route table. Every route gets the same cross-cutting
// treatment here — CORS, rate limits, input parsing, conditional GET, caching, versioning, errors —
// so handlers only turn valid input into an answer.
import { Hono, type Context } from 'hono';
import { ApiError, errorBody, type ErrorCode } from './errors.ts';
import { clientAddress, readBody, validate, json } from './http.ts';
import { RateLimiter } from './rate-limit.ts';
import { corsHeaders, preflight } from './cors.ts';
import { versionHeaders } from './versioning.ts';
import { honoPath, type Policy, type RouteSpec } from './route.ts';
import { siteData } from './data.ts';
import { ROUTES } from './routes.ts';

/** OAuth endpoints answer `{ error, error_description }` (RFC 6749 § 5.2), not the catalog shape. */
const OAUTH_CODES: Partial<Record<ErrorCode, string>> = {
  rate_limited: 'slow_down',
};

export function createApp(routes: RouteSpec[] = ROUTES) {
  const app = new Hono();
  const limiters = new Map<Policy, RateLimiter>();
  const limiter = (policy: Policy) => {
    let l = limiters.get(policy);
    if (!l) limiters.set(policy, (l = new RateLimiter(policy, siteData().site.rateLimits[policy])));
    return l;
  };

  const byPath = Map.groupBy(routes, (r) => r.path);
  for (const [path, group] of byPath) {
    const allow = [...new Set(group.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]))), 'OPTIONS'].join(', ');
    const cors = group[0]!.cors;
    app.options(honoPath(path), (c) => preflight(c, cors, allow));
    for (const route of group) app.on(route.method, honoPath(path), (c) => serve(c, route));
    app.all(honoPath(path), (c) =>
      finish(c, group[0]!, errorResponse(c, group[0]!, new ApiError('method_not_allowed', { headers: { Allow: allow } }))),
    );
  }
  app.notFound((c) => finish(c, undefined, errorResponse(c, undefined, new ApiError('route_not_found'))));
  app.onError((error, c) => {
    // Only a bug reaches here: client mistakes are ApiErrors handled in serve(). Log it, answer plainly.
    console.error(error);
    return json({ error: { code: 'internal_error', message: 'Something went wrong on our side.', status: 500 } }, { status: 500 });
  });

  async function serve(c: Context, route: RouteSpec): Promise<Response> {
    let rate: Record<string, string> = {};
    try {
      if (route.policy) {
        const decision = limiter(route.policy).take(clientAddress(c));
        rate = decision.headers;
        if (!decision.allowed) throw new ApiError('rate_limited', { message: `Over the limit of the "${route.policy}" policy.` });
      }
      const etag = `"${siteData().buildId}"`;
      if (route.cache === 'public' && route.method === 'GET' && matchesEtag(c.req.header('if-none-match'), etag)) {
        return finish(c, route, new Response(null, { status: 304 }), rate);
      }
      const invalid = route.invalid ?? { '*': 'invalid_filter' };
      const input = {
        params: route.params ? validate(route.params, c.req.param(), invalid) : {},
        query: route.query ? validate(route.query, c.req.query(), invalid) : {},
        // OAuth-shaped routes read and check their own body: each failure has its own OAuth error
        // code (RFC 6749 § 5.2, RFC 7591 § 3.2.2), which the catalog's codes cannot express.
        body: route.body && route.errorShape !== 'oauth' ? validate(route.body, await readBody(c.req.raw, route.bodyTypes), invalid) : undefined,
      };
      return finish(c, route, await route.handler(c, input), rate);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return finish(c, route, errorResponse(c, route, error), rate);
    }
  }

  /** Headers every answer of a route carries, errors included. */
  function finish(c: Context, route: RouteSpec | undefined, response: Response, rate: Record<string, string> = {}): Response {
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(rate)) headers.set(k, v);
    for (const [k, v] of Object.entries(corsHeaders(c, route?.cors ?? 'site'))) {
      if (k === 'Vary') appendVary(headers, v);
      else headers.set(k, v);
    }
    if (route?.version) for (const [k, v] of Object.entries(versionHeaders(route.version, siteData().site))) headers.set(k, v);
    const ok = response.status < 300 || response.status === 304;
    if (route?.cache === 'public' && route.method === 'GET' && ok) {
      headers.set('Cache-Control', 'public, max-age=300');
      headers.set('ETag', `"${siteData().buildId}"`);
    } else if (!headers.has('Cache-Control')) {
      headers.set('Cache-Control', route?.cache === 'public' ? 'no-cache' : 'no-store');
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  function errorResponse(c: Context, route: RouteSpec | undefined, error: ApiError): Response {
    const origin = safeSiteUrl(c);
    const headers = { ...error.detail.headers };
    if (route?.errorShape === 'oauth') {
      return json(
        { error: OAUTH_CODES[error.code] ?? 'invalid_request', error_description: error.message },
        { status: error.status, headers },
      );
    }
    return json(errorBody(error.code, origin, error.detail), { status: error.status, headers });
  }

  return app;
}

/** RFC 9110 § 13.1.2: a list of entity tags, or `*`; weak comparison for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function appendVary(headers: Headers, value: string) {
  const current = headers.get('Vary');
  const names = new Set((current ? `${current}, ${value}` : value).split(',').map((v) => v.trim()).filter(Boolean));
  headers.set('Vary', [...names].join(', '));
}

/** The docs link base. If the data file cannot load, the request's own origin still gives a usable link. */
function safeSiteUrl(c: Context): string {
  try {
    return siteData().site.url;
  } catch {
    return new URL(c.req.url).origin;
  }
}
