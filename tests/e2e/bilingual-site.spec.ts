// FO-I18N: a site in two languages, served as `npm start` serves it: the bilingual fixture (French
// main, English translating some records) in both languages on every surface, through real HTTP and
// a real browser.
import { test, expect } from '@playwright/test';
import { raw, serveSharedSite } from './serve-support.ts';

const BILINGUAL = 'tests/fixtures/bilingual-site/content';

/** Every page both languages have, by its main-language path. */
const PAGES = [
  '/',
  '/projects',
  '/projects/robotique-mobile',
  '/projects/banc-essai',
  '/posts',
  '/posts/cartes-legeres',
  '/a-propos',
  '/resume',
  '/tags',
  '/tags/robotique',
];
const inEnglish = (path: string) => (path === '/' ? '/en' : `/en${path}`);

/** A page's hreflang alternates: language → href. */
async function alternates(base: string, path: string) {
  const { body } = await raw(base, path);
  return Object.fromEntries([...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
}

test.describe('FO-I18N: a bilingual site (French at /, English at /en)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite(BILINGUAL);

  test('FO-I18N: every page is in both languages, with <html lang>, reciprocal hreflang alternates and x-default', async () => {
    for (const path of PAGES) {
      const fr = await raw(site.base, path);
      const en = await raw(site.base, inEnglish(path));
      expect(fr.status, path).toBe(200);
      expect(en.status, inEnglish(path)).toBe(200);
      expect(fr.body, path).toContain('<html lang="fr"');
      expect(en.body, inEnglish(path)).toContain('<html lang="en"');
      const expected = { fr: `${site.base}${path}`, en: `${site.base}${inEnglish(path)}`, 'x-default': `${site.base}${path}` };
      expect(await alternates(site.base, path), path).toEqual(expected);
      expect(await alternates(site.base, inEnglish(path)), inEnglish(path)).toEqual(expected);
    }
  });

  test('FO-I18N: a translated record is in English at /en; one not translated is in French there, marked lang="fr", with a note in English', async ({
    page,
  }) => {
    await page.goto(`${site.base}/en/projects/robotique-mobile`);
    await expect(page.locator('h1')).toHaveText('Mobile robotics: mapping in real time');
    await expect(page.locator('.lang-note')).toHaveCount(0);
    // Inherited from the main file: the type, the category's link and the cover (its alt text translated).
    await expect(page.locator('.breadcrumb a').first()).toHaveAttribute('href', '/en/projects');
    await expect(page.locator('img[alt="A small four-wheeled robot on a gravel path."]').first()).toBeVisible();

    await page.goto(`${site.base}/en/projects/banc-essai`);
    await expect(page.locator('h1')).toHaveText('Banc d’essai pour moteurs');
    await expect(page.locator('main')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('.lang-note')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.lang-note')).toHaveText('This page is not translated yet: it is in French.');
    // The interface around it is English, and its links stay in English.
    await expect(page.locator('.site-nav a').first()).toHaveText('Projects');
    await expect(page.locator('.site-nav a').first()).toHaveAttribute('href', '/en/projects');
  });

  test('FO-I18N: the language switch goes to the same page in the other language', async ({ page }) => {
    await page.goto(`${site.base}/posts/cartes-legeres`);
    const english = page.locator('.lang-switch a[hreflang="en"]');
    await expect(english).toHaveAttribute('href', '/en/posts/cartes-legeres');
    await english.click();
    await expect(page).toHaveURL(`${site.base}/en/posts/cartes-legeres`);
    await expect(page.locator('h1')).toHaveText('Light maps for small robots');
    await expect(page.locator('.lang-switch a[aria-current="page"]')).toHaveAttribute('hreflang', 'en');
    await page.locator('.lang-switch a[hreflang="fr"]').click();
    await expect(page).toHaveURL(`${site.base}/posts/cartes-legeres`);
    await expect(page.locator('h1')).toHaveText('Des cartes légères pour de petits robots');
  });

  test('FO-I18N: each language’s twins, by name and by negotiation, link within their language and name the other versions', async () => {
    const home = await raw(site.base, '/en', { accept: 'text/markdown' });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(home.body).toContain('Robotics and embedded systems engineer');
    expect(home.body).toContain(`[llms.txt](${site.base}/en/llms.txt)`);
    expect((await raw(site.base, '/en.md')).body).toBe(home.body);
    // Each twin's text language as Content-Language: a record not translated is French under /en too.
    expect(home.headers['content-language']).toBe('en');
    expect((await raw(site.base, '/en.md')).headers['content-language']).toBe('en');
    expect((await raw(site.base, '/en/projects/banc-essai.md')).headers['content-language']).toBe('fr');
    expect((await raw(site.base, '/projects/robotique-mobile', { accept: 'text/markdown' })).headers['content-language']).toBe('fr');

    const untranslated = (await raw(site.base, '/en/projects/banc-essai.md')).body;
    expect(untranslated).toContain('- Language: French (not translated yet)');
    expect(untranslated).toContain(`- Other languages: [French (fr)](${site.base}/projects/banc-essai.md)`);
    const translated = (await raw(site.base, '/projects/robotique-mobile.md')).body;
    expect(translated).toContain('- Langue\u202F: français');
    expect(translated).toContain(`[anglais (en)](${site.base}/en/projects/robotique-mobile.md)`);
    // Links in a translated body to the other language's pages stay as written; the site's own links are in the twin's language.
    expect((await raw(site.base, '/en/projects.md')).body).toContain(`${site.base}/en/projects/robotique-mobile.md`);
  });

  test('FO-I18N: the root llms.txt names the English llms.txt; each language has its llms.txt, llms-full.txt, feed and résumé', async () => {
    const root = (await raw(site.base, '/llms.txt')).body;
    expect(root).toContain(`[English](${site.base}/en/llms.txt)`);
    const english = await raw(site.base, '/en/llms.txt');
    expect(english.status).toBe(200);
    expect(english.body).toContain(`${site.base}/en/projects/robotique-mobile.md`);
    expect(english.body).toContain(`[French](${site.base}/llms.txt)`);
    expect((await raw(site.base, '/en/llms-full.txt')).body).toContain('Mobile robotics: mapping in real time');
    const feed = (await raw(site.base, '/en/feed.xml')).body;
    expect(feed).toContain('<language>en</language>');
    expect(feed).toContain('Light maps for small robots');
    expect(feed).toContain(`${site.base}/en/posts/cartes-legeres`);
    const resume = await raw(site.base, '/en/resume.md');
    expect(resume.body).toContain('Freelance robotics engineer');
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
    // The French pages keep the root's, and each page's HTML <link rel="describedby"> says the same.
    expect(await links('/projects/robotique-mobile')).toEqual({ index: '/projects/llms.txt', canonical: undefined });
    for (const path of ['/en/a-propos', '/en/projects/robotique-mobile', '/en/tags/robotique']) {
      const { index } = await links(path);
      expect((await raw(site.base, path)).body, path).toContain(`<link rel="describedby" href="${index}"`);
      expect((await raw(site.base, index!)).status, index).toBe(200);
    }
  });

  test('FO-I18N: the sitemap lists both languages with xhtml:link alternates', async () => {
    const sitemap = (await raw(site.base, '/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of PAGES) {
      expect(sitemap, path).toContain(`<loc>${site.base}${inEnglish(path)}</loc>`);
      expect(sitemap, path).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${site.base}${inEnglish(path)}"/>`);
    }
  });
  test('FO-I18N: each language has its search page: /en/search answers English records with /en links in both forms, and the header searches in the page’s language', async ({
    page,
  }) => {
    const html = await raw(site.base, '/en/search?q=robot');
    expect(html.status).toBe(200);
    expect(html.body).toContain('<html lang="en"');
    expect(html.body).toContain('href="/en/projects/robotique-mobile"');
    expect(html.body).not.toMatch(/class="rows__title" href="\/(?!en\/)/);
    expect(html.headers.link).toContain('</en/search.md?q=robot>');
    const markdown = await raw(site.base, '/en/search?q=robot', { accept: 'text/markdown' });
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toContain(`(${site.base}/en/projects/robotique-mobile.md)`);
    expect(markdown.body).toContain(`- Web page: <${site.base}/en/search?q=robot>`);
    expect((await raw(site.base, '/en/search.md?q=robot')).body).toBe(markdown.body);
    // French, stemmed: "robots" finds "Robotique" in the main language's page.
    expect((await raw(site.base, '/search?q=robots')).body).toContain('href="/projects/robotique-mobile"');
    // A language the site is not written in has no search page.
    const german = await raw(site.base, '/de/search?q=robot');
    expect(german.status).toBe(404);
    expect(german.body).toContain('route_not_found');

    await page.goto(`${site.base}/en/projects`);
    await expect(page.locator('form.site-search')).toHaveAttribute('action', '/en/search');
    await page.locator('#site-search-q').fill('robot');
    const first = page.locator('#site-search-results li a').first();
    await expect(first).toHaveAttribute('href', /^\/en\//);
    await expect(page.locator('#site-search-results a.site-search__all')).toHaveAttribute('href', '/en/search?q=robot');
  });
});
