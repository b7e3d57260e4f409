// The human site: images, social cards, the feed, tags, the search box and the bounded header,
// checked in Chromium and over real HTTP on the second fixture site (covers in JPEG, PNG and SVG,
// an AVIF avatar, a GIF in a body, tags and twelve pages), served by the run's shared `npm start`
// of it (sharedSite). Screenshots at 390 and 1280 px, light and dark, are attached.
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { computeOfEveryPage, raw, sharedSite } from './serve-support.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SITE = 'tests/fixtures/second-site/content';
let base = '';

test.beforeAll(async () => {
  base = await sharedSite(SITE);
});

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('covers: <picture> with AVIF and WebP srcsets, size set, the cover above the fold eager and first, cards lazy; every file answers', async ({ page }) => {
  await page.goto(`${base}/projects/lumen-meter`);
  const cover = page.locator('.record__cover');
  await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/_images\/[0-9a-f]{16}-320\.avif 320w, .*-1200\.avif 1200w$/);
  await expect(cover.locator('source[type="image/webp"]')).toHaveAttribute('sizes', /100vw/);
  const img = cover.locator('img');
  await expect(img).toHaveAttribute('alt', 'Night sky over a dark coastline, the kind of scene the meter was built for');
  await expect(img).toHaveAttribute('width', '1200');
  await expect(img).toHaveAttribute('height', '675');
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);

  await page.goto(`${base}/projects`);
  const cards = page.locator('.card__cover img');
  expect(await cards.count()).toBe(3);
  for (const loading of await cards.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading')))) expect(loading).toBe('lazy');
  // Every image file a page names answers with its media type.
  const files = await page
    .locator('source, img')
    .evaluateAll((els) =>
      els.flatMap((e) => [e.getAttribute('src'), ...(e.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(' ')[0])]).filter(Boolean),
    );
  for (const file of new Set(files as string[])) {
    const res = await fetch(`${base}${file}`);
    expect(res.status, file).toBe(200);
    expect(res.headers.get('content-type'), file).toMatch(/^image\/(avif|webp|svg\+xml)/);
    expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
  }
});

test('an SVG cover passes through as it is; the avatar and a body GIF go through the pipeline', async ({ page }) => {
  await page.goto(`${base}/projects/nachtlicht`);
  const svg = page.locator('.record__cover img');
  await expect(svg).toHaveAttribute('src', /^\/_images\/[0-9a-f]{16}\.svg$/);
  await expect(page.locator('.record__cover source')).toHaveCount(0);
  const res = await fetch(`${base}${await svg.getAttribute('src')}`);
  expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await res.text()).toContain('<svg');

  await page.goto(`${base}/`);
  const avatar = page.locator('.hero__avatar img');
  await expect(avatar).toHaveAttribute('alt', 'Zoë Ñúñez-Økland');
  await expect(avatar).toHaveAttribute('fetchpriority', 'high');

  await page.goto(`${base}/talleres`);
  const body = page.locator('.record__body picture img');
  await expect(body).toHaveAttribute('alt', 'Three soldered sensor boards in red, green and blue');
  await expect(body).toHaveAttribute('loading', 'lazy');
  await expect(body).toHaveAttribute('width', '480');
  await expect(page.locator('.record__body picture source[type="image/avif"]')).toHaveAttribute('srcset', /-480\.avif 480w$/);
});

test('FO-ONE-RECORD: twins, llms-full.txt, REST and JSON-LD carry each image with its alt text and an absolute URL', async () => {
  const twin = (await raw(base, '/projects/lumen-meter.md')).body;
  const line = twin.match(/^!\[Night sky over a dark coastline, the kind of scene the meter was built for\]\((http:\/\/[^)]+\.webp)\)$/m);
  expect(line, twin.slice(0, 500)).toBeTruthy();
  expect((await fetch(line![1]!)).status).toBe(200);
  expect((await raw(base, '/talleres.md')).body).toMatch(
    /!\[Three soldered sensor boards in red, green and blue\]\(http:\/\/127\.0\.0\.1:\d+\/_images\/[0-9a-f]{16}-480\.webp\)/,
  );
  expect((await raw(base, '/llms-full.txt')).body).toContain(line![0]!);

  const project = JSON.parse((await raw(base, '/api/v1/projects/lumen-meter')).body);
  expect(project.image).toEqual({ url: line![1], alt: 'Night sky over a dark coastline, the kind of scene the meter was built for', width: 1200, height: 675 });
  expect(JSON.parse((await raw(base, '/api/v1/projects/taller-sensores')).body).image).toBeNull();
  const listed = JSON.parse((await raw(base, '/api/v1/projects?limit=20')).body).projects.find((p: { slug: string }) => p.slug === 'lumen-meter');
  expect(listed.image).toEqual(project.image);

  const html = (await raw(base, '/projects/lumen-meter')).body;
  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
  expect(ld.image).toEqual({ '@type': 'ImageObject', url: line![1], width: 1200, height: 675, caption: project.image.alt });
});

test('social cards: every page has og:image (a 1200×630 PNG that answers), og:image:alt and a large Twitter card', async () => {
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length).toBeGreaterThan(30);
  for (const path of [...pages, '/search?q=luz', '/no-such-page']) {
    const html = (await raw(base, path)).body;
    const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og\/.+\.png$/);
    expect(html, path).toMatch(/<meta property="og:image:alt" content="[^"]{10,}">/);
    expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image">');
    const res = await fetch(image!);
    expect(res.headers.get('content-type'), image).toBe('image/png');
    expect(pngSize(Buffer.from(await res.arrayBuffer())), image).toEqual({ width: 1200, height: 630 });
  }
});

test('the feed: RSS 2.0 of projects, newest first, absolute links, dates and categories; every page links it', async () => {
  const res = await fetch(`${base}/feed.xml`);
  expect(res.status).toBe(200);
  const xml = await res.text();
  const feed = new XMLParser({ ignoreAttributes: false }).parse(xml);
  expect(feed.rss['@_version']).toBe('2.0');
  const { channel } = feed.rss;
  expect(channel.title).toBe('Zoë Ñúñez-Økland: proyectos'); // in the site's language (FO-LANGUAGE)
  expect(channel.link).toBe(`${base}/`);
  expect(channel.description).toBeTruthy();
  const items = [channel.item].flat();
  expect(items.map((i: { link: string }) => i.link)).toEqual(
    ['lumen-meter', 'nachtlicht', 'camara-estenopeica', 'taller-sensores', 'hokkaido-notes', 'viejo-escaner'].map((s) => `${base}/projects/${s}`),
  );
  const dates = items.map((i: { pubDate: string }) => Date.parse(i.pubDate));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(items[0].pubDate).toMatch(/^\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT$/); // RFC 822, as RSS 2.0 asks
  expect([items[0].category].flat()).toEqual(['Hardware & sensores', 'sensors', 'rust', 'night']);
  expect(items[0].description).toContain('−6 EV');
  for (const path of ['/', '/projects/nachtlicht', '/tags', '/search?q=x']) {
    expect((await raw(base, path)).body, path).toContain(
      `<link rel="alternate" type="application/rss+xml" href="/feed.xml" title="Zoë Ñúñez-Økland: proyectos">`,
    );
  }
});

// This site is `locale: es` (FO-LANGUAGE): its interface words are Spanish.
test('tags link to their pages; a tag page lists every project and page with it, with a twin; /tags counts them; all in the sitemap', async ({ page }) => {
  await page.goto(`${base}/projects/lumen-meter`);
  await page.locator('.facts').getByRole('link', { name: 'Etiqueta: night', exact: true }).click();
  await expect(page).toHaveURL(`${base}/tags/night`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Etiqueta «night»');
  for (const title of [
    'Lumen·Meter: a spot meter for night photography',
    'Nachtlicht — Küstenserie',
    'Cámara estenopeica de 6×17',
    '北海道 field notes (冬)',
  ]) {
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/tags/night.md');
  const twin = (await raw(base, '/tags/night.md')).body;
  expect(twin).toMatch(/^# Etiqueta «night»$/m);
  expect(twin).toContain(`](${base}/projects/hokkaido-notes.md)`);

  await page.goto(`${base}/tags/studio`);
  await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Talleres' })).toBeVisible();

  await page.goto(`${base}/tags`);
  await expect(page.getByRole('link', { name: 'night 4' })).toHaveAttribute('href', '/tags/night');
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  for (const path of ['/tags', '/tags/night', '/tags/studio']) expect(sitemap).toContain(`<loc>${base}${path}</loc>`);
});

test('FO-ZERO-COMPUTE: a browser’s view of every page of this site runs no middleware and no function', async ({ page }) => {
  const ran = await computeOfEveryPage(page, base);
  expect(Object.keys(ran).length).toBeGreaterThan(10);
  for (const [path, what] of Object.entries(ran)) expect(what, path).toBe('200 none');
});

// The interface words are Spanish (`locale: es`, FO-LANGUAGE), the function's result line too.
test('FO-TEXT-SAFE: search without JavaScript: the labelled form submits to /search, answered in the site layout, the query HTML-escaped', async ({
  browser,
}) => {
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
  await expect(page.getByRole('search').getByLabel('Buscar en este sitio')).toHaveValue('pinhole');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // What is not a query is answered on the page, not as an error.
  expect((await raw(base, '/search')).status).toBe(200);
  expect((await raw(base, '/search')).body).toContain('Escribe una o dos palabras');
  expect((await raw(base, `/search?q=${'x'.repeat(501)}`)).body).toContain('busca con 500 como máximo');
  const escaped = await raw(base, '/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  expect(escaped.status).toBe(200);
  expect(escaped.body).not.toContain('<script>alert(1)');
  expect(escaped.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
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

test('WebMCP: the form is annotated, and where document.modelContext exists (the current draft) the search is registered as a read-only tool', async ({
  page,
}) => {
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
  const form = page.getByRole('search');
  await expect(form).toHaveAttribute('toolname', 'search_site');
  await expect(form).toHaveAttribute('tooldescription', /Search Zoë Ñúñez-Økland's projects and pages/);
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
test("FO-DESIGN: bounded header: at most five entries (Projects first), the rest in the footer menu; one row on a phone with the owner's name and a search icon", async ({
  page,
}) => {
  await page.goto(`${base}/`);
  const main = page.getByRole('navigation', { name: 'Principal' });
  await expect(main.getByRole('link')).toHaveCount(5);
  await expect(main.getByRole('link').first()).toHaveText('Proyectos');
  const menu = page.getByRole('navigation', { name: 'Sitio' });
  await expect(menu.getByRole('link', { name: 'Todas las páginas' })).toHaveAttribute('href', '/#pages');
  await expect(page.locator('section[aria-labelledby="pages"]').getByRole('link')).toHaveCount(12);

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

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`screenshots (${width} px, ${scheme}): home, a project, a tag page, search results`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const [name, path] of [
        ['home', '/'],
        ['project', '/projects/lumen-meter'],
        ['tag', '/tags/night'],
        ['search', '/search?q=night'],
      ] as const) {
        await page.goto(`${base}${path}`);
        // Lazy images below the fold load before a full-page picture is taken.
        for (const img of await page.locator('img[loading="lazy"]').all()) await img.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        await shoot(page, testInfo, `${name}-${width}-${scheme}`);
      }
    });
  }
}
