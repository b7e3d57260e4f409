// FO-I18N: a site in two languages (the bilingual fixture: French main, English translating some
// records), its pages, twins, llms.txt, feed, sitemap and search page in both languages as a build
// makes them, rendered with no build (tests/support/render-page.ts). What the served site adds
// (each answer's Content-Type, Content-Language and Link headers, negotiation, the live results of
// public/search.js) stays in tests/e2e/bilingual-site.spec.ts, over the run's shared build.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseHtml } from '../support/html-query.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/bilingual-site/content');

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

/** The site's address, as its pages and twins write it (site.md's, or FOLIO_SITE_URL when the run sets one). */
let url = '';
beforeAll(async () => {
  url = (await site.content()).site.url;
});

/** A page's hreflang alternates: language → href. */
const alternates = async (path: string) =>
  Object.fromEntries((await site.page(path)).all('link[rel="alternate"][hreflang]').map((l) => [l.attr('hreflang')!, l.attr('href')!]));

describe('FO-I18N: a bilingual site (French at /, English at /en)', () => {
  test('FO-I18N: every page is in both languages, with <html lang>, reciprocal hreflang alternates and x-default', async () => {
    for (const path of PAGES) {
      expect(await site.has(path), path).toBe(true);
      expect(await site.has(inEnglish(path)), inEnglish(path)).toBe(true);
      expect((await site.page(path)).root.attr('lang'), path).toBe('fr');
      expect((await site.page(inEnglish(path))).root.attr('lang'), inEnglish(path)).toBe('en');
      const expected = { fr: `${url}${path}`, en: `${url}${inEnglish(path)}`, 'x-default': `${url}${path}` };
      expect(await alternates(path), path).toEqual(expected);
      expect(await alternates(inEnglish(path)), inEnglish(path)).toEqual(expected);
    }
  });

  test('FO-I18N: a translated record is in English at /en; one not translated is in French there, marked lang="fr", with a note in English', async () => {
    const translated = await site.page('/en/projects/robotique-mobile');
    expect(translated.get('h1').text).toBe('Mobile robotics: mapping in real time');
    expect(translated.all('.lang-note')).toHaveLength(0);
    // Inherited from the main file: the type, the category's link and the cover (its alt text translated).
    expect(translated.get('.breadcrumb a').attr('href')).toBe('/en/projects');
    expect(translated.all('img[alt="A small four-wheeled robot on a gravel path."]').length).toBeGreaterThan(0);

    const untranslated = await site.page('/en/projects/banc-essai');
    expect(untranslated.get('h1').text).toBe('Banc d’essai pour moteurs');
    expect(untranslated.get('main').attr('lang')).toBe('fr');
    expect(untranslated.get('.lang-note').attr('lang')).toBe('en');
    expect(untranslated.get('.lang-note').text).toBe('This page is not translated yet: it is in French.');
    // The interface around it is English, and its links stay in English.
    expect(untranslated.get('.site-nav a').text).toBe('Projects');
    expect(untranslated.get('.site-nav a').attr('href')).toBe('/en/projects');
  });

  test('FO-I18N: the language switch goes to the same page in the other language', async () => {
    const french = await site.page('/posts/cartes-legeres');
    expect(french.get('.lang-switch a[hreflang="en"]').attr('href')).toBe('/en/posts/cartes-legeres');
    expect(french.get('.lang-switch a[aria-current="page"]').attr('hreflang')).toBe('fr');
    const english = await site.page('/en/posts/cartes-legeres');
    expect(english.get('h1').text).toBe('Light maps for small robots');
    expect(english.get('.lang-switch a[aria-current="page"]').attr('hreflang')).toBe('en');
    expect(english.get('.lang-switch a[hreflang="fr"]').attr('href')).toBe('/posts/cartes-legeres');
    expect(french.get('h1').text).toBe('Des cartes légères pour de petits robots');
  });

  test('FO-I18N: each language’s twins link within their language and name the other versions', async () => {
    const home = await site.text('/en.md');
    expect(home).toContain('Robotics and embedded systems engineer');
    expect(home).toContain(`[llms.txt](${url}/en/llms.txt)`);
    const untranslated = await site.text('/en/projects/banc-essai.md');
    expect(untranslated).toContain('- Language: French (not translated yet)');
    expect(untranslated).toContain(`- Other languages: [French (fr)](${url}/projects/banc-essai.md)`);
    const translated = await site.text('/projects/robotique-mobile.md');
    expect(translated).toContain('- Langue\u202F: français');
    expect(translated).toContain(`[anglais (en)](${url}/en/projects/robotique-mobile.md)`);
    // Links in a translated body to the other language's pages stay as written; the site's own links are in the twin's language.
    expect(await site.text('/en/projects.md')).toContain(`${url}/en/projects/robotique-mobile.md`);
  });

  test('FO-I18N: the root llms.txt names the English llms.txt; each language has its llms.txt, llms-full.txt, feed and résumé', async () => {
    expect(await site.text('/llms.txt')).toContain(`[English](${url}/en/llms.txt)`);
    const english = await site.text('/en/llms.txt');
    expect(english).toContain(`${url}/en/projects/robotique-mobile.md`);
    expect(english).toContain(`[French](${url}/llms.txt)`);
    expect(await site.text('/en/llms-full.txt')).toContain('Mobile robotics: mapping in real time');
    const feed = await site.text('/en/feed.xml');
    expect(feed).toContain('<language>en</language>');
    expect(feed).toContain('Light maps for small robots');
    expect(feed).toContain(`${url}/en/posts/cartes-legeres`);
    expect(await site.text('/en/resume.md')).toContain('Freelance robotics engineer');
    expect(JSON.parse(await site.text('/en/resume.json')).basics).toBeDefined();
  });

  test('FO-I18N: each English page names the English llms.txt (its section’s where it has one) in its <link rel="describedby">, and each one it names is written', async () => {
    const describedBy = async (path: string) => (await site.page(path)).get('link[rel="describedby"]').attr('href');
    expect(await describedBy('/en/a-propos')).toBe('/en/llms.txt');
    expect(await describedBy('/en/projects/robotique-mobile')).toBe('/en/projects/llms.txt');
    expect(await describedBy('/en/tags')).toBe('/en/tags/llms.txt');
    expect(await describedBy('/en/tags/robotique')).toBe('/en/tags/llms.txt');
    expect(await describedBy('/en/posts/cartes-legeres')).toBe('/en/posts/llms.txt');
    // The French pages keep the root's.
    expect(await describedBy('/projects/robotique-mobile')).toBe('/projects/llms.txt');
    for (const index of ['/en/llms.txt', '/en/projects/llms.txt', '/en/tags/llms.txt', '/en/posts/llms.txt']) expect(await site.has(index), index).toBe(true);
  });

  test('FO-I18N: the sitemap lists both languages with xhtml:link alternates', async () => {
    const sitemap = await site.text('/sitemap.xml');
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of PAGES) {
      expect(sitemap, path).toContain(`<loc>${url}${inEnglish(path)}</loc>`);
      expect(sitemap, path).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${url}${inEnglish(path)}"/>`);
    }
  });

  test('FO-I18N: the English llms.txt names the English home’s twin, and marks each record it lists untranslated “In French.”, in its own item, as the page marks it', async () => {
    const english = await site.text('/en/llms.txt');
    expect(english).toContain('(the home page: `/en.md`)');
    expect(english).not.toContain('/index.md');
    expect(await site.text('/llms.txt')).toContain('(the home page: `/index.md`)');
    /** The llms.txt item linking a twin (`- [title](url): note`). */
    const item = (file: string, twin: string) => file.split('\n').find((line) => line.startsWith('- [') && line.includes(`](${url}${twin})`));
    for (const twin of ['/en/projects/banc-essai.md', '/en/posts/notes-atelier.md', '/en/posts/mots-longs.md'])
      expect(item(english, twin), twin).toMatch(/\]\([^)]+\): In French\. /);
    // The page says the same thing (TextLang.astro's badge).
    expect((await site.page('/en/projects')).texts('.badge')).toContain('In French');
    for (const twin of ['/en/projects/robotique-mobile.md', '/en/posts/cartes-legeres.md', '/en/a-propos.md'])
      expect(item(english, twin), twin).not.toContain('In French');
    // The section files list them the same way; the main language's files mark nothing.
    expect(item(await site.text('/en/projects/llms.txt'), '/en/projects/banc-essai.md')).toContain(': In French. ');
    expect(item(await site.text('/en/posts/llms.txt'), '/en/posts/notes-atelier.md')).toContain(': In French. ');
    for (const file of ['/llms.txt', '/projects/llms.txt', '/posts/llms.txt']) expect(await site.text(file), file).not.toMatch(/In French|En français/);
  });

  describe('the search page, as the function answers it', () => {
    const fn = siteFunction(site);

    test('FO-I18N, FO-LONG-WORDS: a search hit not translated is in French on the English search page, said by its item’s lang and marked “In French” as lists mark it', async () => {
      const hits = parseHtml(await (await fn('/en/search?q=Gestaltungsprozessoptimierung')).text()).all('.search-result');
      const byHref = Object.fromEntries(hits.map((li) => [li.one('a.rows__title')!.attr('href'), li]));
      expect(byHref['/en/posts/mots-longs']?.attr('lang')).toBe('fr');
      expect(byHref['/en/posts/mots-longs']?.one('.badge')?.attr('lang')).toBe('en');
      expect(byHref['/en/posts/mots-longs']?.one('.badge')?.text).toBe('In French');
      expect(byHref['/en/projects/accessibilite-longue']?.attr('lang')).toBeUndefined();
      expect(byHref['/en/projects/accessibilite-longue']?.all('.badge')).toEqual([]);
    });

    test('FO-I18N: the language switch of a search page keeps its query, with no script: each language’s link is that language’s search for the same words', async () => {
      const query = 'robot & lidar + 100% “Gestaltungsprozessoptimierung”';
      for (const [path, current] of [
        ['/search', '/search'],
        ['/en/search', '/en/search'],
      ] as const) {
        const page = parseHtml(await (await fn(`${path}?q=${encodeURIComponent(query)}`)).text());
        const links = page.all('.lang-switch a');
        expect(
          links.map((a) => a.attr('href')),
          path,
        ).toEqual([`/search?q=${encodeURIComponent(query)}`, `/en/search?q=${encodeURIComponent(query)}`]);
        expect(links.find((a) => a.attr('aria-current') === 'page')?.attr('href'), path).toBe(`${current}?q=${encodeURIComponent(query)}`);
      }
      // Another page's switch links that page, with nothing after its path.
      expect((await site.page('/en/projects')).all('.lang-switch a').map((a) => a.attr('href'))).toEqual(['/projects', '/en/projects']);
    });

    test('FO-I18N: each language has its search page: /en/search answers English records with /en links in both forms, and the header searches in the page’s language', async () => {
      const html = await fn('/en/search?q=robot');
      expect(html.status).toBe(200);
      const page = parseHtml(await html.text());
      expect(page.root.attr('lang')).toBe('en');
      expect(page.attrs('a', 'href')).toContain('/en/projects/robotique-mobile');
      expect(page.attrs('a.rows__title', 'href').filter((href) => !href.startsWith('/en/'))).toEqual([]);
      expect(html.headers.get('link')).toContain('</en/search.md?q=robot>');
      const markdown = await fn('/en/search?q=robot', { headers: { accept: 'text/markdown' } });
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const text = await markdown.text();
      expect(text).toContain(`(${url}/en/projects/robotique-mobile.md)`);
      expect(text).toContain(`- Web page: <${url}/en/search?q=robot>`);
      expect(await (await fn('/en/search.md?q=robot')).text()).toBe(text);
      // French, stemmed: "robots" finds "Robotique" in the main language's page.
      expect(parseHtml(await (await fn('/search?q=robots')).text()).attrs('a', 'href')).toContain('/projects/robotique-mobile');
      // A language the site is not written in has no search page.
      const german = await fn('/de/search?q=robot');
      expect(german.status).toBe(404);
      expect(await german.text()).toContain('route_not_found');
      // The header's search box asks in the page's language.
      const projects = await site.page('/en/projects');
      expect(projects.get('form.site-search').attr('action')).toBe('/en/search');
      expect(projects.get('form.site-search').attr('data-lang')).toBe('en');
    });
  });
});
