// A fixture site's pages and prerendered files, made in Vitest with no build (FO-TEST-TIERS,
// CONTRIBUTING § A page test). Each route of src/pages/ is rendered over a fixture's content folder
// the way `astro build` renders it: an .astro page through Astro's Container API
// (experimental_AstroContainer), a file route (a twin, the feed, llms.txt, the sitemap) by its GET,
// as the build calls it. The unit tier's Vite config (vitest.config.ts) carries Astro's plugins, so
// an .astro file imports here as it does in a build.
//
// What is the build's: the route list (each route's getStaticPaths, in every language), the params
// and props, the content a route reads (FOLIO_CONTENT, and the build's one frozen Catalog per folder:
// load.ts's memo), so the words, markup, links and metadata are the build's, byte for byte
// (tests/integration/page-render-parity.test.ts compares every page of the sample site with its
// build). An image is named by the digest of its file when the content loads (src/images/images.ts),
// so a page's <picture>, srcset and sizes are the build's with no image encoded.
//
// What a render does not show, and stays in builds (tests/integration/, tests/e2e/): the files the
// build writes after the pages (encoded images, fonts, /folio.css, /theme.css and custom.css,
// social cards unless a test draws one), the stylesheets Astro bundles from a component's <style>
// (the developer pages' link to /_astro/*.css), the data file, the page manifest, vercel.json, the
// routing in front of the files (status codes, negotiation, headers such as Link and
// Content-Language), the search page as the function fills it from the built template
// (siteFunction below fills it from a rendered one), and anything a browser computes (layout, the
// cascade, fonts, scripts, the CSP enforced).
import { resolve } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { afterAll, beforeAll } from 'vitest';
import { loadContent, memoizeContentForBuild, showDraftsInDev, today } from '../../src/records/load.ts';
import type { Content } from '../../src/records/schema.ts';
import { createApp } from '../../src/server/app.ts';
import { setSearchPageTemplate } from '../../src/server/search-page.ts';
import { type Doc, parseHtml } from './html-query.ts';
import { roomy } from './portfolio-helpers.ts';
import { fixtureSiteData } from './site-data.ts';

type Params = Record<string, string | undefined>;
interface RouteModule {
  /** An .astro page. */
  default?: AstroComponentFactory;
  /** A file route (src/pages/**\/*.ts). */
  GET?: (context: { params: Params; props: Record<string, unknown>; request: Request; url: URL }) => Response | Promise<Response>;
  getStaticPaths?: () => { params: Params; props?: Record<string, unknown> }[];
}
interface Route {
  file: string;
  params: Params;
  props: Record<string, unknown>;
}

/** Every route of the site, by file (Vite imports each on first use); a glob's `**` skips dot folders, so .well-known/ is named. */
const ROUTE_MODULES = import.meta.glob<RouteModule>(['../../src/pages/**/*.astro', '../../src/pages/**/*.ts', '../../src/pages/.well-known/**/*.ts']);

/** `../../src/pages/[...lang]/projects/[slug].astro` → `/[...lang]/projects/[slug]`; `…/feed.xml.ts` → `…/feed.xml`. */
const routeOf = (file: string) => file.replace(/^.*\/src\/pages/, '').replace(/\.(astro|ts)$/, '');

/**
 * The path a route makes for `params`, as Astro makes it: a segment that is an undefined rest
 * parameter is dropped, a parameter inside a segment is replaced, and a last `index` names its folder.
 */
export function pathOf(route: string, params: Params): string {
  const segments = route
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (rest && params[rest[1]!] === undefined) return [];
      return [
        segment.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => {
          const value = params[name];
          if (value === undefined) throw new Error(`${route}: no value for [${name}]`);
          return value;
        }),
      ];
    });
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Where load.ts keeps the build's memo of each content folder's catalogs (BUILD_MEMO). */
const MEMO_KEY = Symbol.for('folio.loadContent.buildMemo');
/** load.ts's drafts switch (showDraftsInDev), put back as it was after each render. */
const DRAFTS_KEY = Symbol.for('folio.loadContent.drafts');
const global = globalThis as { [MEMO_KEY]?: unknown; [DRAFTS_KEY]?: boolean };
/** Renders run one at a time (FixtureSite#within). */
let queue: Promise<unknown> = Promise.resolve();
/** One container for the process: it holds no site, only Astro's renderer. */
let container: Promise<AstroContainer> | undefined;

export interface RenderOptions {
  /** Render as `npm run dev` shows the site (FO-DRAFTS): drafts and scheduled posts read, marked as drafts. */
  drafts?: boolean;
}

/** A fixture site's routes, rendered on demand and kept: `dir` is its content folder (relative to the project root). */
export class FixtureSite {
  readonly dir: string;
  readonly drafts: boolean;
  #routes?: Promise<Map<string, Route>>;
  /** This site's memo of its catalogs (load.ts BUILD_MEMO), made on its first render. */
  #memo: unknown;
  readonly #rendered = new Map<string, Promise<{ status: number; headers: Headers; body: ArrayBuffer | null }>>();

  constructor(dir: string, { drafts = false }: RenderOptions = {}) {
    this.dir = resolve(dir);
    this.drafts = drafts;
  }

  /**
   * Runs `fn` in the environment a build of this site gives its routes (its content folder, its
   * memo, the drafts setting), and puts the test's back after. One at a time in the process: a
   * render awaits, and another site's render meanwhile would read the wrong folder.
   */
  #within<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = async () => {
      const saved = { content: process.env.FOLIO_CONTENT, memo: global[MEMO_KEY], drafts: global[DRAFTS_KEY] };
      if (!this.#memo) {
        memoizeContentForBuild(true);
        this.#memo = global[MEMO_KEY];
      }
      process.env.FOLIO_CONTENT = this.dir;
      global[MEMO_KEY] = this.#memo;
      showDraftsInDev(this.drafts);
      try {
        return await fn();
      } finally {
        if (saved.content === undefined) delete process.env.FOLIO_CONTENT;
        else process.env.FOLIO_CONTENT = saved.content;
        global[MEMO_KEY] = saved.memo;
        global[DRAFTS_KEY] = saved.drafts;
      }
    };
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  }

  /** The site's records in its main language, as its routes read them. */
  content(): Promise<Content> {
    return this.#within(() => loadContent());
  }

  /** Every path the build writes a route's answer at (each route's getStaticPaths, in every language). */
  #routeTable(): Promise<Map<string, Route>> {
    this.#routes ??= (async () => {
      const table = new Map<string, Route>();
      for (const [file, load] of Object.entries(ROUTE_MODULES)) {
        const mod = await load();
        const paths = mod.getStaticPaths ? await this.#within(() => mod.getStaticPaths!()) : [{ params: {} }];
        for (const { params, props = {} } of paths) table.set(pathOf(routeOf(file), params), { file, params, props });
      }
      return table;
    })();
    return this.#routes;
  }

  /**
   * Every path a route lists, sorted: pages (the 404 page as /404, each language's search template
   * as …/search-page) and files, some of which a site does not have (has).
   */
  async paths(): Promise<string[]> {
    return [...(await this.#routeTable()).keys()].sort();
  }

  /** The HTML pages a visitor reaches at their own address: every .astro route's path but the 404 page and the search templates. */
  async pagePaths(): Promise<string[]> {
    const table = await this.#routeTable();
    return [...table.entries()]
      .filter(([path, route]) => route.file.endsWith('.astro') && path !== '/404' && !path.endsWith('/search-page'))
      .map(([path]) => path)
      .sort();
  }

  /**
   * Whether a build of the site writes a file at `path`: a route lists it and answers it with a body
   * (a route answers a file the site does not have, /posts.md without posts, with none: Astro's
   * build writes nothing, src/discovery/responses.ts noFile). A social card is not drawn to tell.
   */
  async has(path: string): Promise<boolean> {
    if (!(await this.#routeTable()).has(path)) return false;
    if (path.endsWith('.png')) return true;
    return (await this.#answer(path)).body !== null;
  }

  /** A route's answer at `path`, rendered once: its status, headers and body (null when it has none). */
  #answer(path: string): Promise<{ status: number; headers: Headers; body: ArrayBuffer | null }> {
    let made = this.#rendered.get(path);
    if (!made) {
      made = (async () => {
        const route = (await this.#routeTable()).get(path);
        if (!route) throw new Error(`${this.dir}: no route lists ${path}`);
        const mod = await ROUTE_MODULES[route.file]!();
        const request = new Request(`http://folio.test${path}`);
        container ??= AstroContainer.create();
        const astro = await container;
        // The body is read while the site's environment is in place: nothing of it is made later, under another's.
        return this.#within(async () => {
          const answer = mod.GET
            ? await mod.GET({ params: route.params, props: route.props, request, url: new URL(request.url) })
            : await astro.renderToResponse(mod.default!, { params: route.params, props: route.props, request, partial: false });
          return { status: answer.status, headers: answer.headers, body: answer.body === null ? null : await answer.arrayBuffer() };
        });
      })();
      this.#rendered.set(path, made);
    }
    return made;
  }

  /** What the build writes at `path`, as a Response (a page's HTML, a file route's body and Content-Type); an error where it writes nothing. */
  async response(path: string): Promise<Response> {
    const { status, headers, body } = await this.#answer(path);
    if (body === null) throw new Error(`${this.dir}: a build writes nothing at ${path} (its route answers ${status} with no body)`);
    return new Response(body, { status, headers });
  }

  /** The text the build writes at `path`: a page's HTML, a twin's Markdown, the feed's XML. */
  async text(path: string): Promise<string> {
    return (await this.response(path)).text();
  }

  /** The page at `path`, parsed (html-query.ts). */
  async page(path: string): Promise<Doc> {
    return parseHtml(await this.text(path));
  }
}

/** The fixture sites the page tests render, each once per test process. */
const sites = new Map<string, FixtureSite>();

/**
 * The fixture site whose content folder is `dir` (e.g. `tests/fixtures/german-site/content`),
 * rendered as a build renders it, or as `npm run dev` shows it (`drafts`). Kept for the process,
 * for the environment a build reads besides the folder (the site's address, FOLIO_SITE_URL, and the
 * day scheduled posts are judged by, FOLIO_NOW): a test that changes either gets a site of its own.
 */
export function fixtureSite(dir: string, options: RenderOptions = {}): FixtureSite {
  const key = [resolve(dir), options.drafts ?? false, process.env.FOLIO_SITE_URL ?? '', today()].join('\0');
  let site = sites.get(key);
  if (!site) sites.set(key, (site = new FixtureSite(dir, options)));
  return site;
}

/**
 * The function (src/server/app.ts) as a deploy of `site` runs it, for the tests of the enclosing
 * describe block (or file): its data made in memory from the content (site-data.ts), and each
 * language's search page template as the build renders it (/search-page, which scripts/build.ts
 * hands the function), set as `npm run dev` sets it (setSearchPageTemplate) and taken back after.
 * Resolves a path to the function's Response (app.request).
 */
export function siteFunction(site: FixtureSite): (path: string, init?: RequestInit) => Promise<Response> {
  let app: ReturnType<typeof createApp> | undefined;
  const langs: (string | undefined)[] = [];
  beforeAll(async () => {
    for (const path of (await site.paths()).filter((p) => p.endsWith('/search-page'))) {
      const lang = path.slice(1, -'/search-page'.length) || undefined;
      langs.push(lang);
      setSearchPageTemplate(await site.text(path), lang);
    }
    const data = await fixtureSiteData(site.dir);
    app = createApp({ ...roomy, data: () => data });
  });
  afterAll(() => {
    for (const lang of langs) setSearchPageTemplate(undefined, lang);
  });
  return async (path, init) => {
    if (!app) throw new Error('siteFunction: call it at a describe block’s top level; it is ready in the tests');
    return app.request(path, init);
  };
}
