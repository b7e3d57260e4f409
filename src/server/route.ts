// What one route is. The route table (routes.ts) is a list of these; the Hono app, vercel.json's
// rewrites and openapi.json are all derived from it, so a route is declared exactly once.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { SiteData } from '../search/data-file.ts';

export type Method = 'GET' | 'POST';

/** Rate-limit policies, named as they appear in `RateLimit-Policy` (docs/decisions.md § Rate limits). */
export type Policy = 'knowledge' | 'portfolio';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Media type of the body; JSON when omitted. */
  contentType?: string;
  /** Names of response headers worth documenting (see HEADER_DOCS in the OpenAPI generator). */
  headers?: string[];
  /** Other media types the same status may answer with, e.g. `text/event-stream` events on /ask. */
  alternates?: { contentType: string; schema?: z.ZodType; description?: string }[];
}

/**
 * A request the route answers, and the status it answers it with, on the sample fixture site
 * (tests/fixtures/sample-site) that every test tier builds and serves. The tests send each route's
 * example (tests/e2e/smoke.spec.ts over HTTP, where the contract check records it), so a
 * route cannot go unexercised, and tests/unit/route-examples.test.ts fails for one without an example.
 */
export interface RouteExample {
  /** Filled into the path template: `{ slug: 'quarry' }`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: { json: unknown } | { form: Record<string, string> };
  status: number;
}

export interface RouteSpec<Q extends z.ZodObject = z.ZodObject, P extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** OpenAPI-style path, e.g. `/api/v1/projects/{slug}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** OpenAPI `deprecated: true`: kept for older clients, with a successor named in `description`. */
  deprecated?: true;
  tag: 'portfolio' | 'knowledge' | 'access' | 'mcp';
  /** Rate-limit policy; every response of the route carries its headers. */
  policy?: Policy;
  /** `site`: only the site's own origins; `any`: every origin (MCP and its card). */
  cors: 'site' | 'any';
  /** `public`: Cache-Control max-age=300 + build ETag + 304; `no-store`: never cached. */
  cache?: 'public' | 'no-store';
  /** Only `GET /api/v1` and `GET /api` need the public-read bearer (docs/decisions.md § OAuth). */
  auth?: 'publicRead';
  /** Checks credentials before any input is read, so a caller without them learns nothing else first. */
  authorize?: (c: Context, data: SiteData) => void;
  /** API version the route belongs to, for Deprecation/Sunset/Link headers. */
  version?: string;
  query?: Q;
  params?: P;
  body?: B;
  /** Media types accepted for the body; JSON only when omitted. */
  bodyTypes?: ('json' | 'form')[];
  /** Error code for a query/params validation failure, per field, with `*` as the fallback. */
  invalid?: Partial<Record<string, ErrorCode>> & { '*': ErrorCode };
  /** Documented request headers, e.g. `Idempotency-Key`. */
  requestHeaders?: string[];
  responses: Record<number, ResponseSpec>;
  /** Error codes this route can answer, for openapi.json. */
  errors?: ErrorCode[];
  handler: (c: Context, input: RouteInput<Q, P, B>) => Response | Promise<Response>;
  /**
   * FO-SEARCH-FALLBACK, for a route that searches: whether its answer to this input finds anything
   * in a language's data. When it finds nothing in the language asked, the app answers from the
   * first of the site's other languages where it does (language.ts dataFinding).
   */
  finds?: (input: RouteInput<Q, P, B>) => (data: SiteData) => boolean;
  /** OAuth endpoints answer `{ error, error_description }` (RFC 6749 § 5.2) instead of the catalog shape. */
  errorShape?: 'oauth';
  /** Hidden routes are served but not listed (aliases share the v1 operation's docs). */
  aliasOf?: string;
  /** A request it answers on the sample fixture site (RouteExample). */
  example?: RouteExample;
}

/** A route's input, typed by its schemas: the handler gets what they output, already validated. */
export interface RouteInput<Q extends z.ZodObject = z.ZodObject, P extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType> {
  query: z.output<Q>;
  params: z.output<P>;
  body: z.output<B>;
  /** The app's data (createApp's `data`): records, index, site config. */
  data: SiteData;
}

/**
 * A route, its handler typed by its own schemas. The table holds routes of many input types, so
 * each is stored as the general RouteSpec: the app validates the input against the same schemas
 * before calling the handler, which is what makes this one widening sound.
 */
export const defineRoute = <Q extends z.ZodObject = z.ZodObject, P extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType>(
  route: RouteSpec<Q, P, B>,
): RouteSpec => route as unknown as RouteSpec;

/** `/api/v1/projects/{slug}` → `/api/v1/projects/:slug` (Hono's syntax). */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A route's example as a request: the site path with its query string, and the method, headers and body. */
export function exampleRequest(route: Pick<RouteSpec, 'method' | 'path' | 'example'>): { path: string; init: RequestInit } {
  const example = route.example ?? { status: 200 };
  const filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example.params?.[name] ?? name));
  const query = new URLSearchParams(example.query).toString();
  const headers: Record<string, string> = { ...example.headers };
  let body: string | undefined;
  if (example.body && 'json' in example.body) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(example.body.json);
  } else if (example.body && 'form' in example.body) {
    headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(example.body.form).toString();
  }
  return { path: query ? `${filled}?${query}` : filled, init: { method: route.method, headers, ...(body !== undefined ? { body } : {}) } };
}
