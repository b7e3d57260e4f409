// The HTTP app: one Hono app built from the route table. Every route gets the same cross-cutting
// treatment here — CORS, rate limits, input parsing, conditional GET, caching, versioning, errors —
// so handlers only turn valid input into an answer.
import { Hono, type Context } from 'hono';
import { ApiError, errorBody, type ErrorCode } from './errors.ts';
import { clientAddress, readBody, validate, json, withHeaders, JsonAnswer, type HeaderEdit, type Reply } from './http.ts';
import { RateLimiter, rateLimitsFromEnv, type LimiterOptions } from './rate-limit.ts';
import { corsHeaders, preflight } from './cors.ts';
import { versionHeaders } from './versioning.ts';
import { honoPath, type Policy, type RouteInput, type RouteSpec } from './route.ts';
import { siteData } from './data.ts';
import { ROUTES } from './routes.ts';
import { SEARCH_PAGE_PATH, searchPage } from './search-page.ts';
import type { RateLimitPolicy } from '../records/schema.ts';

/** OAuth endpoints answer `{ error, error_description }` (RFC 6749 § 5.2), not the catalog shape. */
const OAUTH_CODES: Partial<Record<ErrorCode, string>> = {
  rate_limited: 'slow_down',
  internal_error: 'server_error',
};

/** DESIGN.md § Caching: clients may cache public data for five minutes. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/**
 * The validator of every public response: derived from the build, so it changes exactly when the
 * published content does. Weak (RFC 9110 § 8.8.1) because the platform may compress the body,
 * and a strong tag would then have to differ per content coding.
 */
export const buildEtag = (buildId: string) => `W/"${buildId}"`;

export interface AppOptions extends LimiterOptions {
  /**
   * Rate-limit policies that override the site config (and `FOLIO_RATE_LIMITS`), for tests.
   * With `now` (LimiterOptions) a test exhausts a quota and proves recovery without waiting.
   */
  rateLimits?: Partial<Record<Policy, RateLimitPolicy>>;
}

export function createApp(routes: RouteSpec[] = ROUTES, options: AppOptions = {}) {
  const app = new Hono();
  const limiters = new Map<Policy, RateLimiter>();
  const limiter = (policy: Policy) => {
    let l = limiters.get(policy);
    if (!l) {
      const configured = options.rateLimits?.[policy] ?? rateLimitsFromEnv(process.env.FOLIO_RATE_LIMITS)[policy] ?? siteData().site.rateLimits[policy];
      limiters.set(policy, (l = new RateLimiter(policy, configured, options)));
    }
    return l;
  };

  // The search box's results page for people (HTML, not part of the API: not in the route table).
  app.get(SEARCH_PAGE_PATH, searchPage);
  for (const [path, group] of groupByPath(routes)) {
    const allow = allowHeader(group);
    app.all(honoPath(path), (c) => dispatch(c, group, allow));
  }
  app.notFound((c) => finish(c, undefined, errorResponse(c, undefined, new ApiError('route_not_found'))));
  app.onError((error, c) => {
    // Only a bug or a broken deployment (e.g. a missing data file) reaches here: client mistakes
    // are ApiErrors, answered in dispatch(). Log the cause; answer from the catalog.
    console.error(error);
    try {
      return finish(c, undefined, errorResponse(c, undefined, new ApiError('internal_error')));
    } catch {
      return json(errorBody('internal_error', new URL(c.req.url).origin), { status: 500, headers: { 'Cache-Control': 'no-store' } }).toResponse();
    }
  });

  /** One path, all its methods: OPTIONS is the CORS preflight, HEAD is GET without a body, the rest is 405. */
  async function dispatch(c: Context, group: RouteSpec[], allow: string): Promise<Response> {
    const first = group[0]!;
    const policy = group.find((r) => r.policy)?.policy;
    // Hono answers HEAD by running the GET handlers and dropping the body (RFC 9110 § 9.3.2).
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (method === 'OPTIONS') {
      // A preflight costs no quota (browsers send them on their own), but still shows the client's state.
      const rate = policy ? limiter(policy).peek(clientAddress(c)).headers : {};
      return finish(c, first, preflight(c, first.cors, allow), rate);
    }
    const route = group.find((r) => r.method === method);
    let rate: Record<string, string> = {};
    try {
      if (policy) {
        const decision = limiter(policy).take(clientAddress(c));
        rate = decision.headers;
        if (!decision.allowed) {
          throw new ApiError('rate_limited', { message: `Over the limit of the "${policy}" policy; retry in ${decision.reset} s.` });
        }
      }
      // RFC 9110 § 15.5.6: a 405 lists the methods the path does answer.
      if (!route) throw new ApiError('method_not_allowed', { message: `${c.req.method} is not answered here; use ${allow}.`, headers: { Allow: allow } });
      route.authorize?.(c);
      const invalid = route.invalid ?? { '*': 'invalid_filter' };
      const input: RouteInput = {
        params: route.params ? validate(route.params, c.req.param(), invalid) : {},
        query: route.query ? validate(route.query, c.req.query(), invalid) : {},
        // OAuth-shaped routes read and check their own body: each failure has its own OAuth error
        // code (RFC 6749 § 5.2, RFC 7591 § 3.2.2), which the catalog's codes cannot express.
        body: route.body && route.errorShape !== 'oauth' ? validate(route.body, await readBody(c.req.raw, route.bodyTypes), invalid) : undefined,
      };
      return finish(c, route, notModified(c, route, await route.handler(c, input)), rate);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return finish(c, route ?? first, errorResponse(c, route ?? first, error), rate);
    }
  }

  /**
   * RFC 9110 § 13.1.2: If-None-Match against the build's ETag. Only a response that would have
   * been 200 becomes 304, so a request the handler refuses is still refused.
   */
  function notModified(c: Context, route: RouteSpec, reply: Reply): Reply {
    if (!isPublic(route, reply.status) || reply.status !== 200) return reply;
    if (!matchesEtag(c.req.header('if-none-match'), buildEtag(siteData().buildId))) return reply;
    const headers = reply instanceof JsonAnswer ? { ...reply.headers } : Object.fromEntries(reply.headers);
    delete headers['content-type'];
    delete headers['content-length'];
    return new Response(null, { status: 304, headers });
  }

  /** Headers every answer of a route carries, errors, 304s and preflights included. */
  function finish(c: Context, route: RouteSpec | undefined, reply: Reply, rate: Record<string, string> = {}): Response {
    return withHeaders(reply, (headers) => {
      for (const name in rate) headers.set(name, rate[name]!);
      // CORS headers go on errors too, or a browser client could not read why it failed (DESIGN.md § CORS).
      for (const [k, v] of Object.entries(safely(() => corsHeaders(c, route?.cors ?? 'site'), { Vary: 'Origin' }))) {
        if (k.toLowerCase() === 'vary') appendVary(headers, v);
        else headers.set(k, v);
      }
      if (route?.version) {
        const version = route.version;
        for (const [k, v] of Object.entries(safely(() => versionHeaders(version, siteData().site), {}))) headers.set(k, v);
      }
      if (route && isPublic(route, reply.status)) {
        // RFC 9110 § 15.4.5: a 304 carries the Cache-Control and ETag the 200 would have.
        headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
        headers.set('ETag', buildEtag(siteData().buildId));
      } else if (reply.status >= 300 || !headers.has('Cache-Control')) {
        // Errors (429 above all) must never be reused from a cache.
        headers.set('Cache-Control', 'no-store');
      }
    });
  }

  function errorResponse(c: Context, route: RouteSpec | undefined, error: ApiError): JsonAnswer {
    const headers = { ...error.detail.headers };
    if (route?.errorShape === 'oauth') {
      return json(
        { error: OAUTH_CODES[error.code] ?? 'invalid_request', error_description: error.message },
        { status: error.status, headers },
      );
    }
    const origin = safely(() => siteData().site.url, new URL(c.req.url).origin);
    return json(errorBody(error.code, origin, error.detail), { status: error.status, headers });
  }

  return app;
}

/** GET routes with `cache: 'public'` answering 200 (or 304) are the cacheable ones. */
const isPublic = (route: RouteSpec, status: number) => route.cache === 'public' && route.method === 'GET' && (status === 200 || status === 304);

/**
 * Routes grouped by path, static paths before parameterized ones: Hono tries handlers in the order
 * they were added, and `/x/batch` must not be taken by `/x/{id}`. A path's routes must agree on
 * CORS (one preflight answers for all of them) and may not repeat a method.
 */
export function groupByPath(routes: RouteSpec[]): [string, RouteSpec[]][] {
  const groups = [...Map.groupBy(routes, (r) => r.path)];
  for (const [path, group] of groups) {
    if (new Set(group.map((r) => r.cors)).size > 1) throw new Error(`Route table: ${path} mixes CORS modes; one preflight answers for the path.`);
    if (new Set(group.map((r) => r.method)).size < group.length) throw new Error(`Route table: ${path} declares a method twice.`);
  }
  const shape = (path: string) => path.split('/').map((s) => (s.startsWith('{') ? 1 : 0));
  return groups.sort(([a], [b]) => {
    const sa = shape(a);
    const sb = shape(b);
    for (let i = 0; i < Math.min(sa.length, sb.length); i++) if (sa[i] !== sb[i]) return sa[i]! - sb[i]!;
    return 0;
  });
}

/** RFC 9110 § 10.2.1: the methods a path answers; every GET also answers HEAD. */
export function allowHeader(group: RouteSpec[]): string {
  const methods = new Set(group.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])));
  return [...methods, 'OPTIONS'].join(', ');
}

/** RFC 9110 § 13.1.2: a list of entity tags, or `*`; weak comparison, as If-None-Match requires. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}

/** RFC 9110 § 12.5.5: Vary is a set of field names, compared case-insensitively; `*` absorbs the rest. */
export function appendVary(headers: HeaderEdit, value: string) {
  const current = headers.get('Vary');
  if (!current) return headers.set('Vary', value);
  const names = new Map<string, string>();
  for (const name of `${current},${value}`.split(',')) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  headers.set('Vary', names.has('*') ? '*' : [...names.values()].join(', '));
}

/** For headers that need the data file: if it cannot load, the answer still goes out (onError logs why). */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
