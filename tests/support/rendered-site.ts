// A fixture site served as `npm start` serves its build, with no build and no socket: the local
// server's router (scripts/local-server/vercel-router.ts: vercel.json's redirects, headers and
// rewrites, the routing middleware, the file system, the function) over the files a build would
// write, rendered (render-page.ts), and the function over the site's data made in memory
// (site-data.ts). `npm run check`'s site checks (scripts/lib/site-check.ts) run over it, their
// requests answered by that router in-process (FO-ANY-CONTENT over generated sites, FO-TEST-TIERS).
//
// What it is not: a file's bytes are not the build's for what the build encodes or draws after the
// pages (an image variant, a social card: answered, as their paths are the build's, with no body),
// so that a file is written is proven by the builds that stay (tests/integration/).
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { vi } from 'vitest';
import { type CheckReport, checkSite } from '../../scripts/lib/site-check.ts';
import { MEDIA_TYPES } from '../../scripts/local-server/dist-files.ts';
import { createVercelRouter, type StaticFile } from '../../scripts/local-server/vercel-router.ts';
import { estimateTokens, themeFiles } from '../../src/builder/integration.ts';
import { namedImages } from '../../src/images/images.ts';
import { loadLanguages, untranslatedTwins } from '../../src/records/load.ts';
import type { Page, Post, Project, Resume } from '../../src/records/schema.ts';
import { markdownLanguages, NOT_FOUND_PAGE, type PageManifest, twinPathOf } from '../../src/routing/page-manifest.ts';
import { manifestFiles, routePage } from '../../src/routing/page-negotiation.ts';
import { createApp } from '../../src/server/app.ts';
import { setSearchPageTemplate } from '../../src/server/search-page.ts';
import { roomy } from './portfolio-helpers.ts';
import type { FixtureSite } from './render-page.ts';
import { fixtureSiteData } from './site-data.ts';

/** What the build's page manifest (src/routing/page-manifest.ts) holds, made from the rendered routes. */
async function pageManifest(site: FixtureSite): Promise<PageManifest> {
  const markdown: Record<string, number> = {};
  for (const path of await site.paths())
    if (path.endsWith('.md') && path !== twinPathOf(NOT_FOUND_PAGE) && (await site.has(path))) markdown[path] = estimateTokens(await site.text(path));
  const pages: Record<string, string | null> = {};
  for (const path of await site.pagePaths()) pages[path] = twinPathOf(path) in markdown ? twinPathOf(path) : null;
  const notFound = await site.text(twinPathOf(NOT_FOUND_PAGE));
  const manifest: PageManifest = { pages, markdown, notFound: { body: notFound, tokens: estimateTokens(notFound) } };
  // FO-I18N: each twin's text language, as scripts/build.ts adds it.
  const [main, ...translations] = loadLanguages(site.dir, { drafts: false });
  if (translations.length) manifest.languages = markdownLanguages(Object.keys(markdown), main!.content.site.languages, untranslatedTwins(translations));
  return manifest;
}

export interface RenderedSite {
  /** The site's address (its pages' absolute URLs). */
  base: string;
  manifest: PageManifest;
  /** A request to the site, answered as `npm start` answers it. */
  fetch: (request: Request) => Promise<Response>;
  /** Puts back the function's search templates this set. */
  close: () => void;
}

/** `site` served as `npm start` serves its build: see the file's head. */
export async function serveRendered(site: FixtureSite): Promise<RenderedSite> {
  const content = await site.content();
  const base = content.site.url;
  const manifest = await pageManifest(site);
  // The files a build writes after the pages: each image file an output named (FO-IMAGES-NAMED:
  // named in this process as the pages, twins and the function made them, so an image is answered
  // once what names it was made, as in a build), the theme's stylesheets and fonts, public/.
  const theme = themeFiles(content, site.dir);
  const typeOf = (path: string) => MEDIA_TYPES[extname(path)] ?? 'application/octet-stream';
  const pages = new Set([...(await site.pagePaths()), NOT_FOUND_PAGE]);
  const empty = (path: string): StaticFile => ({ headers: { 'content-type': typeOf(path) }, body: new Uint8Array(0) });
  const files = {
    async get(path: string): Promise<StaticFile | undefined> {
      // A page's file is its path plus .html (/ is index.html), as the build writes it; the search
      // templates go to the function, not dist/.
      if (path === '/' || path.endsWith('.html')) {
        const page = path === '/' || path === '/index.html' ? '/' : path.slice(0, -'.html'.length);
        return pages.has(page)
          ? { headers: { 'content-type': MEDIA_TYPES['.html']! }, body: new Uint8Array(await (await site.response(page)).arrayBuffer()) }
          : undefined;
      }
      if (path.startsWith('/og/')) return (await site.has(path)) ? empty(path) : undefined;
      // A file route's file (a twin, the feed, llms.txt; the .well-known documents have no extension).
      if ((extname(path) || path.startsWith('/.well-known/')) && !pages.has(path) && (await site.has(path)))
        return { headers: { 'content-type': typeOf(path) }, body: new Uint8Array(await (await site.response(path)).arrayBuffer()) };
      if (namedImages().has(path)) return empty(path);
      const themed = theme.get(path);
      if (themed) return { headers: { 'content-type': typeOf(path) }, body: new Uint8Array(Buffer.from(themed())) };
      const file = join('public', path);
      if (!path.includes('..') && extname(file) && existsSync(file))
        return { headers: { 'content-type': typeOf(path) }, body: new Uint8Array(readFileSync(file)) };
      return undefined;
    },
  };
  const langs: (string | undefined)[] = [];
  for (const path of (await site.paths()).filter((p) => p.endsWith('/search-page'))) {
    const lang = path.slice(1, -'/search-page'.length) || undefined;
    langs.push(lang);
    setSearchPageTemplate(await site.text(path), lang);
  }
  const data = await fixtureSiteData(site.dir);
  const app = createApp({ ...roomy, data: () => data });
  const route = createVercelRouter({
    config: JSON.parse(readFileSync('vercel.json', 'utf8')),
    middleware: { config: { matcher: ['/_folio/negotiate/:path*'] }, default: (request) => routePage(request, manifestFiles(manifest)) },
    files,
    fn: { fetch: (request) => app.fetch(request) },
  });
  return {
    base,
    manifest,
    fetch: (request) => route(request),
    close: () => {
      for (const lang of langs) setSearchPageTemplate(undefined, lang);
    },
  };
}

/**
 * `npm run check`'s site checks (scripts/lib/site-check.ts checkSite: every page, twin and link
 * answers, every record is found and fetched, every surface states what REST does, the documents
 * parse) over `site` served by serveRendered, each request of the check answered in-process.
 */
export async function checkRendered(site: FixtureSite): Promise<CheckReport> {
  const served = await serveRendered(site);
  const origin = new URL(served.base).origin;
  const [content, ...translations] = loadLanguages(site.dir, { drafts: false }).map((catalog) => catalog.content);
  const records: (Project | Page | Post | Resume)[] = [
    ...content!.projects,
    ...content!.posts,
    ...content!.pages,
    ...(content!.resume ? [content!.resume] : []),
  ];
  const sources = new Map<string, string>();
  for (const { projects, posts, pages, resume } of [content!, ...translations])
    for (const record of [...projects, ...posts, ...pages, ...(resume ? [resume] : [])])
      sources.set(record.href, record.source).set(record.twin, record.source);
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== origin) return realFetch(input, init);
    const response = await served.fetch(request);
    // A redirect followed, as fetch follows it (the check asks for links with redirect: follow).
    if (request.redirect === 'follow' && response.status >= 300 && response.status < 400 && response.headers.get('location'))
      return served.fetch(new Request(new URL(response.headers.get('location')!, request.url), { method: request.method }));
    return response;
  });
  try {
    return await checkSite({ base: served.base, manifest: served.manifest, records, site: content!.site, sourceOf: (path) => sources.get(path) });
  } finally {
    vi.unstubAllGlobals();
    served.close();
  }
}
