// FO-THEME, FO-FOOTER, FO-ANALYTICS: the look an owner sets in site.md and content/custom.css, as a
// browser shows it, over real HTTP from the real build of a fixture site (tests/fixtures/themed-site:
// a violet accent, a fixed dark scheme, the Inter pairing, custom.css, the footer's agent blocks off,
// Plausible), in Chromium: colours and fonts computed, the owner's stylesheets winning the cascade,
// what the page requests and what the CSP reports, the local server's analytics stand-ins. What
// the settings put in the pages' markup (each provider's tag, the light scheme, the footer, valid
// HTML, the favicon and social card) is tested with no build in tests/unit/pages-theme.test.ts.
// The sample site (theme absent: today's look, `auto` with the toggle) is served by the suite's own
// server (playwright.config.ts); the second fixture site (tests/fixtures/second-site: the plex
// pairing, locale es) by the run's shared one. The themed site's screenshots are attached here; the
// sample's and the second site's, at 390 and 1280 px, light and dark, by design.spec.ts.
import { rmSync } from 'node:fs';
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { loadLazyImages } from './design-support.ts';
import { cleanEnv, raw, repoCopy, startServer, type Server, serveSharedSite, expectFontFilesServed } from './serve-support.ts';
import { freePort } from '../../scripts/free-port.ts';
import { accentVariants } from '../../src/records/theme.ts';

const THEMED = 'tests/fixtures/themed-site/content';
const SECOND = 'tests/fixtures/second-site/content';
const SHOTS = '/tmp/shots29';
const PAGES = ['/', '/projects', '/projects/kerning-lab'] as const;

/** rgb(…) of a hex colour, as getComputedStyle reports it. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
/** Every Content-Security-Policy violation the page reports, from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}
/** The accent as the page resolves it (a probe coloured var(--accent), so no particular element's rules interfere). */
const accentOf = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--accent)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
const shotName = (site: string, path: string, width: number, scheme: string) =>
  `${site}-${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}-${scheme}.png`;

/**
 * Full-page screenshots of `paths` at one width (the page's scheme already set), attached to the
 * test's output; each page fits its width, with nothing pushing it sideways (the header's toggle
 * shares its one row).
 */
async function screenshots(page: Page, testInfo: TestInfo, site: string, base: string, paths: readonly string[], width: number, scheme: string) {
  await page.setViewportSize({ width, height: 844 });
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await loadLazyImages(page);
    const name = shotName(site, path, width, scheme);
    await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
    await testInfo.attach(name, { path: `${SHOTS}/${name}`, contentType: 'image/png' });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, path).toBeLessThanOrEqual(0);
  }
}

test.describe('a themed site (accent, colorScheme dark, font inter, custom.css, footer blocks off, Plausible)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let copy = '';
  let server: Server | undefined;
  let base = '';

  const start = async () => {
    server = await startServer(
      copy,
      'scripts/start.ts',
      cleanEnv({ PORT: new URL(base).port, HOST: '127.0.0.1', FOLIO_CONTENT: THEMED }),
      `${base}/ready-check`,
      200_000,
    );
  };
  const stop = async () => {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    server = undefined;
  };
  test.beforeAll(async () => {
    copy = repoCopy('folio-theme-');
    base = `http://127.0.0.1:${await freePort()}`;
    await start();
  });
  test.afterAll(async () => {
    await stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test.describe('with JavaScript off and a light system preference', () => {
    test.use({ javaScriptEnabled: false, colorScheme: 'light' });
    test('FO-THEME: colorScheme dark is dark without JavaScript, with the derived dark accent, and Inter self-hosted', async ({ page }) => {
      const dark = accentVariants('#6b21a8').dark;
      for (const path of PAGES) {
        await page.goto(`${base}${path}`);
        const style = await page.evaluate(() => ({
          background: getComputedStyle(document.body).backgroundColor,
          font: getComputedStyle(document.querySelector('h1')!).fontFamily,
        }));
        expect(style.background, path).toBe('rgb(20, 20, 19)');
        expect(await accentOf(page), path).toBe(rgb(dark.accent));
        expect(style.font, path).toMatch(/^Inter,/);
      }
      // The font is this site's file, not a platform's: the same look everywhere.
      const font = await raw(base, '/_fonts/inter-latin-400-normal.woff2');
      expect(font.status).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
    });
  });

  test("FO-THEME: /theme.css (from site.md) and /custom.css (as written) load after Folio's stylesheet and win; both revalidated", async ({ page }) => {
    await page.goto(`${base}/`);
    const order = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(order.at(0)).toBe('/folio.css');
    expect(order.slice(-2)).toEqual(['/theme.css', '/custom.css']);
    const applied = await page.evaluate(() => ({
      radius: getComputedStyle(document.documentElement).getPropertyValue('--radius').trim(),
      spacing: getComputedStyle(document.querySelector('.site-name__text')!).letterSpacing,
    }));
    // custom.css: `--radius: 3px` and 0.04em of letter-spacing on the name (15px → 0.6px).
    expect(applied.radius).toBe('3px');
    expect(applied.spacing).not.toBe('normal');
    for (const path of ['/folio.css', '/theme.css', '/custom.css']) {
      const res = await raw(base, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/css/);
      expect(res.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    }
    expect((await raw(base, '/custom.css')).body).toContain('--radius: 3px');
  });

  test("FO-THEME: on every page of the sitemap, the owner's two stylesheets are the last ones linked, after every stylesheet Folio or Astro adds", async () => {
    const sitemap = (await raw(base, '/sitemap.xml')).body;
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths).toContain('/projects');
    for (const path of paths) {
      const html = (await raw(base, path)).body;
      const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]);
      expect(sheets.slice(-2), path).toEqual(['/theme.css', '/custom.css']);
      expect(html.match(/<style\b/g), path).toBeNull();
    }
  });

  test('FO-FOOTER: show.forSoftware and show.markdownLink off: the twin is still named by every page’s Link header', async () => {
    for (const path of [...PAGES, '/colophon']) {
      const link = (await raw(base, path, { accept: 'text/html' })).headers.link ?? '';
      expect(link, path).toContain('rel="alternate"; type="text/markdown"');
    }
  });

  test('FO-ANALYTICS: Plausible is requested from this site (first-party proxy path), with no CSP violation and no third-party request', async ({ page }) => {
    await watchViolations(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // Offline here: the proxy path is answered in the browser, as Vercel's rewrite would answer it.
    await page.route(`${base}/_stats/p/script.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.plausibleLoaded = true;' }));
    await page.goto(`${base}/`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { plausibleLoaded?: boolean }).plausibleLoaded)).toBe(true);
    const script = page.locator('script[src="/_stats/p/script.js"]');
    await expect(script).toHaveAttribute('data-domain', 'ines.example.net');
    await expect(script).toHaveAttribute('data-api', '/_stats/p/event');
    expect(requested).toContain(`${base}/_stats/p/script.js`);
    expect(requested.filter((u) => !u.startsWith(base))).toEqual([]);
    expect(await violations(page)).toEqual([]);
    // The CSP is the same static one: nothing widened for the provider.
    const csp = (await raw(base, '/')).headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('plausible');
  });

  test('FO-ANALYTICS-LOCAL: npm start answers the providers’ paths itself (an empty script that says why, events taken with 202, no page CSP) and says once that Plausible is wired', async ({
    page,
  }) => {
    const script = await raw(base, '/_stats/p/script.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('no-store');
    expect(script.body).toBe(
      '/* Plausible: analytics run only on the deployed site; the local server answers /_stats/p/script.js with this empty script. */\n',
    );
    for (const path of ['/_stats/u/script.js', '/_vercel/insights/script.js']) {
      const other = await raw(base, path);
      expect([other.status, other.headers['content-type']], path).toEqual([200, 'text/javascript; charset=utf-8']);
    }
    for (const path of ['/_stats/p/event', '/_stats/u/api/send', '/_vercel/insights/view']) {
      const res = await raw(base, path, { 'content-type': 'application/json' }, 'POST', '{"n":"pageview"}');
      expect([res.status, res.body], path).toEqual([202, '']);
      // A route of this site, never a page: no page's CSP.
      expect(res.headers['content-security-policy'], path).toBeUndefined();
    }
    expect((await raw(base, '/_stats/p/event')).status).toBe(405);
    // Said once, at start-up.
    const notice =
      'Analytics: Plausible is wired (site.md) and loads only on the deployed site; here /_stats/p/script.js answers an empty script and /_stats/p/event drops events.';
    expect(server!.output().split(notice)).toHaveLength(2);
    // A page view: the stand-in loads, and nothing the page asks for fails.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const loaded = page.waitForResponse(`${base}/_stats/p/script.js`);
    await page.goto(`${base}/`);
    expect((await loaded).status()).toBe(200);
    expect(failed).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`FO-THEME: screenshots at ${width}px (dark, fixed)`, async ({ page }, testInfo) => {
      await screenshots(page, testInfo, 'themed', base, PAGES, width, 'dark');
    });
  }
});

test.describe("the sample site: theme absent (today's look), colorScheme auto", () => {
  test("FO-THEME: no theme.css, no analytics script, no third-party request; today's accent", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('link[href="/theme.css"], link[href="/custom.css"], script[src*="_stats"], script[src*="_vercel"]')).toHaveCount(0);
    expect(await accentOf(page)).toBe(rgb('#a1401a'));
    const origin = new URL(page.url()).origin;
    expect(requested.filter((u) => !u.startsWith(origin))).toEqual([]);
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('FO-THEME: the system preference still picks the scheme; the toggle stays hidden (it could do nothing)', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 19)');
      await expect(page.locator('button.scheme-toggle')).toBeHidden();
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 250, 247)');
    });
  });

  test('FO-THEME: the toggle is a real button with a name and pressed state; a click switches the scheme, a reload remembers it, with no flash', async ({
    page,
  }) => {
    await watchViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
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
