// vercel.json, generated: one routing table in Vercel's order. Rewrites of every dynamic path to
// the one function come from the route table, headers of static files from the table below, and
// the Markdown gate from src/routing/markdown-gate.ts. The committed vercel.json must equal
// `vercelConfig()` (a test checks); `npm run vercel:json` rewrites it. The local server reads the
// same file (scripts/local-server/vercel-router.ts), so Vercel and `npm start` are driven by one configuration.
import { SEARCH_PAGE_PATH, SEARCH_PAGE_PATHS } from '../server/search-page.ts';
import { LOCALES } from '../records/strings.ts';
import type { RouteSpec } from '../server/route.ts';
import { getTransformedRoutes, isHandler, type Route } from '@vercel/routing-utils';
import { API_CATALOG_LINK_HEADER, homeLinkHeader, linkValue, SECTION_INDEX_LINKS, SITE_INDEX_LINK, type WebLink } from '../discovery/links.ts';
import { gateRoutes, NEGOTIATE_PREFIX, type GateRoute } from '../routing/markdown-gate.ts';
import { twinPathOf } from '../routing/page-manifest.ts';
import { ANALYTICS_PREFIX, ANALYTICS_PROXIES } from '../records/analytics.ts';
import { AI_CATALOG_MEDIA_TYPE, API_CATALOG_MEDIA_TYPE, JSON_TYPE, MARKDOWN, OPENAPI_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE, TEXT } from '../http/media-types.ts';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../http/cache-policy.ts';
import { EMBED_FRAME_HOSTS } from '../records/embeds.ts';

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

export interface Rewrite {
  source: string;
  destination: string;
}

export interface VercelConfig {
  $schema: string;
  framework: 'astro';
  installCommand: string;
  buildCommand: string;
  outputDirectory: string;
  functions: Record<string, { includeFiles?: string }>;
  /**
   * The whole routing table, in the order Vercel runs it (`vercelRoutes`). `routes` alone, because
   * Vercel refuses a vercel.json that mixes it with `headers`, `rewrites`, `cleanUrls` or
   * `trailingSlash` (docs/decisions.md § Zero-compute page views), and the Markdown gate is a route.
   */
  routes: Route[];
}

/** The function's path: api/index.ts is served at /api. */
export const FUNCTION_PATH = '/api';

/**
 * First path segments that belong to the function or to discovery files, never to pages. Pages'
 * headers (CSP, revalidation) and the Markdown gate leave them alone. `_astro` holds
 * hashed assets; `_folio` the Markdown gate's path; `_stats` and `_vercel` the analytics providers'
 * first-party paths (src/records/analytics.ts). The route table's own prefixes are added to
 * these by `dynamicPrefixes`.
 */
const NON_PAGE_PREFIXES = ['_astro', '_images', '.well-known', NEGOTIATE_PREFIX.split('/')[1]!, ANALYTICS_PREFIX, '_vercel'];

/** The first path segment of every route, e.g. `api`, `ask`, `oauth`. */
export function dynamicPrefixes(routes: RouteSpec[]): string[] {
  const firsts = routes.map((r) => r.path.split('/')[1]!).filter(Boolean);
  return [...new Set([...firsts, ...NON_PAGE_PREFIXES])].sort();
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const escapedPrefixes = (routes: RouteSpec[]) => dynamicPrefixes(routes).map(escapeRegex);

/**
 * A path-to-regexp source matching page paths: not under a dynamic prefix, no file extension.
 * Negative lookahead, as a Vercel matcher must be: `(?!api/)` alone would still match `/api`.
 */
export function pageSource(routes: RouteSpec[]): string {
  return `/(${pathsBelow(escapedPrefixes(routes), false)}*)`;
}

/**
 * The regular expression (no anchors, no leading slash) of one path character run that is not
 * under one of `prefixes` and has no file extension (but `.md`, with `markdown`); followed by `*`
 * or `+`. Negative lookahead, as path-to-regexp and Vercel's `src` both take it.
 */
function pathsBelow(prefixes: string[], markdown: boolean): string {
  const extension = markdown ? '.*\\.(?!md$)[^/.]+$' : '.*\\.[^/.]+$';
  return `(?!(?:${prefixes.join('|')})(?:/|$)|${extension}).`;
}

/**
 * The pages the function answers itself (the search page and its Markdown form): no header rule
 * restates what they send, and the Markdown gate leaves them to it.
 */
const FUNCTION_PAGES = `(?:(?:${LOCALES.join('|')})/)?${escapeRegex(SEARCH_PAGE_PATH.slice(1))}(?:\\.md)?`;

/**
 * vercel.json `routes`: the gate that sends the requests that may want Markdown to the routing
 * middleware, and nothing else (src/routing/markdown-gate.ts): pages and Markdown files.
 */
export const markdownGate = (routes: RouteSpec[]): GateRoute[] => gateRoutes(`${pathsBelow([...escapedPrefixes(routes), FUNCTION_PAGES], true)}*`);

/**
 * Every page but the home page, as a source whose `:page` is the path without its slash: each
 * page's `Link` to its twin (`/about` → `</about.md>`) and the rewrite to its file use it.
 */
const namedPageSource = (routes: RouteSpec[]) => `/:page(${pathsBelow([...escapedPrefixes(routes), FUNCTION_PAGES], false)}+)`;
const twinLink = (twin: string) => `<${twin}>; rel="alternate"; type="text/markdown"`;
const HOME_TWIN_PATH = twinPathOf('/');

/**
 * FO-TWIN-CANONICAL: a twin asked for by name names its page canonical (RFC 6596 in a Link header,
 * RFC 8288), so an agent that cites the twin cites the page. Only the `.md` URLs: a page URL keeps
 * its one canonical, the absolute `<link rel="canonical">` in its HTML (a second, relative one in a
 * header disagreed with it wherever the host differs, and Lighthouse's SEO audit failed every page).
 * Path-absolute, resolved against the request (RFC 8288 § 3.2): vercel.json does not know the site's
 * address. The twin's front matter gives the absolute URL (FO-TWIN-FRONT-MATTER).
 */
const canonicalLink = (page: string) => `<${page}>; rel="canonical"`;

/**
 * The Markdown files at the root that are no page's twin (discovery files, the agent view, the
 * Markdown 404; `index`, the home page's twin, has its own rule): no canonical page. Page slugs
 * cannot take these names (RESERVED_PAGE_SLUGS); an end-to-end test checks the list against every
 * Markdown file of a build.
 */
export const NON_TWIN_MARKDOWN = ['AGENTS', 'SKILL', 'auth', 'pricing', 'agent-view', 'sitemap', '404', 'index'] as const;

/** A twin asked for by name, `:page` its page's path without the slash and `.md`. */
const namedTwinSource = (routes: RouteSpec[]) =>
  `/:page((?!(?:${escapedPrefixes(routes).join('|')})/|(?:${NON_TWIN_MARKDOWN.join('|')})\\.md$|${FUNCTION_PAGES}$)[^.]+)\\.md`;

/**
 * Content-Security-Policy of HTML pages. The built pages load only their own stylesheet, icon
 * and images, and run no script (JSON-LD `<script type="application/ld+json">` is data, not
 * script, so `script-src 'self'` does not block it). Images may come from other https hosts
 * (content can link them); nothing else may. One allowance: `style-src-attr 'unsafe-inline'`,
 * because Shiki colours code tokens with `style="--shiki-light:…"` attributes; a style attribute
 * cannot run script, and `<style>` elements stay refused (`style-src 'self'`). If Astro ever
 * inlines a stylesheet or script, the Chromium test that watches for violations fails and names it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  // The one embed a body may hold, a video line's player (src/records/embeds.ts; framed on a click by default, FO-PLAYERS): raw
  // <iframe> is a content error, so only these players can ever be framed. This static header is
  // the ceiling; every page whose body embeds no video narrows it to none with a <meta> policy
  // (src/layouts/Base.astro, NO_FRAMES_POLICY): policies combine, and each can only take away
  // (CSP 3 § 8.1), so a page frames a player only where it shows one (FO-CONTENT-DATA).
  `frame-src ${EMBED_FRAME_HOSTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Content-Security-Policy of every static file that is not a page (FO-CONTENT-DATA): opened by its
 * own address, an SVG image, a Markdown twin or a JSON document is a document of the site's origin,
 * and this makes it one that loads nothing, runs nothing and has an opaque origin (`sandbox`, CSP 3
 * § 6.3.2). Inline styles stay, which SVG drawings use. A stylesheet, script or font fetched by a
 * page is not a document: a policy on its response does not apply to the page that loads it.
 */
export const ASSET_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Paths of static files that are not pages: a file extension in the last segment (pages have none;
 * `/about.html` redirects to `/about`), or under the folders of build assets and images. The
 * extension-less well-known documents get the policy with their media type (STATIC_MEDIA_TYPES):
 * `/.well-known/` also holds the function's paths, which set their own headers.
 */
export const ASSET_SOURCE = '/(.*\\.[^/.]+|_astro/.*|_images/.*)';

/**
 * Media types of files whose extension does not say it (or says it too loosely). Vercel serves
 * extension-less files as application/octet-stream unless a header rule says otherwise.
 */
export const STATIC_MEDIA_TYPES: Record<string, string> = {
  '/(.*)\\.md': MARKDOWN,
  '/(.*)\\.txt': TEXT,
  // RFC 9728 § 3 and RFC 8414 § 3: metadata documents are application/json.
  '/.well-known/oauth-protected-resource': JSON_TYPE,
  '/.well-known/oauth-authorization-server': JSON_TYPE,
  // RFC 9727 § 4.1: the api-catalog is a linkset (RFC 9264) with the api-catalog profile.
  '/.well-known/api-catalog': API_CATALOG_MEDIA_TYPE,
  // Discovery files whose type is more specific than their extension's (src/discovery/files.ts).
  '/openapi.json': OPENAPI_MEDIA_TYPE,
  '/.well-known/ai-catalog.json': AI_CATALOG_MEDIA_TYPE,
  '/.well-known/ai-catalog/resources.json': AI_CATALOG_MEDIA_TYPE,
  '/.well-known/mcp/server-card.json': SERVER_CARD_MEDIA_TYPE,
};

/** A language's folder as a path segment, `:lang` in a rule's values: every language Folio speaks, so the rules stay the same for any content. */
const LANGUAGE = `:lang(${LOCALES.join('|')})`;
/** `link` in the requested language's folder (`:lang`). */
const inLanguage = (link: WebLink): WebLink => ({ ...link, href: `/:lang${link.href}` });
/** Under a language's folder, what is not a page of its own: the function's search page and its Markdown form. */
const LANGUAGE_FUNCTION_PAGES = `?!${escapeRegex(SEARCH_PAGE_PATH.slice(1))}(?:\\.md)?$`;

/** The pages under `source` (`/tags`, or `/:lang(…)`; `path` is its form in a value) and their twins by name, naming `link`. */
function pagesUnder(source: string, path: string, link: WebLink, rest = '[^.]+'): HeaderRule[] {
  const index = linkValue(link);
  return [
    { source: `${source}/:rest(${rest})`, headers: [{ key: 'Link', value: `${twinLink(`${path}/:rest.md`)}, ${index}` }] },
    { source: `${source}/:rest(${rest})\\.md`, headers: [{ key: 'Link', value: `${index}, ${canonicalLink(`${path}/:rest`)}` }] },
  ];
}

/** A section's own page and twin and every page under it, naming the section's llms.txt (llms.txt v2: the most specific covers them). */
function sectionRules(source: string, path: string, link: WebLink): HeaderRule[] {
  const index = linkValue(link);
  return [
    { source, headers: [{ key: 'Link', value: `${twinLink(`${path}.md`)}, ${index}` }] },
    { source: `${source}\\.md`, headers: [{ key: 'Link', value: `${index}, ${canonicalLink(path)}` }] },
    ...pagesUnder(source, path, link),
  ];
}

/** Header rules, in order; a later rule's value wins for the same header (as on Vercel). */
export function headerRules(routes: RouteSpec[]): HeaderRule[] {
  return [
    {
      // Every response: no MIME sniffing, and no full URLs leaked to other origins.
      source: '/(.*)',
      headers: [
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      ],
    },
    {
      // Pages (HTML and, through the middleware, their twins): revalidate on every use, strict CSP;
      // both forms of a page vary with Accept (docs/decisions.md § Markdown twins), so a cache never
      // serves one form for the other.
      source: pageSource(routes),
      headers: [
        { key: 'Cache-Control', value: REVALIDATE_CACHE_CONTROL },
        { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
        { key: 'Vary', value: 'Accept' },
      ],
    },
    // Every file that is not a page: a sandbox that loads and runs nothing (FO-CONTENT-DATA).
    { source: ASSET_SOURCE, headers: [{ key: 'Content-Security-Policy', value: ASSET_CONTENT_SECURITY_POLICY }] },
    // Every page links its twin (every page has one: the end-to-end crawl follows each Link); the home page also its
    // discovery files (src/discovery/links.ts). Header rules, not code: a page view runs nothing.
    { source: namedPageSource(routes), headers: [{ key: 'Link', value: `${twinLink('/:page.md')}, ${linkValue(SITE_INDEX_LINK)}` }] },
    { source: '/', headers: [{ key: 'Link', value: `${twinLink(HOME_TWIN_PATH)}, ${homeLinkHeader()}` }] },
    ...Object.entries(STATIC_MEDIA_TYPES).map(([source, type]) => ({
      source,
      headers: [
        { key: 'Content-Type', value: type },
        { key: 'Cache-Control', value: REVALIDATE_CACHE_CONTROL },
        { key: 'Content-Security-Policy', value: ASSET_CONTENT_SECURITY_POLICY },
      ],
    })),
    // Every twin, asked for by name, names the llms.txt that covers it too (llms.txt v2).
    { source: '/(.*)\\.md', headers: [{ key: 'Link', value: linkValue(SITE_INDEX_LINK) }] },
    // FO-TWIN-CANONICAL: a page's twin also names its page canonical (the home page's: /index.md).
    { source: namedTwinSource(routes), headers: [{ key: 'Link', value: `${linkValue(SITE_INDEX_LINK)}, ${canonicalLink('/:page')}` }] },
    { source: HOME_TWIN_PATH.replace('.', '\\.'), headers: [{ key: 'Link', value: `${linkValue(SITE_INDEX_LINK)}, ${canonicalLink('/')}` }] },
    // A section's pages and twins (the tags', the projects', the posts') name its own llms.txt
    // instead, the most specific that covers them (llms.txt v2; src/discovery/links.ts).
    ...SECTION_INDEX_LINKS.flatMap(({ path, link }) => sectionRules(path, path, link)),
    // FO-I18N: a translation's pages and twins (under /<tag>/) name their language's llms.txt, and
    // its sections' theirs, as each page's <link rel="describedby"> does. The language's home (`/en`)
    // keeps the root's: on a site in one language, a page may have a language tag as its slug.
    ...pagesUnder(`/${LANGUAGE}`, '/:lang', inLanguage(SITE_INDEX_LINK), `(${LANGUAGE_FUNCTION_PAGES})[^.]+`),
    ...SECTION_INDEX_LINKS.flatMap(({ path, link }) => sectionRules(`/${LANGUAGE}${path}`, `/:lang${path}`, inLanguage(link))),
    // Discovery documents and feeds whose extension has no rule above (ard.json, sitemap.xml, the
    // feed, the server card…): revalidated like every other file that changes on deploy.
    { source: '/(.*)\\.(json|xml)', headers: [{ key: 'Cache-Control', value: REVALIDATE_CACHE_CONTROL }] },
    // The server card allows any origin, as GET /api/mcp/server-card does (PF-SERVER-CARD, PF-CORS):
    // a browser-based MCP client reads it before it connects. A static file answers no preflight,
    // and a simple GET needs none.
    { source: '/.well-known/mcp/server-card.json', headers: [{ key: 'Access-Control-Allow-Origin', value: '*' }] },
    // RFC 9727 § 3: the api-catalog names itself with the api-catalog relation (GET and HEAD).
    { source: '/.well-known/api-catalog', headers: [{ key: 'Link', value: API_CATALOG_LINK_HEADER }] },
    // The look's files (Folio's stylesheet, FO-THEME's /theme.css from site.md, content/custom.css, the
    // scheme toggle, fonts) keep their names across deploys, so they are revalidated like the pages that link them.
    {
      source: '/(folio\\.css|theme\\.css|custom\\.css|theme-scheme\\.js|search\\.js|_fonts/.*)',
      headers: [{ key: 'Cache-Control', value: REVALIDATE_CACHE_CONTROL }],
    },
    // Hashed build assets and digest-named images never change under the same name.
    { source: '/_astro/(.*)', headers: [{ key: 'Cache-Control', value: IMMUTABLE_CACHE_CONTROL }] },
    { source: '/_images/(.*)', headers: [{ key: 'Cache-Control', value: IMMUTABLE_CACHE_CONTROL }] },
  ];
}

/**
 * Rewrites to the function, placed by Vercel after static files. `/api/(.*)` sends every API path,
 * known or not, to the function, so an unknown one answers JSON `route_not_found` instead of
 * Vercel's HTML 404. Routes outside /api get one rewrite each. Destinations carry no captured
 * parameters (Vercel would append them to the query); the function routes on the original path.
 */
export function rewrites(routes: RouteSpec[]): Rewrite[] {
  // `/api` itself is the function's file, found before rewrites; its rewrite catches the other
  // spellings (`/API`: Vercel matches routes without regard to case), so they answer JSON too. The
  // search page and its Markdown form (src/server/search-page.ts) are the pages the function answers.
  const out: Rewrite[] = [
    { source: FUNCTION_PATH, destination: FUNCTION_PATH },
    { source: `${FUNCTION_PATH}/(.*)`, destination: FUNCTION_PATH },
    ...SEARCH_PAGE_PATHS.map((source) => ({ source, destination: FUNCTION_PATH })),
    // First-party paths of the analytics providers (src/records/analytics.ts): the CSP stays 'self'.
    ...ANALYTICS_PROXIES,
  ];
  const paths = [...new Set(routes.map((r) => r.path))].sort();
  for (const path of paths) {
    if (path === FUNCTION_PATH || path.startsWith(`${FUNCTION_PATH}/`)) continue;
    out.push({ source: path.replace(/\{\w+\}/g, '([^/]+)'), destination: FUNCTION_PATH });
  }
  return out;
}

/**
 * Every page is a file named after its path plus `.html` (Astro's `build.format: 'file'`): this
 * rewrite, after the file system, serves `/about` from about.html, as `cleanUrls` would with a
 * `headers`/`rewrites` vercel.json (where `vercel build` writes that mapping as `overrides`; with
 * `routes` it writes none). `check: true` makes Vercel look the destination up; a page that does
 * not exist falls through to the 404 page.
 */
export const pageFileRewrite = (routes: RouteSpec[]): Rewrite => ({ source: namedPageSource(routes), destination: '/:page.html' });

/**
 * The routing table, in Vercel's order: the cleanUrls and trailing-slash redirects, the header
 * rules (matched against the path the client asked for), the Markdown gate, then (after
 * `handle: filesystem`) the rewrites to the function and to page files. Compiled by Vercel's own
 * library, as `vercel build` compiles those keys; only the gate is placed by hand.
 */
export function vercelRoutes(routes: RouteSpec[]): Route[] {
  const { routes: compiled, error } = getTransformedRoutes({
    cleanUrls: true,
    trailingSlash: false,
    headers: headerRules(routes),
    rewrites: [...rewrites(routes), pageFileRewrite(routes)],
  });
  if (error || !compiled) throw new Error(`vercel.json routes: ${error?.message ?? 'none'}`);
  const filesystem = compiled.findIndex((route) => isHandler(route) && route.handle === 'filesystem');
  return [...compiled.slice(0, filesystem), ...markdownGate(routes), ...compiled.slice(filesystem)];
}

/** What Vercel runs to install a deploy's dependencies: the production ones alone (FO-DEPLOY-LEAN). */
export const DEPLOY_INSTALL = 'npm install --omit=dev --no-audit --no-fund';

export function vercelConfig(routes: RouteSpec[]): VercelConfig {
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    // A fully prerendered Astro site plus one function: no adapter (docs/decisions.md § No Astro adapter).
    framework: 'astro',
    // FO-DEPLOY-LEAN: the build and the function import only `dependencies`, so a deploy installs
    // nothing else (the test tools and the `node` package are hundreds of MB it never runs).
    installCommand: DEPLOY_INSTALL,
    buildCommand: 'npm run build',
    outputDirectory: 'dist',
    // The function reads the data file the build writes; it is not imported, so list it.
    functions: { 'api/index.ts': { includeFiles: 'generated/**' } },
    routes: vercelRoutes(routes),
  };
}

/** vercel.json's text: stable key order, two-space indent, trailing newline. */
export const vercelJsonText = (routes: RouteSpec[]) => `${JSON.stringify(vercelConfig(routes), null, 2)}\n`;
