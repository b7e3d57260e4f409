// FO-CONTENT-DATA and FO-MARKDOWN-SAFE in a real browser: the hostile front-matter fixture
// (tests/fixtures/markdown-hostile-site: `<script>`, `<img onerror>`, `[x](javascript:…)` and URLs
// holding `"><script>` in every field), with no build: its pages rendered by the Container API and
// served as `npm start` serves a build (tests/support/rendered-site.ts: vercel.json's routes and
// headers, the middleware, the function, Folio's scripts from public/), bridged to one loopback
// socket for Chromium. A container render is the build's page byte for byte but for Astro's bundled
// stylesheets (tests/integration/page-render-parity.test.ts), a link whose address is relative. Every
// page is loaded once, and what Chromium made of it read for both rules: no dialog opens, no
// handler, javascript: link or script of the owner's is in the DOM, the owner's text is shown as
// text. The same pages parsed with no browser, their JSON-LD, the feed, REST and MCP's structured
// content are tested in tests/unit/pages-hostile.test.ts; the Markdown surfaces in
// tests/unit/markdown-surfaces-hostile.test.ts. FO-LINK-SCHEMES: every address on those pages is
// http(s), relative or a fragment, and every Markdown output (twins, llms files, AGENTS.md,
// SKILL.md, developers.md…) rendered by micromark with raw HTML and every protocol let through,
// then given to Chromium, holds no script, handler or other scheme either; the same crawl with no
// browser is tests/unit/outputs-hostile-crawl.test.ts.
import type { Server } from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchTestBrowser } from '../support/browser.ts';
import { ADDRESS_ATTRIBUTES, allowedAddress, renderTrusting } from '../support/live-markup.ts';
import { listenOnLoopback } from '../support/loopback.ts';
import { fixtureSite } from '../support/render-page.ts';
import { type RenderedSite, serveRendered } from '../support/rendered-site.ts';

const site = fixtureSite('tests/fixtures/markdown-hostile-site/content');
const HOSTILE_TITLE = '<script>alert(1)</script> Lantern';
/** The attack's title: the featured project's, so the examples' subject on /developers and SKILL.md. */
const EVIL_TITLE = "Evil` [x](javascript:fetch('/pwned-dev')) `";
const EMAIL = 'mallory@example.com';

let served: RenderedSite;
let server: Server;
let browser: Browser;
let tab: Page;
let base: string;
/** Every dialog any page or document opened, with where. */
const dialogs: string[] = [];

/** A path of the site as `npm start` answers it, in this process. */
const get = async (path: string) => {
  const response = await served.fetch(new Request(new URL(path, served.base)));
  return { status: response.status, body: await response.text() };
};

beforeAll(async () => {
  served = await serveRendered(site);
  // The rendered site answers in-process; Chromium needs a socket, so each request is handed over whole.
  ({ server, origin: base } = await listenOnLoopback(async (req, res) => {
    const response = await served.fetch(
      new Request(new URL(req.url ?? '/', served.base), { method: req.method, headers: { accept: req.headers.accept ?? '*/*' } }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  }));
  browser = await launchTestBrowser();
  tab = await browser.newPage();
  tab.on('dialog', (dialog) => {
    dialogs.push(`${tab.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
  served?.close();
});

/** The site's pages, as its sitemap lists them. */
async function sitemapPaths(): Promise<string[]> {
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  return [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/**
 * What in the document Chromium made could run or lead elsewhere: handlers, inline scripts of the
 * owner's (Folio's own are files of the site or JSON data), frames, forms but the layout's search,
 * a `meta` that would redirect or set a header but the layout's CSP (a policy only narrows), and addresses (srcset entries too) that escape.ts isLinkAddress refuses, but the site's
 * mailto: (FO-LINK-SCHEMES). Chromium reads the document; the addresses are judged here.
 */
async function liveInBrowser(page: Page) {
  const found = await page.evaluate((attributes) => {
    const all = [...document.querySelectorAll('*')];
    return {
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.localName} ${a.name}>`)),
      addresses: all.flatMap((el) =>
        [...el.attributes].flatMap((a) =>
          (attributes.includes(a.name.toLowerCase())
            ? [a.value]
            : /^(?:image)?srcset$/i.test(a.name)
              ? a.value.split(',').map((c) => c.trim().split(/\s+/)[0]!)
              : []
          ).map((url) => ({ element: `<${el.localName} ${a.name}>`, url })),
        ),
      ),
      scripts: [...document.scripts].filter((s) => !s.src && !/^application\/(?:ld\+)?json$/.test(s.type)).map((s) => s.textContent?.slice(0, 80)),
      frames: [
        ...document.querySelectorAll('iframe, object, embed, base, form:not([role="search"]), meta[http-equiv]:not([http-equiv="Content-Security-Policy"])'),
      ].map((el) => `<${el.localName}>`),
    };
  }, ADDRESS_ATTRIBUTES);
  return { ...found, addresses: found.addresses.filter((a) => a.url && !allowedAddress(a.url, EMAIL)).map((a) => `${a.element}: ${a.url}`) };
}

/** FO-CONTENT-DATA's reading of a page: handlers, script-scheme links, the owner's scripts, `<img src=x>`. */
const contentData = (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.localName} ${a.name}>`)),
      scriptLinks: [...document.querySelectorAll('[href],[src],[action],[formaction]')]
        .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? el.getAttribute('formaction') ?? '')
        .filter((url) => /^\s*(?:javascript|vbscript|data):/i.test(url)),
      // Scripts the owner could have added: Folio's own are files of the site or JSON data.
      scripts: [...document.scripts].filter((s) => !s.src && !/^application\/(?:ld\+)?json$/.test(s.type)).map((s) => s.textContent?.slice(0, 80)),
      images: [...document.querySelectorAll('img')].filter((img) => img.getAttribute('src') === 'x').length,
    };
  });

type Reading = { contentData: Awaited<ReturnType<typeof contentData>>; live: Awaited<ReturnType<typeof liveInBrowser>> };
let crawl: Promise<Map<string, Reading>> | undefined;
/**
 * Every page of the sitemap and the search page for the attack's word, each loaded once in Chromium
 * and read for both rules (the two tests below share the loads: one crawl, not two).
 */
function crawled(): Promise<Map<string, Reading>> {
  crawl ??= (async () => {
    const readings = new Map<string, Reading>();
    for (const path of [...(await sitemapPaths()), '/search?q=evil']) {
      const response = await tab.goto(`${base}${path}`);
      expect(response?.status(), path).toBe(200);
      readings.set(path, { contentData: await contentData(tab), live: await liveInBrowser(tab) });
    }
    return readings;
  })();
  return crawl;
}

test('FO-CONTENT-DATA: every page of the hostile site in Chromium: no dialog, no handler, no javascript: link, the owner’s text shown as text', async () => {
  const paths = await sitemapPaths();
  expect(paths.length).toBeGreaterThan(8);
  const readings = await crawled();
  for (const path of paths) expect(readings.get(path)?.contentData, path).toEqual({ handlers: [], scriptLinks: [], scripts: [], images: 0 });
  const home = await tab.goto(`${base}/projects/lantern`);
  expect(home?.status()).toBe(200);
  expect(await tab.locator('h1').textContent()).toContain(HOSTILE_TITLE);
  expect(dialogs).toEqual([]);
}, 240_000);

test('FO-LINK-SCHEMES: every page of the hostile site and /developers in Chromium: every address http(s), relative or a fragment; the attack’s title is code text', async () => {
  const paths = await sitemapPaths();
  expect(paths).toContain('/developers');
  const readings = await crawled();
  for (const path of [...paths, '/search?q=evil']) expect(readings.get(path)?.live, path).toEqual({ handlers: [], addresses: [], scripts: [], frames: [] });
  await tab.goto(`${base}/developers`);
  expect(
    await tab
      .locator('code', { hasText: JSON.stringify(EVIL_TITLE) })
      .first()
      .isVisible(),
  ).toBe(true);
}, 240_000);

test('FO-LINK-SCHEMES: every Markdown output of the hostile site, rendered with raw HTML and every protocol allowed and opened in Chromium: no script, handler, frame or other scheme', async () => {
  const twins = (await sitemapPaths()).map((p) => (p === '/' ? '/index.md' : `${p}.md`));
  const documents = [
    '/llms.txt',
    '/llms-full.txt',
    '/projects/llms.txt',
    '/AGENTS.md',
    '/SKILL.md',
    '/auth.md',
    '/pricing.md',
    '/sitemap.md',
    '/search.md?q=evil',
  ];
  expect(twins).toEqual(expect.arrayContaining(['/index.md', '/developers.md', '/projects/evil.md', '/resume.md']));
  const seen = dialogs.length;
  for (const path of [...twins, ...documents]) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    const { html, rawHtml } = renderTrusting(res.body);
    expect(rawHtml, `${path}: raw HTML`).toBe(false);
    await tab.setContent(html);
    expect(await liveInBrowser(tab), path).toEqual({ handlers: [], addresses: [], scripts: [], frames: [] });
  }
  expect(dialogs.slice(seen)).toEqual([]);
}, 240_000);
