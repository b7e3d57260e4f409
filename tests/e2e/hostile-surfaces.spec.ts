// FO-CONTENT-DATA and FO-MARKDOWN-SAFE in a real browser: the hostile front-matter fixture
// (tests/fixtures/markdown-hostile-site: `<script>`, `<img onerror>`, `[x](javascript:…)` and URLs
// holding `"><script>` in every field), built and served as `npm start` serves it (one build, the
// run's shared server of it), and every page of it loaded in Chromium: no dialog opens, no handler,
// javascript: link or script of the owner's is in the DOM Chromium made, the owner's text is shown
// as text. The same pages parsed with no build, their JSON-LD, the feed, REST and MCP's structured
// content are tested in tests/unit/pages-hostile.test.ts; the Markdown surfaces in
// tests/unit/markdown-surfaces-hostile.test.ts. FO-LINK-SCHEMES: every address on those pages is
// http(s), relative or a fragment, and every Markdown output (twins, llms files, AGENTS.md,
// SKILL.md, developers.md…) rendered by micromark with raw HTML and every protocol let through,
// then given to Chromium, holds no script, handler or other scheme either; the same crawl with no
// build is tests/unit/outputs-hostile-crawl.test.ts.
import { expect, type Page, test } from '@playwright/test';
import { ADDRESS_ATTRIBUTES, allowedAddress, renderTrusting } from '../support/live-markup.ts';
import { raw, serveSharedSite } from './serve-support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const site = serveSharedSite('tests/fixtures/markdown-hostile-site/content');
const HOSTILE_TITLE = '<script>alert(1)</script> Lantern';
/** The attack's title (issue reproduction): the featured project's, so the examples' subject on /developers and SKILL.md. */
const EVIL_TITLE = "Evil` [x](javascript:fetch('/pwned-dev')) `";
const EMAIL = 'mallory@example.com';

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

test('FO-CONTENT-DATA: every page of the hostile site in Chromium: no dialog, no handler, no javascript: link, the owner’s text shown as text', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const sitemap = (await raw(site.base, '/sitemap.xml')).body;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(8);
  for (const path of paths) {
    await page.goto(`${site.base}${path}`);
    const found = await page.evaluate(() => {
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
    expect(found, path).toEqual({ handlers: [], scriptLinks: [], scripts: [], images: 0 });
  }
  const home = await page.goto(`${site.base}/projects/lantern`);
  expect(home?.status()).toBe(200);
  await expect(page.locator('h1')).toContainText(HOSTILE_TITLE);
  expect(dialogs).toEqual([]);
});

test('FO-LINK-SCHEMES: every page of the hostile site and /developers in Chromium: every address http(s), relative or a fragment; the attack’s title is code text', async ({
  page,
}) => {
  const sitemap = (await raw(site.base, '/sitemap.xml')).body;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths).toContain('/developers');
  for (const path of [...paths, '/search?q=evil']) {
    await page.goto(`${site.base}${path}`);
    const found = await liveInBrowser(page);
    expect(found, path).toEqual({ handlers: [], addresses: [], scripts: [], frames: [] });
  }
  await page.goto(`${site.base}/developers`);
  await expect(page.locator('code', { hasText: JSON.stringify(EVIL_TITLE) }).first()).toBeVisible();
});

test('FO-LINK-SCHEMES: every Markdown output of the hostile site, rendered with raw HTML and every protocol allowed and opened in Chromium: no script, handler, frame or other scheme', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const sitemap = (await raw(site.base, '/sitemap.xml')).body;
  const twins = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).map((p) => (p === '/' ? '/index.md' : `${p}.md`));
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
  for (const path of [...twins, ...documents]) {
    const res = await raw(site.base, path);
    expect(res.status, path).toBe(200);
    const { html, rawHtml } = renderTrusting(res.body);
    expect(rawHtml, `${path}: raw HTML`).toBe(false);
    await page.setContent(html);
    expect(await liveInBrowser(page), path).toEqual({ handlers: [], addresses: [], scripts: [], frames: [] });
  }
  expect(dialogs).toEqual([]);
});
