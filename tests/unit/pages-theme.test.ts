// FO-THEME, FO-FOOTER, FO-ANALYTICS: what an owner's look settings (tests/fixtures/themed-site: a
// violet accent, a fixed dark scheme, the Inter pairing, custom.css, the footer's agent blocks off,
// Plausible) put in the pages a build makes, rendered with no build (tests/support/render-page.ts),
// and the same site with site.md edited (another provider, the light scheme) in a copy of its
// content. What a browser computes from such settings (the accent in each scheme, the cascade,
// requests, CSP violations) and what only a build links (Astro's bundled stylesheets) is checked on
// the kitchen-sink build, which sets an accent, a pairing, custom.css and Plausible
// (tests/e2e/kitchen-sink.spec.ts); a scheme set on <html> and the fonts' faces, on the sample and
// second sites (tests/e2e/theme-site.spec.ts).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { accentVariants, contrast, CUSTOM_CSS_PATH, MIN_CONTRAST, SITE_CSS_PATH, THEME_CSS_PATH, themeCss, themeOf } from '../../src/records/theme.ts';
import { fixtureSite } from '../support/render-page.ts';
import { tempDir } from '../support/temp-dir.ts';

const THEMED = 'tests/fixtures/themed-site/content';
const site = fixtureSite(THEMED);
const PAGES = ['/', '/projects', '/projects/kerning-lab'] as const;

/** A copy of the themed site's content with site.md edited by `edit`, rendered as a build renders it (removed after the file's tests). */
function editedSite(edit: (siteMd: string) => string) {
  const dir = tempDir('folio-theme-edit-', 'file');
  cpSync(THEMED, dir, { recursive: true });
  const file = join(dir, 'site.md');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return fixtureSite(dir);
}

describe('a themed site (accent, colorScheme dark, font inter, custom.css, footer blocks off, Plausible)', () => {
  test('FO-THEME: colorScheme dark is rendered on <html>, with no toggle and no toggle script; /theme.css holds the derived dark accent, readable on the dark background', async () => {
    for (const path of PAGES) {
      const page = await site.page(path);
      expect(page.root.attr('data-scheme'), path).toBe('dark');
      expect(page.get('meta[name="color-scheme"]').attr('content'), path).toBe('dark');
      expect(page.attrs('meta[name="theme-color"]', 'content'), path).toEqual(['#141413']);
      expect(page.all('button.scheme-toggle'), path).toHaveLength(0);
      expect(page.all('script[src="/theme-scheme.js"]'), path).toHaveLength(0);
    }
    const content = await site.content();
    const css = themeCss(themeOf(content.site));
    const dark = accentVariants('#6b21a8').dark;
    expect(css).toContain(dark.accent);
    expect(css).toMatch(/--font-sans: 'Inter'/);
    expect(contrast(dark.accent, '#141413')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test("FO-THEME: /theme.css (from site.md) and /custom.css (as written) are linked after Folio's stylesheet, the owner's last, on every page", async () => {
    const paths = await site.pagePaths();
    expect(paths.length).toBeGreaterThan(5);
    expect(paths).toContain('/projects');
    for (const path of [...paths, '/404']) {
      const page = await site.page(path);
      const sheets = page.attrs('link[rel="stylesheet"]', 'href');
      expect(sheets[0], path).toBe(SITE_CSS_PATH);
      expect(sheets.slice(-2), path).toEqual([THEME_CSS_PATH, CUSTOM_CSS_PATH]);
      expect(page.all('style'), path).toHaveLength(0);
    }
  });

  test("FO-THEME: the favicon and the social cards take the owner's accent", async () => {
    // The light variant is the accent as written; the dark one is derived.
    const icon = await site.text('/favicon.svg');
    expect(icon).toContain('rect{fill:#6b21a8}');
    expect(icon).not.toContain('#a1401a');
    // The card is drawn as the build draws it, into a cache of this test's own.
    const saved = process.env.FOLIO_CACHE_DIR;
    process.env.FOLIO_CACHE_DIR = tempDir('folio-theme-cards-');
    try {
      const card = Buffer.from(await (await site.response('/og/index.png')).arrayBuffer());
      // The card's accent bar runs down its left edge: sample it at (8, 315).
      const { data } = await sharp(card).extract({ left: 8, top: 315, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([0x6b, 0x21, 0xa8]);
    } finally {
      if (saved === undefined) delete process.env.FOLIO_CACHE_DIR;
      else process.env.FOLIO_CACHE_DIR = saved;
    }
  });

  test('FO-THEME: the themed pages (stylesheets first in <body>, data-scheme on <html>, the analytics script) are valid HTML', async () => {
    // The preset site-html-validate.test.ts applies to the sample's pages, with its one allowance (Shiki's style attributes).
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'no-inline-style': ['error', { allowedProperties: ['--shiki-light', '--shiki-dark', '--shiki-light-bg', '--shiki-dark-bg', 'overflow-x'] }] },
    });
    for (const path of [...PAGES, '/colophon']) {
      const report = await validator.validateString(await site.text(path), path);
      expect(
        report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`)),
        path,
      ).toEqual([]);
    }
  });

  test('FO-FOOTER: show.forSoftware and show.markdownLink off: neither block on any page; the <link rel="alternate"> to the twin stays', async () => {
    for (const path of [...PAGES, '/colophon']) {
      const page = await site.page(path);
      const text = page.bodyText();
      expect(text, path).not.toContain('For software');
      expect(text, path).not.toContain('Read this page as Markdown');
      expect(page.all('link[rel="alternate"][type="text/markdown"]'), path).toHaveLength(1);
    }
  });

  test('FO-ANALYTICS: Plausible’s script is this site’s own path, deferred, told the domain and the first-party event path; nothing else is an analytics script', async () => {
    for (const path of PAGES) {
      const page = await site.page(path);
      const scripts = page.all('script[src*="_stats"], script[src*="_vercel"]');
      expect(scripts, path).toHaveLength(1);
      expect(scripts[0]!.attr('src')).toBe('/_stats/p/script.js');
      expect(scripts[0]!.attr('data-domain')).toBe('ines.example.net');
      expect(scripts[0]!.attr('data-api')).toBe('/_stats/p/event');
      expect(scripts[0]!.has('defer')).toBe(true);
      // Every script the page names is this site's (a path, never another origin).
      expect(
        page.attrs('script[src]', 'src').filter((src) => !src.startsWith('/')),
        path,
      ).toEqual([]);
    }
  });
});

// Each provider in turn (site.md changed in a copy of the content): its tag is the site's own path,
// so the one static CSP, script-src 'self' (vercel-config.ts), allows it as it is; Plausible's is
// proven to load with no violation in a browser (tests/e2e/kitchen-sink.spec.ts).
const PROVIDERS = [
  { provider: 'vercel', yaml: 'analytics:\n  provider: vercel', src: '/_vercel/insights/script.js', attrs: {} },
  {
    provider: 'umami',
    yaml: 'analytics:\n  provider: umami\n  websiteId: 94db1cb1-74f4-4a40-ad6c-962362670409',
    src: '/_stats/u/script.js',
    attrs: { 'data-website-id': '94db1cb1-74f4-4a40-ad6c-962362670409', 'data-host-url': '/_stats/u' },
  },
];
for (const { provider, yaml, src, attrs } of PROVIDERS) {
  test(`FO-ANALYTICS: ${provider}: its script is this site's own path, the one analytics script, under the same static CSP`, async () => {
    const edited = editedSite((text) => text.replace(/^analytics:[\s\S]*?(?=^---$)/m, `${yaml}\n`));
    const page = await edited.page('/');
    const scripts = page.all('script[src*="_stats"], script[src*="_vercel"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.attr('src')).toBe(src);
    for (const [name, value] of Object.entries(attrs)) expect(scripts[0]!.attr(name), name).toBe(value);
    expect(page.attrs('script[src]', 'src').filter((s) => !s.startsWith('/'))).toEqual([]);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/plausible|umami|vercel/);
  });
}

test('FO-THEME: colorScheme light is rendered light whatever the system says, with no toggle and no toggle script, and the accent as written', async () => {
  const edited = editedSite((text) => text.replace('colorScheme: dark', 'colorScheme: light'));
  const page = await edited.page('/');
  expect(page.root.attr('data-scheme')).toBe('light');
  expect(page.get('meta[name="color-scheme"]').attr('content')).toBe('light');
  expect(page.attrs('meta[name="theme-color"]', 'content')).toEqual(['#fbfaf7']);
  expect(page.all('button.scheme-toggle, script[src="/theme-scheme.js"]')).toHaveLength(0);
  // The accent as written is light-dark()'s light value, the one a light color-scheme picks.
  const css = themeCss(themeOf((await edited.content()).site));
  expect(css).toMatch(/--accent: light-dark\(#6b21a8, /);
});
