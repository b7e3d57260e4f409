// FO-THEME: the look an owner sets in site.md, as a browser shows it: the sample site (theme absent:
// today's look, `auto` with the toggle; the suite's own server) and the second fixture site
// (tests/fixtures/second-site: the plex pairing, locale es; the run's shared server). An owner's
// accent in both schemes, content/custom.css and theme.css winning the cascade, Plausible loading
// under the static CSP and the local analytics stand-ins are checked in a browser on the kitchen-sink
// build (tests/e2e/kitchen-sink.spec.ts: an accent, the plex pairing, custom.css, Plausible); what the
// settings put in the pages (a fixed scheme, the footer's blocks, each provider's tag, the themed
// fixture's pages valid HTML, its favicon and social card) is tested with no build in
// tests/unit/pages-theme.test.ts. Screenshots of the sample and the second site, at 390 and
// 1280 px, light and dark, are design.spec.ts's.
import { test, expect } from '@playwright/test';
import { accentOf, rgb, watchViolations, violations } from './design-support.ts';
import { serveSharedSite, expectFontFilesServed } from './serve-support.ts';

const SECOND = 'tests/fixtures/second-site/content';

test.describe("the sample site: theme absent (today's look), colorScheme auto", () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('FO-THEME: the system preference still picks the scheme; the toggle stays hidden (it could do nothing)', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 19)');
      // The header's toggle and the footer menu's copy for phones (FO-HEADER-NAME).
      const toggles = page.locator('button.scheme-toggle');
      await expect(toggles).toHaveCount(2);
      for (const toggle of await toggles.all()) await expect(toggle).toBeHidden();
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 250, 247)');
    });
  });

  // One load of the home page for what the theme's absence leaves out and for the toggle that starts there.
  test("FO-THEME: no theme.css, no analytics script, no third-party request; today's accent; the toggle is a real button with a name and pressed state; a click switches the scheme, a reload remembers it, with no flash", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await watchViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('link[href="/theme.css"], link[href="/custom.css"], script[src*="_stats"], script[src*="_vercel"]')).toHaveCount(0);
    expect(await accentOf(page)).toBe(rgb('#a1401a'));
    const origin = new URL(page.url()).origin;
    expect(requested.filter((u) => !u.startsWith(origin))).toEqual([]);

    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 19)');
    // The browser's bar follows: both theme-color metas now name the dark background.
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content')))).toEqual(['#141413', '#141413']);

    // No flash: on the next page, <html> carries the stored scheme before <body> exists, so the
    // first paint is dark. Recorded by a script that runs before any of the page's own.
    await page.addInitScript(() => {
      const seen = window as unknown as { seenAtBody?: string | null };
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        seen.seenAtBody = document.documentElement.getAttribute('data-scheme');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { seenAtBody?: string | null }).seenAtBody)).toBe('dark');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 19)');
    await page.goto('/projects');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 19)');

    // And back: light, remembered over a dark system preference too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 250, 247)');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
    expect(await violations(page)).toEqual([]);
  });

  test('FO-THEME, FO-HEADER-NAME: on a phone the toggle is in the footer’s menu, with its words shown, and works there; both toggles say the one scheme', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    // The header's is not drawn on a phone; the one a person (or an agent's accessibility tree) finds is the menu's.
    await expect(page.locator('.site-header button.scheme-toggle')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveCount(1);
    await expect(page.locator('#site-menu').getByRole('button', { name: 'Dark theme' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
    // Both toggles say the one scheme: the header's, shown again on a wider screen, is pressed too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.site-header button.scheme-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#site-menu button.scheme-toggle')).toBeHidden();
  });
});

test.describe('the second fixture site: theme.font plex, colorScheme auto, locale es', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite(SECOND);

  test('FO-THEME: theme.font plex: IBM Plex Sans for text and interface, IBM Plex Mono for code, served by the site', async ({ page }) => {
    await page.goto(`${site.base}/projects/lumen-meter`);
    await page.evaluate(() => document.fonts.ready);
    const families = await page.evaluate(() => ({
      h1: getComputedStyle(document.querySelector('h1')!).fontFamily,
      prose: getComputedStyle(document.querySelector('.prose')!).fontFamily,
      code: getComputedStyle(document.querySelector('.prose pre')!).fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replaceAll('"', '')} ${f.weight} ${f.style}`),
    }));
    expect(families.h1).toMatch(/^"IBM Plex Sans",/);
    expect(families.prose).toMatch(/^"IBM Plex Sans",/);
    expect(families.code).toMatch(/^"IBM Plex Mono",/);
    expect(families.loaded).toEqual(expect.arrayContaining(['IBM Plex Sans 400 normal', 'IBM Plex Sans 700 normal', 'IBM Plex Mono 400 normal']));
    await expectFontFilesServed(site.base, 'plex');
    // Only the chosen pairing's files are published.
    expect((await fetch(`${site.base}/_fonts/inter-latin-400-normal.woff2`)).status).toBe(404);
  });
});
