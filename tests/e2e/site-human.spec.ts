// The human site in Chromium and over real HTTP on the second fixture site (covers in JPEG, PNG and
// SVG, an AVIF avatar, a GIF in a body, tags and twelve pages), served by the run's shared
// `npm start` of it (sharedSite): every image and social card file a page names served, images
// loaded, no compute for a browser's view, the search box with and without script, WebMCP, the
// header on a phone. Its pages at 390 and 1280 px, light and dark (home, a project, a tag page,
// search results: none wider than the screen, each one's picture attached) are design.spec.ts's,
// which reads them with more checks. What its pages, twins and feed say is tested with no build in
// tests/unit/pages-human.test.ts.
import { test, expect } from '@playwright/test';
import { computeOfEveryPage, raw, sharedSite } from './serve-support.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SITE = 'tests/fixtures/second-site/content';
let base = '';

test.beforeAll(async () => {
  base = await sharedSite(SITE);
});

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('covers: the cover above the fold loads; every image file a page names answers with its media type, cached for good', async ({ page }) => {
  for (const path of ['/projects/lumen-meter', '/projects']) {
    await page.goto(`${base}${path}`);
    if (path === '/projects/lumen-meter') {
      const img = page.locator('.record__cover img');
      expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    }
    const files = await page
      .locator('source, img')
      .evaluateAll((els) =>
        els.flatMap((e) => [e.getAttribute('src'), ...(e.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(' ')[0])]).filter(Boolean),
      );
    expect(files.length, path).toBeGreaterThan(3);
    for (const file of new Set(files as string[])) {
      const res = await fetch(`${base}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^image\/(avif|webp|svg\+xml)/);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
  }
});

test('an SVG cover is served as it is, as SVG', async ({ page }) => {
  await page.goto(`${base}/projects/nachtlicht`);
  const svg = page.locator('.record__cover img');
  const res = await fetch(`${base}${await svg.getAttribute('src')}`);
  expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await res.text()).toContain('<svg');
});

test('FO-ONE-RECORD: the image a twin names, by its absolute URL, is served', async () => {
  const twin = (await raw(base, '/projects/lumen-meter.md')).body;
  const line = twin.match(/^!\[Night sky over a dark coastline, the kind of scene the meter was built for\]\((http:\/\/[^)]+\.webp)\)$/m);
  expect(line, twin.slice(0, 500)).toBeTruthy();
  expect((await fetch(line![1]!)).status).toBe(200);
});

test('social cards: every page’s og:image answers, a 1200×630 PNG', async () => {
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length).toBeGreaterThan(30);
  for (const path of [...pages, '/search?q=luz', '/no-such-page']) {
    const html = (await raw(base, path)).body;
    const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og\/.+\.png$/);
    const res = await fetch(image!);
    expect(res.headers.get('content-type'), image).toBe('image/png');
    expect(pngSize(Buffer.from(await res.arrayBuffer())), image).toEqual({ width: 1200, height: 630 });
  }
});

test('FO-ZERO-COMPUTE: a browser’s view of every page of this site runs no middleware and no function', async ({ page }) => {
  const ran = await computeOfEveryPage(page, base);
  expect(Object.keys(ran).length).toBeGreaterThan(10);
  for (const [path, what] of Object.entries(ran)) expect(what, path).toBe('200 none');
});

// The interface words are Spanish (`locale: es`, FO-LANGUAGE), the function's result line too.
test('FO-TEXT-SAFE: search without JavaScript: the labelled form submits to /search, answered in the site layout', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/projects`);
  const box = page.getByRole('search').getByLabel('Buscar en este sitio');
  await box.fill('pinhole');
  await box.press('Enter');
  await expect(page).toHaveURL(`${base}/search?q=pinhole`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Búsqueda');
  await expect(page.getByRole('status')).toHaveText('3 resultados para «pinhole»');
  await expect(page.getByRole('link', { name: 'Cámara estenopeica de 6×17' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await context.close();
});

test('search with JavaScript: results as one types, from /api/v1/search; arrow keys and Escape', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${base}/`);
  const box = page.getByRole('search').getByLabel('Buscar en este sitio');
  const answered = page.waitForResponse((r) => r.url().startsWith(`${base}/api/v1/search?q=meter`));
  await box.pressSequentially('meter', { delay: 20 });
  await answered;
  const results = page.locator('#site-search-results');
  await expect(results).toBeVisible();
  await expect(results.getByRole('status')).toContainText('para «meter»');
  await expect(results.getByRole('link', { name: 'Lumen·Meter: a spot meter for night photography' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(results.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();
  await expect(box).toBeFocused();
  expect(errors).toEqual([]);
});

test('WebMCP: where document.modelContext exists (the current draft) the search is registered as a read-only tool', async ({ page }) => {
  // Chromium ships no WebMCP yet: stand in the one method the script calls, to receive what it
  // registers. The older navigator.modelContext is offered too: the current draft's must win.
  await page.addInitScript(() => {
    const record = (where: string) => async (tool: unknown) => {
      ((window as unknown as { registered: unknown[] }).registered ??= []).push(tool);
      (window as unknown as { where: string }).where = where;
    };
    (document as unknown as { modelContext: unknown }).modelContext = { registerTool: record('document') };
    (navigator as unknown as { modelContext: unknown }).modelContext = { registerTool: record('navigator') };
  });
  await page.goto(`${base}/`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { where?: string }).where)).toBe('document');
  expect(await page.evaluate(() => (window as unknown as { registered: { annotations?: object }[] }).registered[0]!.annotations)).toEqual({
    readOnlyHint: true,
  });
  const result = await page.evaluate(async () => {
    const [tool] = (
      window as unknown as { registered: { name: string; inputSchema: object; execute: (a: object) => Promise<{ content: { text: string }[] }> }[] }
    ).registered;
    return { name: tool!.name, schema: tool!.inputSchema, answer: JSON.parse((await tool!.execute({ query: 'pinhole' })).content[0]!.text) };
  });
  expect(result.name).toBe('search_site');
  expect(result.schema).toEqual({
    type: 'object',
    properties: { query: { type: 'string', description: 'Words to look for in titles, tags, summaries and text' } },
    required: ['query'],
  });
  expect(result.answer[0]).toMatchObject({
    title: 'Cámara estenopeica de 6×17',
    url: `${base}/projects/camara-estenopeica`,
    markdown: `${base}/projects/camara-estenopeica.md`,
  });
});

test('WebMCP: an earlier draft’s navigator.modelContext still gets the tool, and a refused registration is no unhandled error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    (navigator as unknown as { modelContext: unknown }).modelContext = {
      registerTool: () => Promise.reject(new Error('a tool named search_site is already registered')),
    };
  });
  const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('WebMCP'));
  await page.goto(`${base}/`);
  await warned;
  expect(errors).toEqual([]);
});

// This site is `locale: es` (FO-LANGUAGE): the header and menu speak Spanish.
test("FO-DESIGN: bounded header: one row on a phone with the owner's name and a search icon that opens the field; the menu link leads to the footer's menu", async ({
  page,
}) => {
  await page.goto(`${base}/`);
  await page.setViewportSize({ width: 390, height: 844 });
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(80);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Menú' })).toBeVisible();
  await expect(page.locator('.site-name__text')).toBeVisible();
  await page.locator('.site-search__open').click();
  const field = page.getByRole('search').getByLabel('Buscar en este sitio');
  await expect(field).toBeFocused();
  expect((await field.boundingBox())!.width).toBeGreaterThan(200);
  await field.blur();
  await page.getByRole('banner').getByRole('link', { name: 'Menú' }).click();
  await expect(page).toHaveURL(/#site-menu$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('phone home page: featured work starts within the first two screens at 390 px (the sample site, whose bio is long)', async ({ page }) => {
  // The second site features nothing; the shared server's sample site does, with a long bio.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const featured = await page.getByRole('heading', { name: 'Featured work' }).boundingBox();
  expect(featured!.y).toBeLessThan(2 * 844);
});
