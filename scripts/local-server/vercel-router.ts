// Vercel's request routing, run locally: the order and rules Vercel emits into
// .vercel/output/config.json for this project (the deploy artifact test checks that order), driven
// by the same vercel.json and the same middleware module. Nothing here restates a rule of ours:
// headers and rewrites come from vercel.json, negotiation from middleware.ts.
//
//   1. vercel.json `routes` before `handle: filesystem`, in order: the redirects (308: /x/ → /x,
//      /x.html → /x), the header rules (matched against the path the client asked for), then the
//      Markdown gate, whose `has` conditions rewrite the requests that may want Markdown to the
//      middleware's path (src/routing/markdown-gate.ts)
//   2. the middleware, when its matcher matches the path as rewritten so far: rewrite, or answer
//   3. the file system: static files by their exact name, and the function at /api
//   4. the routes after it, each checking the file system: to the function (which sees the
//      original URL), or /about → about.html
//   5. the 404 page (404.html) for everything else
// One departure, for what only the deployment has: the analytics providers' same-origin paths
// (Vercel's own /_vercel/insights/, the /_stats/ rewrites to Plausible and Umami Cloud) get a local
// stand-in (analytics-stand-in.ts), never the provider: a page view here is not a visit to count.
// Every answer says what ran for it in `x-folio-compute` (`none`, `middleware`, `function`, or
// both): a local diagnostic Vercel does not send, by which tests and the benchmark count invocations.
import { getTransformedRoutes, isHandler, sourceToRegex, type HasField } from '@vercel/routing-utils';
import { FUNCTION_PATH, type VercelConfig } from '../../src/builder/vercel-config.ts';
import { HTML, TEXT } from '../../src/http/media-types.ts';
import { representationEtag } from '../../src/http/cache-policy.ts';
import { analyticsStandIn } from './analytics-stand-in.ts';

export interface Middleware {
  config: { matcher: string | string[] };
  default: (request: Request) => Response | Promise<Response>;
}

/** A file the file-system phase found: its bytes (a stream, from astro dev) and its own headers. */
export interface StaticFile {
  /** 200 unless the source says otherwise (astro dev may). */
  status?: number;
  /** The file's own headers (its media type); names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | string | null;
}

export interface StaticFiles {
  /** The static file a (decoded) path names, as Vercel's file system phase finds it; `undefined` on a miss. */
  get(path: string, request: Request): Promise<StaticFile | undefined>;
}

export interface RouterOptions {
  config: VercelConfig;
  middleware: Middleware;
  files: StaticFiles;
  fn: { fetch: (request: Request) => Response | Promise<Response> };
}

/** Headers the middleware protocol uses to talk to the router; never sent to the client. */
const isProtocolHeader = (name: string) => name.startsWith('x-middleware-') || ['content-length', 'transfer-encoding', 'connection', 'date'].includes(name);

/**
 * A vercel.json `source` as Vercel compiles it (path-to-regexp 6, through Vercel's own library);
 * Vercel matches paths case-insensitively. Syntax it refuses throws, naming the source.
 */
export function sourceToRegExp(source: string): RegExp {
  try {
    return new RegExp(sourceToRegex(source).src, 'i');
  } catch (error) {
    throw new Error(`vercel.json source ${source}: ${(error as Error).message}`);
  }
}

/** Vercel compiles a middleware matcher like a source with an optional trailing `/`, `#` or `?`. */
export const matcherRegExp = (matcher: string) => new RegExp(sourceToRegExp(matcher).source.replace(/\$$/, '[\\/#\\?]?$'), 'i');

/** A route before the file system, as this router runs it: a redirect, header rules, or a rewrite that lets routing go on. */
type PreRoute =
  | { kind: 'redirect'; src: RegExp; location: string }
  | { kind: 'headers'; src: RegExp; headers: Record<string, string>; has: HasField; missing: HasField }
  | { kind: 'rewrite'; src: RegExp; dest: string; has: HasField; missing: HasField };

/** A rewrite after the file system (`check: true`): to the function, or to a file it then looks up. */
type PostRoute = { src: RegExp; dest: string };

/**
 * vercel.json's routes as Vercel compiles them (getTransformedRoutes: the same code `vercel build`
 * runs): before `handle: filesystem` the redirects (cleanUrls, trailingSlash), then `routes` in
 * order (header rules, the Markdown gate's rewrites), after it the rewrites to the function and to
 * page files.
 */
export function compileVercelRoutes(config: VercelConfig) {
  const { routes, error } = getTransformedRoutes(config);
  if (error || !routes) throw new Error(`vercel.json: ${error?.message ?? 'no routes'}`);
  const filesystem = routes.findIndex((r) => isHandler(r) && r.handle === 'filesystem');
  const before: PreRoute[] = [];
  for (const route of routes.slice(0, filesystem)) {
    if (isHandler(route)) continue;
    const src = new RegExp(route.src, 'i');
    const conditions = { has: route.has ?? [], missing: route.missing ?? [] };
    if (route.status === 308 && route.headers?.Location) before.push({ kind: 'redirect', src, location: route.headers.Location });
    else if (route.dest && route.continue) before.push({ kind: 'rewrite', src, dest: route.dest, ...conditions });
    else if (route.headers && route.continue) {
      before.push({ kind: 'headers', src, headers: Object.fromEntries(Object.entries(route.headers).map(([k, v]) => [k.toLowerCase(), v])), ...conditions });
    } else
      throw new Error(
        `vercel.json route ${route.src}: the local server runs redirects, header rules and rewrites that continue before the file system, not this`,
      );
  }
  const after = routes.slice(filesystem + 1).flatMap((route): PostRoute[] => {
    if (isHandler(route)) return [];
    if (!route.dest || !route.check)
      throw new Error(`vercel.json route ${route.src}: the local server runs rewrites that check the file system after it, not this`);
    return [{ src: new RegExp(route.src, 'i'), dest: route.dest }];
  });
  return { before, after };
}

/**
 * Whether a route's `has` and `missing` conditions hold for a request (Build Output API § routes):
 * a header or query parameter is present and, when a value is given, matches it as a regular
 * expression over the whole value. Header names are case-insensitive (RFC 9110 § 5.1).
 */
export function conditionsHold(request: Request, url: URL, has: HasField, missing: HasField): boolean {
  const holds = (condition: HasField[number]) => {
    let actual: string | null;
    if (condition.type === 'header') actual = request.headers.get(condition.key);
    else if (condition.type === 'query') actual = url.searchParams.get(condition.key);
    else throw new Error(`vercel.json: the local server does not run \`has\` conditions of type ${condition.type}`);
    if (actual === null) return false;
    return condition.value === undefined || new RegExp(`^(?:${condition.value})$`).test(actual);
  };
  return has.every(holds) && !missing.some(holds);
}

/** A route's text with `$1`… filled in from its match; the match is the client's path, so it is inserted by a function, never as a pattern. */
export const fill = (text: string, match: RegExpExecArray) => text.replace(/\$(\d+)/g, (_, i: string) => match[Number(i)] ?? '');

/**
 * A redirect's Location stays on this site: no open redirect
 * (docs/decisions.md § The local server's own guards). `//evil.com/` captures `/evil.com`, and
 * `//evil.com` is a network-path reference (RFC 3986 § 4.2) that a browser follows to another host;
 * browsers read `\` as `/` there too (WHATWG URL). One leading slash it is: the redirect goes to
 * `/evil.com`, a path of this site (which 404s).
 */
export const sameSite = (location: string) => location.replace(/^[/\\]{2,}/, '/');

/** The 404 page's file, which Vercel serves for a path nothing else answers. */
const NOT_FOUND_FILE = '/404.html';

export interface Invocations {
  middleware: number;
  function: number;
}

export function createVercelRouter({ config, middleware, files, fn }: RouterOptions) {
  const { before, after } = compileVercelRoutes(config);
  const matchers = [middleware.config.matcher].flat().map(matcherRegExp);
  /** What ran, over the router's life: the local server's count of what Vercel would invoke. */
  const invocations: Invocations = { middleware: 0, function: 0 };

  /** Phases 1–3 as far as the request decides them: whether it redirects, its header rules, the path routing goes on with, whether the middleware runs. */
  function planOf(request: Request, url: URL) {
    let path = url.pathname;
    // A later rule wins for the same name.
    const routeHeaders: Record<string, string> = {};
    for (const route of before) {
      const m = route.src.exec(path);
      if (!m) continue;
      if (route.kind === 'redirect') return { location: sameSite(fill(route.location, m)), routeHeaders: {}, path, middleware: false };
      if (!conditionsHold(request, url, route.has, route.missing)) continue;
      if (route.kind === 'headers') for (const [name, value] of Object.entries(route.headers)) routeHeaders[name] = fill(value, m);
      else path = fill(route.dest, m);
    }
    return { location: undefined, routeHeaders, path, middleware: matchers.some((m) => m.test(path)) };
  }
  const notFoundUrl = new URL('http://localhost/404');
  const notFoundHeaders = planOf(new Request(notFoundUrl), notFoundUrl).routeHeaders;

  async function answer(request: Request, ran: { middleware: boolean; function: boolean }): Promise<Response> {
    const url = new URL(request.url);
    const plan = planOf(request, url);
    const { location, routeHeaders } = plan;
    const callFunction = () => {
      ran.function = true;
      invocations.function++;
      return fn.fetch(request);
    };

    // 1. Redirects come first: /x/ → /x, /x.html → /x, /index → /. The query is kept.
    if (location !== undefined) return new Response(null, { status: 308, headers: { Location: location + url.search } });

    //    What the platform or a provider answers once deployed: the local stand-in (FO-ANALYTICS-LOCAL).
    const standIn = analyticsStandIn(request, url.pathname);
    if (standIn) return finish(request, standIn, routeHeaders);

    //    Header rules, on the path as asked: routeHeaders, applied to the answer below; the gate's
    //    rewrite, in plan.path.
    // 2. The middleware, handed the request as the client sent it.
    let path = plan.path;
    const middlewareHeaders: [string, string][] = [];
    if (plan.middleware) {
      ran.middleware = true;
      invocations.middleware++;
      const answer = await middleware.default(request);
      const rewriteTo = answer.headers.get('x-middleware-rewrite');
      const carryOn = rewriteTo !== null || answer.headers.get('x-middleware-next') === '1';
      if (!carryOn) return finish(request, answer, routeHeaders);
      for (const [name, value] of answer.headers) if (!isProtocolHeader(name)) middlewareHeaders.push([name, value]);
      if (rewriteTo) path = new URL(rewriteTo, url).pathname;
    }

    /** A static file's answer; a static file answers only reads. */
    const serve = (file: StaticFile) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        // RFC 9110 § 15.5.6: 405 names the allowed methods. Its body is text whatever the file's
        // type, so the file's Content-Type (from a header rule or the middleware: a JSON discovery
        // file's, a twin's) does not apply to it.
        const refusal = { headers: { allow: 'GET, HEAD', 'content-type': TEXT }, body: 'Method Not Allowed' };
        const { 'content-type': _fileType, ...otherRouteHeaders } = routeHeaders;
        return fileAnswer(
          request,
          refusal,
          405,
          otherRouteHeaders,
          middlewareHeaders.filter(([name]) => name !== 'content-type'),
        );
      }
      return fileAnswer(request, file, file.status ?? 200, routeHeaders, middlewareHeaders);
    };
    const lookUp = async (path: string) => {
      const decoded = filePath(path);
      return decoded === undefined ? undefined : files.get(decoded, request);
    };

    // 3. The file system: the function at /api, then static files.
    if (path === FUNCTION_PATH) return finish(request, await callFunction(), routeHeaders, middlewareHeaders);
    const file = await lookUp(path);
    if (file) return serve(file);

    // 4. Rewrites after static files, in order, each looking its destination up (`check`): to the
    // function (which sees the original URL), or to a page's file. A miss carries on with the
    // rewritten path, as Vercel's does.
    for (const rewrite of after) {
      const m = rewrite.src.exec(path);
      if (!m) continue;
      const dest = fill(rewrite.dest, m);
      if (dest === FUNCTION_PATH) return finish(request, await callFunction(), routeHeaders, middlewareHeaders);
      // An external rewrite: the analytics providers' paths have their stand-in above; the local
      // server passes nothing on to another site.
      if (/^https:\/\//.test(dest)) return notFollowed(dest);
      const found = await lookUp(dest);
      if (found) return serve(found);
      path = dest;
    }

    // 5. Nothing here: the site's 404 page, with status 404 and the header rules of that page, not
    // of the path asked: a miss under /_astro/ is an HTML page, not a year-long immutable asset,
    // and it keeps the pages' Content-Security-Policy.
    const page = (await files.get(NOT_FOUND_FILE, request)) ?? {
      headers: { 'content-type': HTML },
      body: '<!doctype html><title>404: Not Found</title><h1>404: Not Found</h1>',
    };
    return fileAnswer(request, page, 404, notFoundHeaders, middlewareHeaders);
  }

  /** Routes a request, and says on the answer what ran for it. */
  const route = async (request: Request): Promise<Response> => {
    const ran = { middleware: false, function: false };
    const response = await answer(request, ran);
    response.headers.set(COMPUTE_HEADER, computeLabel(ran));
    return response;
  };
  return Object.assign(route, { invocations });
}

/** An external rewrite with no local stand-in: said plainly, not fetched. */
const notFollowed = (dest: string) =>
  new Response(`Bad Gateway: this path is rewritten to ${dest} once deployed; the local server does not pass requests on to other sites.`, {
    status: 502,
    headers: { 'content-type': TEXT },
  });

/** The local server's diagnostic header: what ran for an answer (never sent by Vercel). */
export const COMPUTE_HEADER = 'x-folio-compute';
const computeLabel = (ran: { middleware: boolean; function: boolean }) =>
  [ran.middleware && 'middleware', ran.function && 'function'].filter(Boolean).join(', ') || 'none';

/**
 * The file a URL path names, each segment percent-decoded on its own: an encoded `/` (`%2F`) is
 * part of a name, never a separator, as on Vercel, so `/_astro/..%2fabout` names no file and cannot
 * reach about.html from under a header rule written for another prefix
 * (docs/decisions.md § The local server's own guards). A segment that decodes to a `/` names no
 * file at all, nor does bad percent-encoding (RFC 3986 § 2.1).
 */
export function filePath(path: string): string | undefined {
  try {
    const segments = path.split('/').map(decodeURIComponent);
    return segments.some((segment) => segment.includes('/')) ? undefined : segments.join('/');
  } catch {
    return undefined;
  }
}

/**
 * A static file's answer: route headers override the file's own (that is how extension-less files
 * get their media type), then middleware headers. Merged into one plain object: a static page's
 * answer costs no Headers object at all. HEAD answers carry no body.
 */
function fileAnswer(request: Request, file: StaticFile, status: number, routeHeaders: Record<string, string>, middlewareHeaders: [string, string][]): Response {
  const headers = { ...file.headers, ...routeHeaders };
  for (const [name, value] of middlewareHeaders) headers[name] = value;
  // RFC 9110 § 13.1.2: a GET or HEAD whose If-None-Match lists the ETag of this representation
  // (the file as the type it is served as: representationEtag) gets 304, no body. The file's own
  // type is the one its header rules give it (an extension-less file has none of its own); only
  // negotiation (the middleware) serves it as another.
  const ownType = routeHeaders['content-type'] ?? file.headers['content-type'];
  const etag = file.headers.etag && representationEtag(file.headers.etag, ownType, headers['content-type']);
  if (etag) headers.etag = etag;
  if (
    status === 200 &&
    etag &&
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
  ) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : file.body, { status, headers });
}

/**
 * Puts route headers and middleware headers on a function's (or the middleware's) response: its
 * own headers override route headers (Vercel: "headers in Function responses override route
 * headers"); middleware headers are applied last. HEAD answers carry no body.
 */
function finish(request: Request, response: Response, routeHeaders: Record<string, string>, middlewareHeaders: [string, string][] = []): Response {
  // A copy: a fetched or redirect response's headers are immutable (Fetch § 5.5).
  const headers = new Headers(response.headers);
  for (const name in routeHeaders) if (!headers.has(name)) headers.set(name, routeHeaders[name]!);
  for (const [name, value] of middlewareHeaders) headers.set(name, value);
  return new Response(request.method === 'HEAD' ? null : response.body, { status: response.status, statusText: response.statusText, headers });
}
