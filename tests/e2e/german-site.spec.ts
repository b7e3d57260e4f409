import { createRequire } from 'node:module';
import { test, expect, type Page } from '@playwright/test';
import { raw, serveFixtureSite, expectFontFilesServed } from './serve-support.ts';
import { ENGLISH, type Plural, STRING_KEYS, TABLES } from '../../src/records/strings.ts';

const _require = createRequire(import.meta.url);

const GERMAN = 'tests/fixtures/german-site/content';
const PAGES = [
  '/',
  '/projects',
  '/projects/kiesel',
  '/projects/strom',
  '/posts/schnappschuesse',
  '/resume',
  '/tags',
  '/tags/rust',
  '/ueber',
  '/posts',
] as const;

/**
 * The English interface words a German page must not show: each entry's text (both forms of a
 * counted one) cut at its `{marks}`, the pieces of four characters or more, where the English
 * entry differs from the German one (words both languages share, like "Feed", are no evidence).
 */
const german = TABLES.de!;
const forms = (entry: string | Plural) => (typeof entry === 'string' ? [entry] : [entry.one, entry.other]);
const ENGLISH_WORDS = [
  ...new Set(
    STRING_KEYS.filter((k) => JSON.stringify(ENGLISH[k]) !== JSON.stringify(german[k]))
      .flatMap((k) => forms(ENGLISH[k]))
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((piece) => piece.trim().replace(/^[,.:]\s*/, ''))
      .filter((piece) => piece.length >= 4),
  ),
];

/** `word` as whole words in `text` ("Date" is not in "Datenbanken"). */
const wordIn = (word: string, text: string) => new RegExp(`(?<!\\p{L})${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(text);

test.describe('a German site (locale de-AT, strings: featuredWork)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveFixtureSite('folio-german-', GERMAN, { timeoutMs: 200_000 });

  test('FO-LANGUAGE: no page shows a word of the English interface table, hidden labels included', async ({ page }) => {
    expect(ENGLISH_WORDS).toEqual(
      expect.arrayContaining(['Featured work', 'About me', 'Read this page as Markdown', 'Reading time', 'Experience', 'Skip to content']),
    );
    for (const path of PAGES) {
      const response = await page.goto(`${site.base}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'de-AT');
      // textContent, not innerText: CSS may upper-case an eyebrow, and screen-reader-only labels count too.
      const text = await page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        // The twin's path (/projects.md) is an address, not words.
        for (const el of body.querySelectorAll('script, style, template, .twin-link__path')) el.remove();
        return body.textContent ?? '';
      });
      expect(text.length, path).toBeGreaterThan(200);
      expect(
        ENGLISH_WORDS.filter((w) => wordIn(w, text)),
        path,
      ).toEqual([]);
    }
  });

  test('FO-LANGUAGE: the German words show, the strings: override replaces its entry, dates and plurals are German', async ({ page }) => {
    await page.goto(`${site.base}/`);
    await expect(page.locator('#featured')).toHaveText('Meine liebsten Arbeiten');
    await expect(page.locator('#about-me')).toHaveText('Über mich');
    await expect(page.locator('.section__head a.more').first()).toContainText('Alle 3 Projekte');
    await expect(page.locator('.skip-link')).toHaveText('Zum Inhalt springen');
    await expect(page.locator('.twin-link a')).toHaveText('Diese Seite als Markdown lesen');
    await expect(page.locator('.site-footer__label').first()).toHaveText('Menü');
    await expect(page.locator('.scheme-toggle .sr-only')).toHaveText('Dunkles Design');

    await page.goto(`${site.base}/projects/kiesel`);
    const facts = page.locator('.work-facts');
    await expect(facts).toContainText('Art');
    await expect(facts).toContainText('Bibliothek');
    await expect(facts).toContainText('Begonnen');
    await expect(facts).toContainText('März 2024');
    await expect(facts).toContainText('Lesezeit');
    await expect(page.locator('.work-links')).toContainText('Quellcode');
    await expect(page.locator('#toc-title')).toHaveText('In diesem Projekt');

    await page.goto(`${site.base}/posts/schnappschuesse`);
    await expect(page.locator('.post__meta')).toContainText('14. Februar 2025');
    await expect(page.locator('.post__meta')).toContainText('Min. Lesezeit');

    await page.goto(`${site.base}/resume`);
    await expect(page.locator('#resume-work')).toHaveText('Berufserfahrung');
    await expect(page.locator('.resume-entry__when').first()).toContainText('heute');
  });

  test('FO-LANGUAGE: the twins (/index.md, a project twin) use German labels', async () => {
    const home = await raw(site.base, '/index.md');
    expect(home.status).toBe(200);
    for (const label of ['- Rolle:', '- Ort:', '- Webseite:', '## Ausgewählte Projekte', '## Alle Projekte', 'Verzeichnis der Website:'])
      expect(home.body).toContain(label);
    for (const english of ['- Role:', '- Web page:', '## Featured projects', '## All projects', 'Site index:']) expect(home.body).not.toContain(english);
    const project = await raw(site.base, '/projects/kiesel.md');
    expect(project.status).toBe(200);
    for (const label of ['- Art: Bibliothek (library)', '- Kategorie: Datenhaltung', '- Zustand: aktiv', '- Begonnen: 2024-03-05', '- Quellcode:', '- Autor:'])
      expect(project.body).toContain(label);
    expect(project.body).not.toMatch(/^- (Type|Category|Status|Started|Repository|Author|Web page):/m);
  });

  test('FO-THEME: theme.font editorial: headings and reading text in Source Serif 4, the interface in Source Sans 3, served by the site', async ({ page }) => {
    await page.goto(`${site.base}/projects/kiesel`);
    await page.evaluate(() => document.fonts.ready);
    const families = await page.evaluate(() => ({
      h1: getComputedStyle(document.querySelector('h1')!).fontFamily,
      prose: getComputedStyle(document.querySelector('.prose')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replaceAll('"', '')} ${f.weight} ${f.style}`),
    }));
    expect(families.h1).toMatch(/^"Source Serif 4",/);
    expect(families.prose).toMatch(/^"Source Serif 4",/);
    expect(families.body).toMatch(/^"Source Sans 3",/);
    // The faces the page uses came from this site's files (no platform font stood in).
    expect(families.loaded).toEqual(expect.arrayContaining(['Source Serif 4 400 normal', 'Source Serif 4 700 normal', 'Source Sans 3 400 normal']));
    await expectFontFilesServed(site.base, 'editorial');
  });

  /** A page's text as a reader gets it (textContent: hidden labels count), without scripts and styles. */
  const textOf = (page: Page) =>
    page.evaluate(() => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const el of body.querySelectorAll('script, style, template, .twin-link__path')) el.remove();
      return body.textContent ?? '';
    });
  /** Markdown's words: links' addresses are not words. */
  const wordsOfMarkdown = (markdown: string) => markdown.replace(/\]\([^)]*\)|<https?:[^>]*>|https?:\S+/g, ' ');

  test('FO-LANGUAGE: the search page (hits, none, empty) and its twin are German, from the function', async ({ page }) => {
    for (const [path, expected] of [
      ['/search?q=kiesel', /^\d+ Ergebnis(se)? für „kiesel“$/],
      ['/search?q=zzqqxx', /^Nichts passt zu „zzqqxx“\. Versuchen Sie weniger oder andere Wörter, oder sehen Sie sich alle Projekte an\.$/],
      ['/search', /^Geben Sie ein, zwei Wörter in das Suchfeld ein/],
    ] as const) {
      const response = await page.goto(`${site.base}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('main .lead').first(), path).toHaveText(expected);
      const text = await textOf(page);
      expect(
        ENGLISH_WORDS.filter((w) => wordIn(w, text)),
        path,
      ).toEqual([]);
    }
    await page.goto(`${site.base}/search?q=kiesel`);
    await expect(page.locator('.search-results .search-result__kind').first()).toHaveText('Bibliothek');
    const twin = await raw(site.base, '/search.md?q=kiesel');
    expect(twin.status).toBe(200);
    expect(twin.body).toMatch(/^# Suchergebnisse für „kiesel“$/m);
    expect(twin.body).toMatch(/^> \d+ Ergebnis(se)? für „kiesel“\.$/m);
    for (const label of ['- Webseite:', '- Alle Projekte: [Projekte]', '(Bibliothek)']) expect(twin.body).toContain(label);
    expect(ENGLISH_WORDS.filter((w) => wordIn(w, wordsOfMarkdown(twin.body)))).toEqual([]);
    const none = await raw(site.base, '/search.md?q=zzqqxx');
    expect(none.body).toContain('> Nichts passt zu „zzqqxx“. Versuchen Sie weniger oder andere Wörter.');
  });

  test('FO-LANGUAGE: the live results as one types (public/search.js) are German, counted by the German plural rules', async ({ page }) => {
    await page.goto(`${site.base}/`);
    const box = page.getByRole('search').getByLabel('Diese Website durchsuchen');
    await box.pressSequentially('kiesel', { delay: 20 });
    const results = page.locator('#site-search-results');
    await expect(results.getByRole('status')).toHaveText(/^\d+ Ergebnis(se)? für „kiesel“$/);
    await expect(results.locator('.site-search__all')).toHaveText('Alle Ergebnisse');
    await box.fill('zzqqxx');
    await expect(results.getByRole('status')).toHaveText('Nichts gefunden für „zzqqxx“');
  });

  test('FO-LANGUAGE: the 404 page, /404.md, the home twin for agents, the feed, the <link> titles and the copy button are German', async ({ page }) => {
    const response = await page.goto(`${site.base}/gibt-es-nicht`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Seite nicht gefunden');
    const notFoundText = await textOf(page);
    expect(ENGLISH_WORDS.filter((w) => wordIn(w, notFoundText))).toEqual([]);

    const notFound = await raw(site.base, '/404.md');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatch(/^# Seite nicht gefunden$/m);
    for (const line of [
      '> Unter dieser Adresse gibt es keine Seite.',
      'Hier fängt man gut an:',
      '- [Projekte](/projects.md): jedes Projekt, nach Kategorie',
      '- [Artikel](/posts.md)',
    ])
      expect(notFound.body).toContain(line);
    expect(ENGLISH_WORDS.filter((w) => wordIn(w, wordsOfMarkdown(notFound.body)))).toEqual([]);

    const home = (await raw(site.base, '/index.md')).body;
    expect(home).toContain('## Für Agenten');
    expect(home).toContain('ein Verzeichnis dieser Website für Sprachmodelle');
    expect(home).not.toContain('For agents');

    expect((await raw(site.base, '/feed.xml')).body).toContain('<title>Jonas Weber: Artikel und Projekte</title>');
    await page.goto(`${site.base}/projects/kiesel`);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('title', 'Jonas Weber: Artikel und Projekte');
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('title', 'Diese Seite als Markdown');
    // The code block's copy button (public/code-copy.js), with a clipboard to write to.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.reload();
    const copy = page.locator('.code-block__copy');
    await expect(copy).toHaveText('Kopieren');
    await copy.click();
    await expect(copy).toHaveText(/^(Kopiert|Kopieren fehlgeschlagen)$/);
  });
});
