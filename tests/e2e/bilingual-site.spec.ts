// FO-I18N: a site in two languages, served as `npm start` serves it: what only the served site shows
// (each answer's Content-Type, Content-Language and Link headers, negotiation, the live results of
// public/search.js in a browser) over the run's shared build of the bilingual fixture (French main,
// English translating some records). Its pages' words, markup and links, its twins, llms.txt, feed,
// sitemap and search page are tested with no build in tests/unit/pages-bilingual.test.ts.
import { type Page, test, expect } from '@playwright/test';
import { raw, serveSharedSite } from './serve-support.ts';
import { expectNotSideways, sitemapPaths } from './design-support.ts';
import { PHONE_WIDTHS, sideways, sweepWidths } from '../support/sideways.ts';

const BILINGUAL = 'tests/fixtures/bilingual-site/content';

test.describe('FO-I18N: a bilingual site (French at /, English at /en)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite(BILINGUAL);

  test('FO-I18N: each language’s twins answer by name and by negotiation, each with its text’s language as Content-Language', async () => {
    const home = await raw(site.base, '/en', { accept: 'text/markdown' });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(home.body).toContain(`[llms.txt](${site.base}/en/llms.txt)`);
    expect((await raw(site.base, '/en.md')).body).toBe(home.body);
    // Each twin's text language as Content-Language: a record not translated is French under /en too.
    expect(home.headers['content-language']).toBe('en');
    expect((await raw(site.base, '/en.md')).headers['content-language']).toBe('en');
    expect((await raw(site.base, '/en/projects/banc-essai.md')).headers['content-language']).toBe('fr');
    expect((await raw(site.base, '/projects/robotique-mobile', { accept: 'text/markdown' })).headers['content-language']).toBe('fr');
    expect((await raw(site.base, '/en/resume.json')).status).toBe(200);
  });

  test('FO-I18N: each English page and twin names the English llms.txt in its Link header (its section’s where it has one), and each one it names answers', async () => {
    /** The llms.txt a response's Link header names (rel="describedby"), and its canonical. */
    const links = async (path: string) => {
      const link = (await raw(site.base, path)).headers.link ?? '';
      return { index: /<([^>]+)>; rel="describedby"/.exec(link)?.[1], canonical: /<([^>]+)>; rel="canonical"/.exec(link)?.[1] };
    };
    expect(await links('/en/a-propos')).toEqual({ index: '/en/llms.txt', canonical: undefined });
    expect(await links('/en/a-propos.md')).toEqual({ index: '/en/llms.txt', canonical: '/en/a-propos' });
    expect(await links('/en/projects/robotique-mobile')).toEqual({ index: '/en/projects/llms.txt', canonical: undefined });
    expect(await links('/en/projects/robotique-mobile.md')).toEqual({ index: '/en/projects/llms.txt', canonical: '/en/projects/robotique-mobile' });
    expect(await links('/en/tags')).toEqual({ index: '/en/tags/llms.txt', canonical: undefined });
    expect(await links('/en/tags.md')).toEqual({ index: '/en/tags/llms.txt', canonical: '/en/tags' });
    expect(await links('/en/posts/cartes-legeres')).toEqual({ index: '/en/posts/llms.txt', canonical: undefined });
    // The French pages keep the root's.
    expect(await links('/projects/robotique-mobile')).toEqual({ index: '/projects/llms.txt', canonical: undefined });
    for (const path of ['/en/a-propos', '/en/projects/robotique-mobile', '/en/tags/robotique']) {
      const { index } = await links(path);
      expect((await raw(site.base, index!)).status, index).toBe(200);
    }
  });

  test('FO-I18N: the header searches in the page’s language: the live results link English pages and all of /en/search', async ({ page }) => {
    await page.goto(`${site.base}/en/projects`);
    await expect(page.locator('form.site-search')).toHaveAttribute('action', '/en/search');
    await page.locator('#site-search-q').fill('robot');
    const first = page.locator('#site-search-results li a').first();
    await expect(first).toHaveAttribute('href', /^\/en\//);
    await expect(page.locator('#site-search-results a.site-search__all')).toHaveAttribute('href', '/en/search?q=robot');
  });

  test('FO-I18N, FO-LONG-WORDS: a live result not translated is in French on an English page, said by its item’s lang; a translated one is in the page’s', async ({
    page,
  }) => {
    await page.goto(`${site.base}/en/projects`);
    await page.locator('#site-search-q').fill('Gestaltungsprozessoptimierung');
    const item = (href: string) => page.locator('#site-search-results li').filter({ has: page.locator(`a[href="${href}"]`) });
    await expect(item('/en/posts/mots-longs')).toHaveAttribute('lang', 'fr');
    await expect(item('/en/projects/accessibilite-longue')).toHaveCount(1);
    expect(await item('/en/projects/accessibilite-longue').getAttribute('lang')).toBeNull();
  });

  test.describe('every page at phone widths, and two at the widths where the menu is a link', () => {
    /**
     * What the browser shows of the owner's name in the header: cut (wider inside than its box, or
     * an ellipsis), off the screen, under another of the header's controls, or taller than the row
     * its tap targets make (two lines fit; a third would make this header taller than the others).
     */
    const nameOf = (page: Page, path: string) =>
      page.evaluate((path) => {
        const text = document.querySelector<HTMLElement>('.site-name__text')!;
        const box = text.getBoundingClientRect();
        const covered = [...document.querySelectorAll('.site-header__inner > :not(.site-name), .site-header__extras > *')]
          .filter((el) => {
            const b = el.getBoundingClientRect();
            return b.width > 0 && b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top;
          })
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class')}">`);
        const row = Math.max(...[...document.querySelectorAll('.site-search, .site-menu-link, .site-nav')].map((el) => el.getBoundingClientRect().height));
        return {
          path,
          name: text.textContent,
          cut: text.scrollWidth > text.clientWidth || getComputedStyle(text).textOverflow === 'ellipsis',
          inView: box.left >= 0 && box.right <= document.documentElement.clientWidth && box.top >= 0,
          covered,
          inRow: box.height <= row + 0.5,
        };
      }, path);
    /** The pages where the header shows the menu as a link, read at widths from 641 px (where it starts) to 1088 px. */
    const MENU_LINK = { paths: ['/', '/en/projects'], widths: [641, 800, 1088] } as const;
    const word = encodeURIComponent('Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz');
    let paths: string[] = [];
    let readings: { path: string; width: number; reading: { wide?: ReturnType<typeof sideways>; name: Awaited<ReturnType<typeof nameOf>> } }[] = [];

    // The two tests below read the same pages at the same widths: one load of each page, read at
    // each of its widths in turn (sweepWidths: the viewport resized, the page not loaded again).
    test.beforeAll(async ({ browser }) => {
      paths = await sitemapPaths(site.base);
      const page = await browser.newPage();
      readings = await sweepWidths(
        page,
        site.base,
        [...paths, `/search?q=${word}`, `/en/search?q=${word}`],
        (path) => [...PHONE_WIDTHS, ...((MENU_LINK.paths as readonly string[]).includes(path) ? MENU_LINK.widths : [])],
        async (path, width) => ({
          wide: (PHONE_WIDTHS as readonly number[]).includes(width) ? await page.evaluate(sideways) : undefined,
          name: await nameOf(page, path),
        }),
      );
      await page.close();
    });

    test('FO-LONG-WORDS: at 320 and 390 px no page in either language scrolls sideways or has an element past the screen: every page of the sitemap (the longest real words of each language Folio speaks in titles, summaries, tags and a post) and each language’s search page for one', async () => {
      for (const path of [
        '/projects/accessibilite-longue',
        '/en/projects/accessibilite-longue',
        '/posts/mots-longs',
        '/en/posts/mots-longs',
        '/tags/gestaltungsprozessoptimierung',
      ])
        expect(paths).toContain(path);
      let seen = 0;
      for (const { path, width, reading } of readings) {
        if (!reading.wide) continue;
        expectNotSideways(path, width, reading.wide);
        seen++;
      }
      expect(seen).toBe(PHONE_WIDTHS.length * (paths.length + 2));
    });

    test('FO-HEADER-NAME: the owner’s name of 24 characters is whole in the header on every page in both languages at 320 and 390 px, and at widths from 641 to 1088 px where the menu is a link', async () => {
      expect(paths).toContain('/en/mentions-legales');
      const whole = (path: string) => ({ path, name: 'Élise Arnaud-Montgolfier', cut: false, inView: true, covered: [], inRow: true });
      let seen = 0;
      for (const { path, width, reading } of readings) {
        // The search pages are FO-LONG-WORDS's; this test's pages are the sitemap's.
        if (!paths.includes(path)) continue;
        expect(reading.name, `${path} at ${width} px`).toEqual(whole(path));
        seen++;
      }
      expect(seen).toBe(PHONE_WIDTHS.length * paths.length + MENU_LINK.paths.length * MENU_LINK.widths.length);
    });
  });
});
