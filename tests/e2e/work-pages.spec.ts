// FO-WORK: presenting the work, in Chromium over real HTTP. The work fixture site (thirty projects,
// so the listing pages; a portrait cover; a YouTube and a Vimeo address alone on their lines;
// code blocks; a talk and research; links written out of the usual order) is built and served by
// `npm start` in a throwaway copy of the repository.
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';
import { cleanEnv, raw, repoCopy, startServer, type Server } from './serve-support.ts';

const WORK_SITE = 'tests/fixtures/work-site/content';
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let copy = '';
let server: Server | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = repoCopy('folio-work-');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(copy, 'scripts/start.ts', cleanEnv({ FOLIO_CONTENT: WORK_SITE, PORT: String(port), HOST: '127.0.0.1' }), `${base}/`, 200_000);
});

test.afterAll(async () => {
  server?.process.kill();
  await server?.exited;
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const cardTitles = (page: Page) => page.locator('.card__title a').allTextContents();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('FO-WORK: one listing, 24 to a page: /projects then /projects/page/2 (the archived in their own section), each with its own twin', async ({ page }) => {
    await page.goto(`${base}/projects`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    const first = await cardTitles(page);
    expect(first).toHaveLength(24);
    await expect(page.locator('#archived')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/projects.md');
    await page
      .getByRole('navigation', { name: 'Pages of projects' })
      .getByRole('link', { name: /Older projects/ })
      .click();
    await expect(page).toHaveURL(`${base}/projects/page/2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects, page 2 of 2');
    const second = await cardTitles(page);
    expect(second).toHaveLength(6);
    // Every project once over the two pages, the three archived on the last, in their section.
    expect(new Set([...first, ...second]).size).toBe(30);
    expect((await page.locator('#archived .card__title a').allTextContents()).sort()).toEqual(['Widget 09', 'Widget 18', 'Widget 27']);
    await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', '/projects');
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/projects/page/2.md');
    const twin = await raw(base, '/projects/page/2.md');
    expect(twin.status).toBe(200);
    expect(twin.headers['content-type']).toMatch(/^text\/markdown/);
    expect(twin.body).toMatch(/^# Projects, page 2 of 2$/m);
    expect((await raw(base, '/projects/page/3')).status).toBe(404);
  });

  test('FO-WORK: filters are real prerendered URLs (category, type) marked aria-current; tags link their own pages', async ({ page }) => {
    await page.goto(`${base}/projects`);
    const bar = page.getByRole('navigation', { name: 'Filter projects' });
    await expect(bar.getByRole('link', { name: /^All \d/ })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: /^Talks and writing/ }).click();
    await expect(page).toHaveURL(`${base}/projects/category/talks`);
    expect(await cardTitles(page)).toEqual(['Talking to tools']);
    await expect(page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: /^Talks and writing/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: /^All \d/ })).not.toHaveAttribute('aria-current', 'page');

    await page
      .getByRole('navigation', { name: 'Filter projects' })
      .getByRole('link', { name: /^Research/ })
      .click();
    await expect(page).toHaveURL(`${base}/projects/type/research`);
    expect(await cardTitles(page)).toEqual(['A sensor noise study']);
    const twin = await raw(base, '/projects/type/research.md');
    expect(twin.status).toBe(200);
    expect(twin.body).toContain('[A sensor noise study](');

    await expect(page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: /^camera/ })).toHaveAttribute('href', '/tags/camera');
    expect((await raw(base, '/projects/type/app')).status).toBe(404);
  });

  test("FO-WORK: a project page puts title, summary, links in the owner's order (the first primary) and facts before an uncropped portrait cover; no copy button without script", async ({
    page,
  }) => {
    await page.goto(`${base}/projects/portrait-camera`);
    const links = page.getByRole('list', { name: 'Project links' }).getByRole('link');
    await expect(links).toHaveText(['Demo ↗', 'Repository ↗', 'Video ↗', 'Press kit ↗', 'Documentation ↗']);
    await expect(links.first()).not.toHaveClass(/button--quiet/);
    await expect(links.nth(1)).toHaveClass(/button--quiet/);
    // Reading order: the links and facts come before the cover.
    const order = await page.evaluate(() => {
      const at = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().top;
      return { links: at('.work-links'), facts: at('.work-facts'), cover: at('.work-cover') };
    });
    expect(order.links).toBeLessThan(order.cover);
    expect(order.facts).toBeLessThan(order.cover);
    // The portrait cover (600×1000) keeps its shape: shown at its own aspect ratio, nothing clipped.
    const img = page.locator('.work-cover img');
    await expect(img).toBeVisible();
    const shown = await img.evaluate((el: HTMLImageElement) => {
      const box = el.getBoundingClientRect();
      const frame = el.closest('picture')!.getBoundingClientRect();
      return {
        ratio: box.width / box.height,
        natural: el.naturalWidth / el.naturalHeight,
        fit: getComputedStyle(el).objectFit,
        clipped: box.height > frame.height + 1,
      };
    });
    expect(shown.ratio).toBeCloseTo(0.6, 2);
    expect(shown.natural).toBeCloseTo(0.6, 2);
    expect(shown.clipped).toBe(false);
    expect(shown.fit).not.toBe('cover');
    // A table of contents (three ## sections) and a reading time.
    await expect(page.getByRole('navigation', { name: 'In this project' }).getByRole('link')).toHaveText(['Why', 'How', 'Results']);
    await expect(page.locator('.work-facts')).toContainText(/Reading time\s*1 min/);
    // The code block names its language; its copy button comes only with script.
    await expect(page.locator('.code-block__lang')).toHaveText('ts');
    await expect(page.locator('.code-block__copy')).toHaveCount(0);
    // The YouTube address is a player from the privacy-enhanced host, lazy and titled.
    const player = page.locator('.prose .embed iframe');
    await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(player).toHaveAttribute('loading', 'lazy');
    await expect(player).toHaveAttribute('title', 'Video on YouTube');
    const box = await page.locator('.prose .embed').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    // The twin keeps the link.
    expect((await raw(base, '/projects/portrait-camera.md')).body).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  test('FO-WORK: a talk is "Given" with no status; research is "Published"; a card crops its cover at the focal point', async ({ page }) => {
    await page.goto(`${base}/projects/stage-talk`);
    const facts = page.locator('.work-facts');
    await expect(facts.locator('dt')).not.toContainText(['Status']);
    await expect(facts).toContainText('Given');
    await expect(page.locator('.prose .embed iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
    await page.goto(`${base}/projects/sensor-study`);
    await expect(page.locator('.work-facts')).toContainText('Published');
    await expect(page.locator('.work-facts dt', { hasText: 'Status' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Project links' }).getByRole('link')).toHaveText(['Paper ↗', 'Website ↗']);

    await page.goto(`${base}/projects`);
    const card = page.locator('.card', { hasText: 'Portrait camera' }).locator('.card__cover img');
    await expect(card).toHaveCSS('object-fit', 'cover');
    await expect(card).toHaveCSS('object-position', '50% 0%');
    // A card without a cover beside cards with one: a placeholder of the same height.
    const heights = await page.locator('.work-cards .card__cover').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
  });
});

test('FO-WORK: with JavaScript, each code block gets a copy button that copies its code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.goto(`${base}/projects/portrait-camera`);
  const button = page.locator('.code-block__copy');
  await expect(button).toHaveText('Copy');
  await button.click();
  await expect(button).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('const frame = { width: 600, height: 1000 };');
});

test('FO-CONTENT-DATA: only a page that shows a video may frame the players: its player loads; any other page refuses the same frame', async ({ page }) => {
  // Offline: the player's host answers from here, so that a frame the policy allows visibly loads.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p id="player">player</p>' }));
  await page.goto(`${base}/projects/portrait-camera`);
  // The player loads lazily: in view, it loads.
  await page.locator('.prose .embed iframe').scrollIntoViewIfNeeded();
  await expect(page.frameLocator('.prose .embed iframe').locator('#player')).toHaveText('player');

  await page.goto(`${base}/projects/sensor-study`);
  await expect(page.locator('head meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', "frame-src 'none'");
  // The same player, put in by script: the page's policy refuses it (a securitypolicyviolation names frame-src).
  const refused = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(`${e.effectiveDirective} ${e.blockedURI}`));
        const frame = document.createElement('iframe');
        frame.src = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
        document.body.append(frame);
      }),
  );
  // A cross-origin address is reported by its origin (CSP 3 § 5.4).
  expect(refused).toBe('frame-src https://www.youtube-nocookie.com');
});
