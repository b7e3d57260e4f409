// What the design checks share (design.spec.ts, kitchen-sink.spec.ts; FO-DESIGN): images loaded
// before a full-page screenshot, and the shape of every card cover, grid by grid.
import { expect, type Page } from '@playwright/test';

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
