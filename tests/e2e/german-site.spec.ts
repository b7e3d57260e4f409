// FO-LANGUAGE: a German site (tests/fixtures/german-site: `locale: de-AT`, one `strings:` override),
// over real HTTP from its real build, in Chromium. No word of the English interface table shows on
// its pages; the override does; dates are German; the twins' labels are German.
import { rmSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { cleanEnv, raw, repoCopy, startServer, type Server } from './serve-support.ts';
import { freePort } from '../../scripts/free-port.ts';
import { ENGLISH, type Plural, STRING_KEYS, TABLES } from '../../src/records/strings.ts';

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
  let copy = '';
  let server: Server | undefined;
  let base = '';

  test.beforeAll(async () => {
    copy = repoCopy('folio-german-');
    base = `http://127.0.0.1:${await freePort()}`;
    server = await startServer(
      copy,
      'scripts/start.ts',
      cleanEnv({ PORT: new URL(base).port, HOST: '127.0.0.1', FOLIO_CONTENT: GERMAN }),
      `${base}/ready-check`,
      200_000,
    );
  });
  test.afterAll(async () => {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('FO-LANGUAGE: no page shows a word of the English interface table, hidden labels included', async ({ page }) => {
    expect(ENGLISH_WORDS).toEqual(
      expect.arrayContaining(['Featured work', 'About me', 'Read this page as Markdown', 'Reading time', 'Experience', 'Skip to content']),
    );
    for (const path of PAGES) {
      const response = await page.goto(`${base}${path}`);
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
    await page.goto(`${base}/`);
    await expect(page.locator('#featured')).toHaveText('Meine liebsten Arbeiten');
    await expect(page.locator('#about-me')).toHaveText('Über mich');
    await expect(page.locator('.section__head a.more').first()).toContainText('Alle 3 Projekte');
    await expect(page.locator('.skip-link')).toHaveText('Zum Inhalt springen');
    await expect(page.locator('.twin-link a')).toHaveText('Diese Seite als Markdown lesen');
    await expect(page.locator('.site-footer__label').first()).toHaveText('Menü');
    await expect(page.locator('.scheme-toggle .sr-only')).toHaveText('Dunkles Design');

    await page.goto(`${base}/projects/kiesel`);
    const facts = page.locator('.work-facts');
    await expect(facts).toContainText('Art');
    await expect(facts).toContainText('Bibliothek');
    await expect(facts).toContainText('Begonnen');
    await expect(facts).toContainText('März 2024');
    await expect(facts).toContainText('Lesezeit');
    await expect(page.locator('.work-links')).toContainText('Quellcode');
    await expect(page.locator('#toc-title')).toHaveText('In diesem Projekt');

    await page.goto(`${base}/posts/schnappschuesse`);
    await expect(page.locator('.post__meta')).toContainText('14. Februar 2025');
    await expect(page.locator('.post__meta')).toContainText('Min. Lesezeit');

    await page.goto(`${base}/resume`);
    await expect(page.locator('#resume-work')).toHaveText('Berufserfahrung');
    await expect(page.locator('.resume-entry__when').first()).toContainText('heute');
  });

  test('FO-LANGUAGE: the twins (/index.md, a project twin) use German labels', async () => {
    const home = await raw(base, '/index.md');
    expect(home.status).toBe(200);
    for (const label of ['- Rolle:', '- Ort:', '- Webseite:', '## Ausgewählte Projekte', '## Alle Projekte', 'Verzeichnis der Website:'])
      expect(home.body).toContain(label);
    for (const english of ['- Role:', '- Web page:', '## Featured projects', '## All projects', 'Site index:']) expect(home.body).not.toContain(english);
    const project = await raw(base, '/projects/kiesel.md');
    expect(project.status).toBe(200);
    for (const label of ['- Art: library', '- Kategorie: Datenhaltung', '- Zustand: aktiv', '- Begonnen: 2024-03-05', '- Quellcode:', '- Autor:'])
      expect(project.body).toContain(label);
    expect(project.body).not.toMatch(/^- (Type|Category|Status|Started|Repository|Author|Web page):/m);
  });
});
