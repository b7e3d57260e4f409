// The HTTP app: a Hono app built from the route table. Each route is registered per method with
// the same middleware in front of its handler — CORS, versioning headers, rate limit, ETag/304,
// cache policy — so handlers only turn valid input into an answer. Every failure is an ApiError
// (an HTTPException) answered by the one onError, from the error catalog.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { TrieRouter } from 'hono/router/trie-router';
import { ApiError, errorBody } from './errors.ts';
import { checkQueryEncoding, readBody, validate } from './http.ts';
import { dataFinding, dataIn, langOf } from './language.ts';
import { searchCacheSize } from '../search/rank.ts';
import { cors, preflight } from './middleware/cors.ts';
import { type LimiterOptions, RateLimiter, rateLimit, rateLimitsFromEnv } from './middleware/rate-limit.ts';
import { versioning } from './middleware/versioning.ts';
import { cachePolicy } from './middleware/cache.ts';
import { safely } from './middleware/headers.ts';
import { noteRequest, requestLog } from './middleware/request-log.ts';
import { NO_STORE } from '../http/cache-policy.ts';
import { OAUTH_ERROR_FOR } from './access/oauth-http.ts';
import { honoPath, type Policy, type RouteInput, type RouteSpec } from './route.ts';
import { siteData } from './data.ts';
import { ROUTES } from './routes.ts';
import { SEARCH_ALLOW, SEARCH_PAGE_PATHS, searchErrorPage, searchPage } from './search-page.ts';
import type { RateLimitPolicy } from '../records/schema.ts';
import type { SiteData } from '../search/data-file.ts';
import { cimdOptionsFromEnv } from './access/client-id-metadata.ts';

export { buildEtag, PUBLIC_CACHE_CONTROL } from '../http/cache-policy.ts';

export interface AppOptions extends LimiterOptions {
  /** The routes to serve; the route table unless a test brings its own. */
  routes?: RouteSpec[];
  /**
   * The data every answer reads (records, index, site config), loaded on first use and kept: the
   * data file by default (src/server/data.ts), fixture data in tests.
   */
  data?: () => SiteData;
  /**
   * Rate-limit policies that override the site config (and `FOLIO_RATE_LIMITS`), for tests.
   * With `now` (LimiterOptions) a test exhausts a quota and proves recovery without waiting.
   */
  rateLimits?: Partial<Record<Policy, RateLimitPolicy>>;
  /** Where the request log's lines go (FO-AGENT-LOG): console.log unless a test collects them. */
  log?: (line: string) => void;
}

type Env = {
  Variables: {
    route?: RouteSpec;
    /** How a path that is a page answers its errors (the search page), instead of the API's JSON. */
    errorPage?: (error: ApiError) => Response;
  };
};
type Handler = MiddlewareHandler<Env> | ((c: Context<Env>) => Response | Promise<Response>);

export function createApp(options: AppOptions = {}) {
  const { routes = ROUTES, data = siteData } = options;
  // Configuration from the environment is read here, once: a bad value stops the server at
  // start-up with its message instead of answering 500 later.
  const fromEnv = rateLimitsFromEnv(process.env.FOLIO_RATE_LIMITS);
  searchCacheSize();
  // FO-CIMD: the test-only loopback switch stops the server here when set in production.
  cimdOptionsFromEnv(process.env);
  const limiters = new Map<Policy, RateLimiter>();
  // Created on first use: the site config's policies come from the data file, loaded on first use.
  const limiter = (policy: Policy) => {
    let l = limiters.get(policy);
    if (!l) {
      const configured = options.rateLimits?.[policy] ?? fromEnv[policy] ?? data().site.rateLimits[policy];
      limiters.set(policy, (l = new RateLimiter(policy, configured, options)));
    }
    return l;
  };
  const lazyRateLimit =
    (policy: Policy): MiddlewareHandler =>
    (c, next) =>
      rateLimit(limiter(policy))(c, next);

  // Hono's default router (RegExpRouter, in a SmartRouter) compiles every registration into one
  // matcher on the first request: ~30 ms of each cold start here, paid on the request that waits
  // for it. TrieRouter matches the same paths the same way (strict: a trailing slash is another
  // path) with no build step, and a table of this size costs it microseconds a match.
  const app = new Hono<Env>({ router: new TrieRouter() });
  // First, so it sees every answer, errors included (FO-AGENT-LOG); its time is the limiter's clock.
  app.use('*', requestLog({ write: options.log, now: options.now }));
  /** Hono's `on` with a list of handlers (its typed overloads want them spread, each typed). `ALL` is app.all. */
  const add = (method: string, path: string, handlers: Handler[]) =>
    (app.on as (method: string, path: string, ...handlers: Handler[]) => unknown)(method, path, ...handlers);
  // The search box's results page and its Markdown form (not part of the API: not in the route
  // table). A page, so its errors are pages; rate-limited like the REST search it runs.
  const asPage: MiddlewareHandler<Env> = async (c, next) => {
    c.set('errorPage', (error) => searchErrorPage(c, error, data()));
    noteRequest(c, { operation: 'searchPage' });
    await next();
  };
  for (const path of SEARCH_PAGE_PATHS) {
    add('GET', path, [asPage, lazyRateLimit('portfolio'), searchPage(data)]);
    add('ALL', path, [
      asPage,
      (c: Context<Env>) => {
        throw new ApiError('method_not_allowed', { message: `${c.req.method} is not answered here; use ${SEARCH_ALLOW}.`, headers: { Allow: SEARCH_ALLOW } });
      },
    ]);
  }

  for (const [path, group] of groupByPath(routes)) {
    const allow = allowHeader(group);
    const first = group[0]!;
    const policy = group.find((r) => r.policy)?.policy;
    /** What every answer on the path gets, errors included; `route` names the route for onError. */
    const around = (route: RouteSpec, publicGet = false): MiddlewareHandler[] => [
      async (c, next) => {
        c.set('route', route);
        await next();
      },
      cors(route.cors, data),
      ...(route.version ? [versioning(route.version, data)] : []),
      ...(policy ? [lazyRateLimit(policy)] : []),
      // hono/etag turns a 200 into 304 on If-None-Match (RFC 9110 § 13.1.2), keeping the validators.
      ...(publicGet ? [etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'x-sandbox'] })] : []),
      cachePolicy(publicGet, data),
    ];
    const p = honoPath(path);
    for (const route of group) {
      // Hono answers HEAD by running the GET handlers and dropping the body (RFC 9110 § 9.3.2).
      add(route.method, p, [...around(route, route.cache === 'public' && route.method === 'GET'), (c: Context<Env>) => answer(c, route, data())]);
    }
    add('OPTIONS', p, [...around(first), preflight(first.cors, allow, data)]);
    // RFC 9110 § 15.5.6: a 405 lists the methods the path does answer.
    add('ALL', p, [
      ...around(first),
      (c: Context<Env>) => {
        throw new ApiError('method_not_allowed', { message: `${c.req.method} is not answered here; use ${allow}.`, headers: { Allow: allow } });
      },
    ]);
  }
  const notFound = () => {
    throw new ApiError('route_not_found');
  };
  // Every answer carries the rate-limit state, an unknown path's 404 too (counted against the REST
  // API's policy, so probing paths costs quota like any request). Vercel matches rewrites without
  // regard to case, so `/API/V1/…` reaches the function: Hono's routes are case-sensitive, and it
  // is counted and answered here.
  add('ALL', '*', [cors('site', data), lazyRateLimit('portfolio'), notFound]);

  app.onError((error, c) => {
    const route = c.get('route');
    if (!(error instanceof ApiError)) {
      // Only a bug or a broken deployment (e.g. a missing data file) reaches here: client mistakes
      // are ApiErrors. Log the cause; answer from the catalog.
      console.error(error);
      error = new ApiError('internal_error');
    }
    const page = c.get('errorPage');
    if (page) return page(error as ApiError);
    const { code, status, detail, message } = error as ApiError;
    const headers = { ...detail.headers, 'Cache-Control': NO_STORE };
    if (route?.errorShape === 'oauth') {
      return Response.json({ error: OAUTH_ERROR_FOR[code] ?? 'invalid_request', error_description: message }, { status, headers });
    }
    const origin = safely(() => data().site.url, new URL(c.req.url).origin);
    return Response.json(errorBody(code, origin, detail), { status, headers });
  });

  return app;
}

/** A route's handler with its input validated by its schemas; credentials are checked first. */
async function answer(c: Context, route: RouteSpec, data: SiteData): Promise<Response> {
  route.authorize?.(c, data);
  const invalid = route.invalid ?? { '*': 'invalid_filter' };
  if (route.query) checkQueryEncoding(c.req.url, invalid);
  const input: RouteInput = {
    params: route.params ? validate(route.params, c.req.param(), invalid) : {},
    query: route.query ? validate(route.query, c.req.query(), invalid) : {},
    // OAuth-shaped routes read and check their own body: each failure has its own OAuth error
    // code (RFC 6749 § 5.2, RFC 7591 § 3.2.2), which the catalog's codes cannot express.
    body: route.body && route.errorShape !== 'oauth' ? validate(route.body, await readBody(c.req.raw, route.bodyTypes), invalid) : undefined,
    data,
  };
  // FO-I18N: a route that declares `lang` (language.ts langParam) answers from that language's data;
  // a search that finds nothing there, from another language's (FO-SEARCH-FALLBACK).
  const lang = langOf(input.query) ?? langOf(input.body);
  input.data = route.finds ? dataFinding(data, lang, route.finds(input), invalid.lang) : dataIn(data, lang, invalid.lang);
  return route.handler(c, input);
}

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
