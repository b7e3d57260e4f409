// FO-CONTENT-DATA and FO-MARKDOWN-SAFE in a real browser: the hostile front-matter fixture
// (tests/fixtures/markdown-hostile-site: `<script>`, `<img onerror>`, `[x](javascript:…)` and URLs
// holding `"><script>` in every field), built and served as `npm start` serves it (one build, the
// run's shared server of it), and every page of it loaded in Chromium: no dialog opens, no handler,
// javascript: link or script of the owner's is in the DOM Chromium made, the owner's text is shown
// as text. The same pages parsed with no build, their JSON-LD, the feed, REST and MCP's structured
// content are tested in tests/unit/pages-hostile.test.ts; the Markdown surfaces in
// tests/unit/markdown-surfaces-hostile.test.ts.
import { expect, test } from '@playwright/test';
import { raw, serveSharedSite } from './serve-support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const site = serveSharedSite('tests/fixtures/markdown-hostile-site/content');
const HOSTILE_TITLE = '<script>alert(1)</script> Lantern';

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
