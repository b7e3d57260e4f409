// FO-LONG-WORDS, as a browser measures it: a page no wider than the screen, and no element past
// it. One function for the e2e specs (over a build) and the integration tier (over a rendered site),
// and the sweep both use to read a page at several widths with one load of it.
import type { Page } from '@playwright/test';

/** The phones' widths no page may scroll sideways at (FO-LONG-WORDS): the narrowest in use, and a common one. */
export const PHONE_WIDTHS = [320, 390] as const;

/**
 * Run in the page (Playwright's `page.evaluate`): the document's scroll width, the screen's, and up
 * to five elements reaching past it that no scrolling or clipping box holds (a code block or a
 * table's wrapper holds what is inside it, so only what it lets show counts).
 */
export function sideways(): { scroll: number; client: number; past: string[] } {
  const client = document.documentElement.clientWidth;
  const held = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  const past = [...document.body.querySelectorAll('*')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > client + 0.5 || box.left < -0.5) && !held(el);
    })
    .slice(0, 5)
    .map(
      (el) =>
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(el.getBoundingClientRect().right)} px: ${(el.textContent ?? '').trim().slice(0, 60)}`,
    );
  return { scroll: document.documentElement.scrollWidth, client, past };
}

/**
 * Run in the page: the page laid out as it is now, and every web font that layout uses loaded (a
 * width can show text in a face no other width uses, as a load at that width would have fetched it).
 */
function fontsLoaded(): Promise<void> {
  document.body.getBoundingClientRect();
  return document.fonts.ready.then(() => undefined);
}

/**
 * Each page of `paths` (on the site at `base`) loaded once in `page`, then read by `read` at each of
 * its widths in turn (`widths`, or `widths(path)`): the viewport is resized, not the page loaded
 * again. What the sweeps read is layout, and the browser lays the page out again for the new width,
 * with the web fonts it then uses loaded (fontsLoaded, run after the load too), before `read`. What
 * a page is made of does not depend on the width it was loaded at: the server is told no width,
 * none of the site's scripts reads one, and an image's box comes from its width and height
 * attributes and the stylesheet, not from the file a srcset picks. A page is read first at the
 * width the viewport already has when it is one of its widths, which spares a resize. A page that
 * does not answer 2xx throws. Returns what `read` returned, page by page, width by width.
 */
export async function sweepWidths<T>(
  page: Page,
  base: string,
  paths: readonly string[],
  widths: readonly number[] | ((path: string) => readonly number[]),
  read: (path: string, width: number) => Promise<T>,
  { height = 800 } = {},
): Promise<{ path: string; width: number; reading: T }[]> {
  const readings: { path: string; width: number; reading: T }[] = [];
  for (const path of paths) {
    const all = typeof widths === 'function' ? widths(path) : widths;
    const now = page.viewportSize();
    const order = now?.height === height && all.includes(now.width) ? [now.width, ...all.filter((w) => w !== now.width)] : all;
    for (const [i, width] of order.entries()) {
      const size = page.viewportSize();
      if (size?.width !== width || size.height !== height) await page.setViewportSize({ width, height });
      if (i === 0) {
        const response = await page.goto(`${base}${path}`);
        if (!response?.ok()) throw new Error(`${path}: ${response?.status()}`);
      }
      await page.evaluate(fontsLoaded);
      readings.push({ path, width, reading: await read(path, width) });
    }
  }
  return readings;
}
