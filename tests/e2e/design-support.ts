// What the design checks share (design.spec.ts, kitchen-sink.spec.ts, theme-site.spec.ts,
// site-browser.spec.ts; FO-DESIGN, FO-THEME): the colour schemes they read, images loaded before a
// full-page screenshot, the shape of every card cover, grid by grid, the accent as the page
// resolves it, the Content-Security-Policy violations a page reports, and what makes a page wider
// than a phone (FO-LONG-WORDS).
import { expect, type Page } from '@playwright/test';
import { raw } from './serve-support.ts';
import { PHONE_WIDTHS, sideways, sweepWidths } from '../support/sideways.ts';

/** The light and dark schemes, in the order the browser tests look at them. */
export const SCHEMES = ['light', 'dark'] as const;

/** Lazy images below the fold and the web fonts load before a full-page picture is taken (it would show empty covers otherwise). */
export async function loadLazyImages(page: Page) {
  for (const img of await page.locator('img[loading="lazy"]').all()) await img.scrollIntoViewIfNeeded();
  await page.evaluate(async () => {
    await Promise.all([...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
}

export interface CoverBox {
  /** The cover box's width over its height. */
  box: number;
  /** The image's source shape (its width and height attributes), when the card has an image rather than a placeholder. */
  source?: number;
  /** Whether the image covers its whole box (object-fit: cover, the image's box the cover's). */
  filled: boolean;
}

/** Every card cover on the page, grid by grid. */
export const coverBoxes = (page: Page): Promise<CoverBox[][]> =>
  page.locator('.cards').evaluateAll((grids) =>
    grids.map((grid) =>
      [...grid.querySelectorAll(':scope > .card > .card__cover')].map((cover) => {
        const r = cover.getBoundingClientRect();
        const img = cover.querySelector('img');
        if (!img) return { box: r.width / r.height, filled: true };
        const i = img.getBoundingClientRect();
        return {
          box: r.width / r.height,
          source: Number(img.getAttribute('width')) / Number(img.getAttribute('height')),
          filled: getComputedStyle(img).objectFit === 'cover' && Math.abs(i.width - r.width) < 1 && Math.abs(i.height - r.height) < 1,
        };
      }),
    ),
  );

/** Each grid's covers are one shape, each filled by its image. */
export function expectOneShapePerGrid(grids: CoverBox[][], where: string) {
  for (const [g, covers] of grids.entries()) {
    for (const [c, cover] of covers.entries()) {
      expect(cover.box, `${where}: grid ${g}, cover ${c} is not the shape of the grid's first`).toBeCloseTo(covers[0]!.box, 2);
      expect(cover.filled, `${where}: grid ${g}, cover ${c} does not fill its box`).toBe(true);
    }
  }
}

/** rgb(…) of a hex colour, as getComputedStyle reports it. */
export const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** Every Content-Security-Policy violation the page reports, from before its first script (read with `violations`). */
export async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}
export const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** The accent as the page resolves it (a probe coloured var(--accent), so no particular element's rules interfere). */
export const accentOf = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--accent)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

/** The paths of every page the sitemap of the site at `base` lists (each language's), as this server answers them. */
export async function sitemapPaths(base: string): Promise<string[]> {
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/**
 * FO-LONG-WORDS: at each phone width, every page of `paths` (on `page`, one tab for all) is no
 * wider than the screen, and no element reaches past it: a box that scrolls or clips its content
 * (a code block, a table's wrapper) holds what is inside it, so only what it lets show counts.
 * Each page is loaded once and measured at each width in turn (sweepWidths: the viewport resized).
 * Returns how many pages were seen, each width counted, so a caller can say the list was not empty.
 */
export async function expectNothingSideways(page: Page, base: string, paths: readonly string[]): Promise<number> {
  const readings = await sweepWidths(page, base, paths, PHONE_WIDTHS, () => page.evaluate(sideways));
  for (const { path, width, reading } of readings) expectNotSideways(path, width, reading);
  return readings.length;
}

/** FO-LONG-WORDS on one reading of `sideways`: laid out at the width it was read at (the resize took), no wider than that, nothing past it. */
export function expectNotSideways(path: string, width: number, { scroll, client, past }: ReturnType<typeof sideways>): void {
  expect(client, `${path} laid out at ${width} px`).toBe(width);
  expect(scroll, `${path} is ${scroll} px wide at ${width} px`).toBeLessThanOrEqual(client);
  expect(past, `${path} at ${width} px`).toEqual([]);
}
