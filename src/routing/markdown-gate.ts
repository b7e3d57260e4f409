// Which requests reach the routing middleware, decided by Vercel's routing config alone, before any
// code runs (docs/decisions.md § Zero-compute page views). Vercel runs Routing Middleware before
// its cache on every request its matcher takes, and a matcher is a path pattern only (an object
// matcher with `has` fails the build). So the middleware's matcher takes one path no page has
// (NEGOTIATE_PREFIX), and routes placed before it (vercel.json `routes`, emitted right after the
// redirects) rewrite to that path only the requests that may want Markdown:
//   - an Accept that could prefer text/markdown to text/html (MARKDOWN_MAYBE, below);
//   - the agent view, `/?mode=…`;
//   - a Markdown file asked for by name (its token count, or the Markdown 404);
//   - the 404 page asked for by name (it is a file, but never a page).
// A browser's page view matches none of them and goes straight to the static file: no
// middleware, no function. The middleware still negotiates exactly (q-values, RFC 9110 § 12.5.1)
// for the requests that reach it. No dependencies: the middleware's bundle imports this.

/** The path prefix the gate rewrites to and the middleware's matcher takes; no page lives under it. */
export const NEGOTIATE_PREFIX = '/_folio/negotiate';

/** The middleware's matcher, as middleware.ts must state it literally (Vercel reads it statically; a test compares). */
export const NEGOTIATE_MATCHER = `${NEGOTIATE_PREFIX}/:path*`;

/** A letter in either case: Vercel's `has` values are regular expressions without flags. */
const anyCase = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[*/]/g, '\\$&'))).join('');

/**
 * An Accept header under which the twin (text/markdown or text/plain) could be preferred to
 * text/html. With offers [text/html, text/markdown, text/plain] (src/http/negotiate.ts), the twin
 * wins only if the client names one of its types, names `text/*` (which can rank above a lowered
 * text/html), or lowers text/html with a parameter (`text/html;q=0.5`, under which `*\/*` ranks
 * the twin higher). Every other Accept gives HTML,
 * whatever its q-values: a browser's (`text/html,application/xhtml+xml,…,*\/*;q=0.8`) never matches.
 * A test proves the property: every Accept the negotiator answers with Markdown matches this.
 * Written to match anywhere in the value, whether Vercel anchors it or not.
 */
export const MARKDOWN_MAYBE = `.*(?:${anyCase('markdown')}|${anyCase('text/plain')}|${anyCase('text/*')}|${anyCase('text/html')}[ \\t]*;).*`;

/** Vercel `has` conditions (the Build Output API's RouteHas). */
export type RouteHas = { type: 'header' | 'query'; key: string; value?: string };

/** A route of vercel.json's `routes` (Build Output API § routes): the subset the gate uses. */
export interface GateRoute {
  src: string;
  has?: RouteHas[];
  dest: string;
  continue: true;
}

/**
 * The gate's routes. `pagePattern` is the regular expression (no anchors) of the paths that are
 * pages or Markdown files: not under a dynamic or discovery prefix, no extension other than `.md`.
 * Each rewrites to NEGOTIATE_PREFIX + the path and lets routing go on (`continue`), so the
 * middleware's route, which Vercel places after them, takes it.
 */
export function gateRoutes(pagePattern: string): GateRoute[] {
  const to = `${NEGOTIATE_PREFIX}/$1`;
  return [
    { src: `^/(${pagePattern})$`, has: [{ type: 'header', key: 'accept', value: MARKDOWN_MAYBE }], dest: to, continue: true },
    { src: '^/()$', has: [{ type: 'query', key: 'mode' }], dest: to, continue: true },
    { src: `^/((?=.*\\.md$)${pagePattern})$`, dest: to, continue: true },
    { src: '^/(404)/?$', dest: to, continue: true },
  ];
}

/** The path a request was gated from: the gate's rewrite undone (Vercel may hand the middleware either form). */
export const gatedPath = (pathname: string) =>
  pathname === NEGOTIATE_PREFIX || pathname.startsWith(`${NEGOTIATE_PREFIX}/`) ? pathname.slice(NEGOTIATE_PREFIX.length) || '/' : pathname;
