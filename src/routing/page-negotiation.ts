// The routing middleware's decisions, as a function of the request and what the site holds.
// Vercel runs it before static files (middleware.ts), only for the requests the Markdown gate sends
// it (src/routing/markdown-gate.ts); the local server and the dev server run the very same function.
// It answers in Vercel's Routing Middleware protocol: `x-middleware-rewrite` (serve this path),
// plus headers to put on the final response; or a complete response (the Markdown 404). It never
// answers `x-middleware-next`: routing has the gate's path by then, which names no file, so even a
// request that gets the HTML page is rewritten, to the page's own path.
import { MARKDOWN, twinType } from '../http/negotiate.ts';
import { AGENT_VIEW_PATH, NOT_FOUND_PAGE, type PageManifest } from './page-manifest.ts';
import { REVALIDATE_CACHE_CONTROL } from '../http/cache-policy.ts';
import { gatedPath } from './markdown-gate.ts';

/** Where a request for the 404 page by name is sent: no file is ever written there. */
const NOT_FOUND_REWRITE = '/_folio/not-found';

/** What the middleware needs to know about the built site. */
export interface SiteFiles {
  /** The page's twin path; `null` for a page without a twin; `undefined` when no such page exists. */
  twinOf(pagePath: string): Promise<string | null | undefined>;
  /** Token estimate of a Markdown file; `undefined` when the file does not exist. */
  markdownTokens(path: string): Promise<number | undefined>;
  notFoundMarkdown(): Promise<{ body: string; tokens: number }>;
  /** The language of a Markdown file's text, on a site in several languages (FO-I18N). */
  markdownLanguage?(path: string): string | undefined;
}

export function manifestFiles(manifest: PageManifest): SiteFiles {
  return {
    twinOf: async (path) => (Object.hasOwn(manifest.pages, path) ? manifest.pages[path] : undefined),
    markdownTokens: async (path) => (Object.hasOwn(manifest.markdown, path) ? manifest.markdown[path] : undefined),
    notFoundMarkdown: async () => manifest.notFound,
    markdownLanguage: (path) => (manifest.languages && Object.hasOwn(manifest.languages, path) ? manifest.languages[path] : undefined),
  };
}

/**
 * Serve `path` of this site. The path is set on a copy of the request's URL, never resolved against
 * it: a client's `//evil.example` is a path here, where as a reference it would name another host
 * (RFC 3986 § 4.2), and Vercel would fetch the rewrite from there.
 */
function rewrite(request: Request, path: string, headers: Record<string, string>): Response {
  const target = new URL(request.url);
  target.pathname = path;
  target.search = '';
  return new Response(null, { headers: { 'x-middleware-rewrite': target.href, ...headers } });
}

/**
 * Headers of a Markdown answer, labelled with the type the client took it as (text/markdown, or
 * text/plain for a client that prefers that). Content-Type is set here as well as by vercel.json's
 * `.md` rule: header rules match the path the client asked for (`/about`), not the twin it is
 * rewritten to.
 */
const markdownHeaders = (tokens: number | undefined, type: string = MARKDOWN): Record<string, string> => ({
  'Content-Type': type,
  ...(tokens === undefined ? {} : { 'x-markdown-tokens': String(tokens) }),
});

/** `/about/` and `/about` name the same page; `/` stays `/`. */
const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

/** Serve what the client asked for (the path as sent, still percent-encoded) from the file system, with these headers. */
export const asAsked = (request: Request, headers: Record<string, string> = {}) => rewrite(request, gatedPath(new URL(request.url).pathname), headers);

export async function routePage(request: Request, site: SiteFiles): Promise<Response> {
  const url = new URL(request.url);
  // The path the client asked for, whichever form Vercel hands over.
  const asked = gatedPath(url.pathname);
  const next = (headers: Record<string, string> = {}) => asAsked(request, headers);
  // The twin's type when the client prefers it to HTML; Markdown where the answer is Markdown whatever Accept says.
  const wanted = twinType(request.headers.get('accept'));
  const markdownWanted = wanted !== undefined;
  const type = wanted ?? MARKDOWN;
  // FO-I18N: a twin's text language, where the site has several (the HTML page says it in <html lang>).
  const language = (markdown: string): Record<string, string> => {
    const lang = site.markdownLanguage?.(markdown);
    return lang ? { 'Content-Language': lang } : {};
  };
  const notFound = async () => {
    const { body, tokens } = await site.notFoundMarkdown();
    const headers = { ...markdownHeaders(tokens, type), Vary: 'Accept', 'Cache-Control': REVALIDATE_CACHE_CONTROL };
    return new Response(request.method === 'HEAD' ? null : body, { status: 404, headers });
  };
  let path: string;
  try {
    path = decodeURIComponent(asked);
  } catch {
    // A malformed escape names no file: the Markdown 404 to a Markdown request, else the file
    // system's 404 page.
    return asked.endsWith('.md') || markdownWanted ? notFound() : next({ Vary: 'Accept' });
  }

  // PF-AGENT-VIEW: the agent view at /?mode=agent, whatever Accept says.
  if (path === '/' && url.searchParams.get('mode') === 'agent') {
    return rewrite(request, AGENT_VIEW_PATH, markdownHeaders(await site.markdownTokens(AGENT_VIEW_PATH), type));
  }

  // A Markdown file asked for by name: add its token estimate, or answer the Markdown 404 (the
  // client asked for Markdown, so an HTML 404 would be the wrong form).
  // The home page's path plus `.md` is `/.md`: its twin is /index.md.
  if (path === '/.md') {
    const twin = await site.twinOf('/');
    if (twin) return rewrite(request, twin, { ...markdownHeaders(await site.markdownTokens(twin)), ...language(twin) });
  }
  if (path.endsWith('.md')) {
    const tokens = await site.markdownTokens(path);
    return tokens === undefined ? notFound() : next({ ...markdownHeaders(tokens), ...language(path) });
  }

  // The 404 page is a file (404.html) but never a page: asked for by name it is not found. The
  // rewrite goes to a path no build writes, so the platform answers its 404 page with status 404.
  const page = pagePath(path);
  if (page === NOT_FOUND_PAGE) return markdownWanted ? notFound() : rewrite(request, NOT_FOUND_REWRITE, { Vary: 'Accept' });

  // docs/decisions.md § Markdown twins: negotiation on a page URL. Every answer here varies with Accept.
  const twin = await site.twinOf(page);
  if (twin === undefined) return markdownWanted ? notFound() : next({ Vary: 'Accept' });
  if (twin === null) return next({ Vary: 'Accept' }); // a page without a twin: HTML is all there is
  if (markdownWanted) return rewrite(request, twin, { ...markdownHeaders(await site.markdownTokens(twin), type), ...language(twin), Vary: 'Accept' });
  // The page's Link header (its twin, the llms.txt that covers it, the home page's discovery
  // files) comes from vercel.json's header rules, matched on this path before the gate: one place.
  return next({ Vary: 'Accept' });
}
