// FO-LANGUAGE, FO-THEME on the German fixture site (locale de-AT, `strings:` overriding
// featuredWork, theme.font editorial): its pages, twins, feed and search page as a build makes
// them, rendered with no build (tests/support/render-page.ts). What a browser adds (the live
// results of public/search.js, the copy button's click, fonts applied) is proven in a browser on
// other sites' builds (docs/decisions.md § Where the page tests went).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { themeFiles } from '../../src/builder/integration.ts';
import { ENGLISH, type Plural, STRING_KEYS, TABLES } from '../../src/records/strings.ts';
import { fontFiles, THEME_CSS_PATH, themeCss, themeOf } from '../../src/records/theme.ts';
import { parseHtml } from '../support/html-query.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';
import { fixtureSiteData } from '../support/site-data.ts';
import { createApp } from '../../src/server/app.ts';

const GERMAN = 'tests/fixtures/german-site/content';
const site = fixtureSite(GERMAN);
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
const englishIn = (text: string) => ENGLISH_WORDS.filter((w) => wordIn(w, text));
/** Markdown's words: links' addresses are not words. */
const wordsOfMarkdown = (markdown: string) => markdown.replace(/\]\([^)]*\)|<https?:[^>]*>|https?:\S+/g, ' ');

describe('a German site (locale de-AT, strings: featuredWork)', () => {
  test('FO-LANGUAGE: no page shows a word of the English interface table, hidden labels included', async () => {
    expect(ENGLISH_WORDS).toEqual(
      expect.arrayContaining(['Featured work', 'About me', 'Read this page as Markdown', 'Reading time', 'Experience', 'Skip to content']),
    );
    for (const path of PAGES) {
      expect(await site.has(path), path).toBe(true);
      const page = await site.page(path);
      expect(page.root.attr('lang'), path).toBe('de-AT');
      // textContent: CSS may upper-case an eyebrow, and screen-reader-only labels count too. The twin's path (/projects.md) is an address, not words.
      const text = page.bodyText(['.twin-link__path']);
      expect(text.length, path).toBeGreaterThan(200);
      expect(englishIn(text), path).toEqual([]);
    }
  });

  test('FO-LANGUAGE: the German words show, the strings: override replaces its entry, dates and plurals are German', async () => {
    const home = await site.page('/');
    expect(home.get('#featured').text).toBe('Meine liebsten Arbeiten');
    expect(home.get('#about-me').text).toBe('Über mich');
    expect(home.get('.section__head a.more').text).toContain('Alle 5 Projekte');
    expect(home.get('.skip-link').text).toBe('Zum Inhalt springen');
    expect(home.get('.twin-link a').text).toBe('Diese Seite als Markdown lesen');
    expect(home.get('.site-footer__label').text).toBe('Menü');
    expect(home.get('.scheme-toggle .sr-only').text).toBe('Dunkles Design');

    const kiesel = await site.page('/projects/kiesel');
    const facts = kiesel.get('.work-facts').text;
    for (const word of ['Art', 'Bibliothek', 'Begonnen', 'März 2024', 'Lesezeit']) expect(facts).toContain(word);
    expect(kiesel.get('.work-links').text).toContain('Quellcode');
    expect(kiesel.get('#toc-title').text).toBe('In diesem Projekt');

    const post = await site.page('/posts/schnappschuesse');
    expect(post.get('.post__meta').text).toContain('14. Februar 2025');
    expect(post.get('.post__meta').text).toContain('Min. Lesezeit');

    const resume = await site.page('/resume');
    expect(resume.get('#resume-work').text).toBe('Berufserfahrung');
    expect(resume.get('.resume-entry__when').text).toContain('heute');
  });

  test('FO-LANGUAGE: the twins (/index.md, a project twin) use German labels', async () => {
    const home = await site.text('/index.md');
    for (const label of ['- Rolle:', '- Ort:', '- Webseite:', '## Ausgewählte Projekte', '## Alle Projekte', 'Verzeichnis der Website:'])
      expect(home).toContain(label);
    for (const english of ['- Role:', '- Web page:', '## Featured projects', '## All projects', 'Site index:']) expect(home).not.toContain(english);
    const project = await site.text('/projects/kiesel.md');
    for (const label of ['- Art: Bibliothek (library)', '- Kategorie: Datenhaltung', '- Zustand: aktiv', '- Begonnen: 2024-03-05', '- Quellcode:', '- Autor:'])
      expect(project).toContain(label);
    expect(project).not.toMatch(/^- (Type|Category|Status|Started|Repository|Author|Web page):/m);
  });

  test('FO-THEME: theme.font editorial: every page links /theme.css, which sets headings and reading text in Source Serif 4 and the interface in Source Sans 3; the build writes the pairing’s files', async () => {
    const content = await site.content();
    const theme = themeOf(content.site);
    expect(theme.font).toBe('editorial');
    for (const path of PAGES) expect((await site.page(path)).attrs('link[rel="stylesheet"]', 'href'), path).toContain(THEME_CSS_PATH);
    const css = themeCss(theme);
    expect(css).toMatch(/--font-serif: 'Source Serif 4'/);
    expect(css).toMatch(/--font-sans: 'Source Sans 3'/);
    expect(css).toContain('h4 {\n  font-family: var(--font-serif);\n}');
    // What the build writes beside the pages (integration.ts themeFiles): this stylesheet and each of the pairing's fonts, the package's bytes.
    const files = themeFiles(content, site.dir);
    expect(String(files.get(THEME_CSS_PATH)!())).toBe(css);
    const require = createRequire(import.meta.url);
    for (const font of fontFiles('editorial'))
      expect(Buffer.from(files.get(font.path)!() as Buffer).equals(readFileSync(require.resolve(font.source))), font.path).toBe(true);
  });

  test('FO-LANGUAGE: the live search’s words (public/search.js reads them from the form) and the copy button’s are German, with both plural forms', async () => {
    const page = await site.page('/projects/kiesel');
    const form = page.get('form.site-search');
    expect(page.get('label[for="site-search-q"].sr-only').text).toBe('Diese Website durchsuchen');
    expect(form.attr('data-results-one')).toMatch(/Ergebnis\b/);
    expect(form.attr('data-results-other')).toMatch(/Ergebnisse\b/);
    expect(form.attr('data-nothing')).toMatch(/^Nichts gefunden für /);
    expect(form.attr('data-all')).toBe('Alle Ergebnisse');
    const body = page.get('body');
    expect(body.attr('data-code-copy')).toBe('Kopieren');
    expect(body.attr('data-code-copied')).toBe('Kopiert');
    expect(body.attr('data-code-copy-failed')).toBe('Kopieren fehlgeschlagen');
    // The page has a code block for the button to go with.
    expect(page.all('.code-block').length).toBeGreaterThan(0);
  });

  test('FO-LANGUAGE: the 404 page, /404.md, the home twin for agents, the feed and the <link> titles are German', async () => {
    const notFound = await site.page('/404');
    expect(notFound.get('h1').text).toBe('Seite nicht gefunden');
    expect(englishIn(notFound.bodyText(['.twin-link__path']))).toEqual([]);

    const twin = await site.text('/404.md');
    expect(twin).toMatch(/^# Seite nicht gefunden$/m);
    for (const line of [
      '> Unter dieser Adresse gibt es keine Seite.',
      'Hier fängt man gut an:',
      '- [Projekte](/projects.md): jedes Projekt, nach Kategorie',
      '- [Artikel](/posts.md)',
    ])
      expect(twin).toContain(line);
    expect(englishIn(wordsOfMarkdown(twin))).toEqual([]);

    const home = await site.text('/index.md');
    expect(home).toContain('## Für Agenten');
    expect(home).toContain('ein Verzeichnis dieser Website für Sprachmodelle');
    expect(home).not.toContain('For agents');

    expect(await site.text('/feed.xml')).toContain('<title>Jonas Weber: Artikel und Projekte</title>');
    const page = await site.page('/projects/kiesel');
    expect(page.get('link[rel="alternate"][type="application/rss+xml"]').attr('title')).toBe('Jonas Weber: Artikel und Projekte');
    expect(page.get('link[rel="alternate"][type="text/markdown"]').attr('title')).toBe('Diese Seite als Markdown');
  });

  describe('the search page, as the function answers it', () => {
    const fn = siteFunction(site);

    test('FO-LANGUAGE: the search page (hits, none, empty) and its twin are German, from the function', async () => {
      for (const [path, expected] of [
        ['/search?q=kiesel', /^\d+ Ergebnis(se)? für „kiesel“$/],
        ['/search?q=zzqqxx', /^Nichts passt zu „zzqqxx“\. Versuchen Sie weniger oder andere Wörter, oder sehen Sie sich alle Projekte an\.$/],
        ['/search', /^Geben Sie ein, zwei Wörter in das Suchfeld ein/],
      ] as const) {
        const res = await fn(path);
        expect(res.status, path).toBe(200);
        const page = parseHtml(await res.text());
        expect(page.get('main .lead').text, path).toMatch(expected);
        expect(englishIn(page.bodyText(['.twin-link__path'])), path).toEqual([]);
      }
      const hits = parseHtml(await (await fn('/search?q=kiesel')).text());
      expect(hits.get('.search-results .search-result__kind').text).toBe('Bibliothek');
      const twin = await fn('/search.md?q=kiesel');
      expect(twin.status).toBe(200);
      const markdown = await twin.text();
      expect(markdown).toMatch(/^# Suchergebnisse für „kiesel“$/m);
      expect(markdown).toMatch(/^> \d+ Ergebnis(se)? für „kiesel“\.$/m);
      for (const label of ['- Webseite:', '- Alle Projekte: [Projekte]', '(Bibliothek)']) expect(markdown).toContain(label);
      expect(englishIn(wordsOfMarkdown(markdown))).toEqual([]);
      expect(await (await fn('/search.md?q=zzqqxx')).text()).toContain('> Nichts passt zu „zzqqxx“. Versuchen Sie weniger oder andere Wörter.');
    });

    test('FO-SEARCH-FALLBACK: the search page finds what the header’s live results (REST) find: "accessibility", in no German record, lists the English one, said by its lang and marked “Auf Englisch”', async () => {
      const page = parseHtml(await (await fn('/search?q=accessibility')).text());
      const hits = page.all('.search-results .search-result');
      expect(hits.map((li) => li.one('a.rows__title')!.attr('href'))).toEqual(['/en/projects/formulare']);
      expect(hits[0]!.attr('lang')).toBe('en');
      expect(hits[0]!.one('.badge')?.attr('lang')).toBe('de-AT');
      expect(hits[0]!.one('.badge')?.text).toBe('Auf Englisch');
      expect(page.get('main .lead').text).toMatch(/^1 Ergebnis für „accessibility“$/);
      // Its twin lists the same record, by its twin's address.
      expect(await (await fn('/search.md?q=accessibility')).text()).toContain('/en/projects/formulare.md');
      // A query the page's language finds stays in it: no hit marked.
      expect(parseHtml(await (await fn('/search?q=kiesel')).text()).all('.search-result .badge')).toEqual([]);
    });

    // The function with a quota of one search a minute, over the same templates siteFunction set above.
    let tight: ReturnType<typeof createApp> | undefined;
    beforeAll(async () => {
      const data = await fixtureSiteData(GERMAN);
      const one = { limit: 1, window: 60 };
      tight = createApp({ rateLimits: { portfolio: one, knowledge: one }, data: () => data });
    });

    test('FO-LANGUAGE: the search page’s refusals (429 over the quota, 405) are German, in both forms, the error code kept as the API names it', async () => {
      const ask = (path: string, init?: RequestInit) => tight!.request(path, { ...init, headers: { 'x-forwarded-for': '203.0.113.7', ...init?.headers } });
      expect((await ask('/search?q=kiesel')).status).toBe(200);
      const page = await ask('/search?q=kiesel');
      expect(page.status).toBe(429);
      const seconds = page.headers.get('retry-after');
      expect(Number(seconds)).toBeGreaterThan(1);
      const alert = parseHtml(await page.text()).get('main [role="alert"]').text;
      expect(alert).toBe(`Zu viele Suchen in kurzer Zeit: Warten Sie ${seconds} Sekunden und suchen Sie dann erneut. (Fehlercode: rate_limited)`);
      const twin = await ask('/search.md?q=kiesel');
      expect(twin.status).toBe(429);
      const markdown = await twin.text();
      expect(markdown).toContain(
        `> Zu viele Suchen in kurzer Zeit: Warten Sie ${twin.headers.get('retry-after')} Sekunden und suchen Sie dann erneut. (Fehlercode: rate_limited)`,
      );
      expect(englishIn(wordsOfMarkdown(markdown.replace('rate_limited', '')))).toEqual([]);
      const post = await fn('/search.md?q=kiesel', { method: 'POST' });
      expect(post.status).toBe(405);
      expect(await post.text()).toContain('> Diese Seite beantwortet nur GET- und HEAD-Anfragen. (Fehlercode: method_not_allowed)');
    });
  });
});
