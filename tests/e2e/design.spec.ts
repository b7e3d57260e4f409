// FO-DESIGN: how the pages look, at a phone's width (390 px) and a desktop's (1280 px), in the light
// and the dark scheme, on the sample fixture site (served by the suite's own server) and the second
// fixture site (tests/fixtures/second-site: no featured list, archived work, a dozen pages, Spanish;
// served by the run's shared `npm start` of it). Each page's full-page picture is attached to the report (pictures.ts), and
// each page is also held to what a picture cannot prove: nothing scrolls sideways at 390 px, the
// owner's name is in the header, a hyphenated word of a title stays on one line, and the card
// covers of a grid are boxes of one shape, each filled by its image (cropped, never letterboxed).
// The kitchen-sink fixture, with covers of six shapes, has the same checks in kitchen-sink.spec.ts.
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { coverBoxes, expectOneShapePerGrid, loadLazyImages } from './design-support.ts';
import { picture } from './pictures.ts';
import { serveSharedSite } from './serve-support.ts';

const SECOND = 'tests/fixtures/second-site/content';
const WIDTHS = [390, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

const shotName = (site: string, path: string, width: number, scheme: string) =>
  `${site}-${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}-${scheme}`;

/** Screenshots and checks of `paths` of the site at `base`, at every width and scheme. */
async function designPages(page: Page, testInfo: TestInfo, site: string, base: string, paths: readonly string[]) {
  let covers = 0;
  for (const width of WIDTHS) {
    for (const scheme of SCHEMES) {
      await page.setViewportSize({ width, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await loadLazyImages(page);
        const where = `${site} ${path} at ${width} px, ${scheme}`;
        await picture(page, testInfo, shotName(site, path, width, scheme));
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, `${where} is ${scroll} px wide`).toBeLessThanOrEqual(client);
        expect((await page.locator('.site-name__text').boundingBox())?.width ?? 0, where).toBeGreaterThan(40);
        // A hyphenated word of the title (Quarry's "full-text") sits on one line: one box, however the title wraps.
        for (const word of await page.locator('h1 .nowrap').all()) expect(await word.evaluate((el) => el.getClientRects().length), where).toBe(1);
        const grids = await coverBoxes(page);
        expectOneShapePerGrid(grids, where);
        covers += grids.flat().length;
      }
    }
  }
  // The checks above had covers to check.
  expect(covers).toBeGreaterThan(0);
}

test.describe('the sample site', () => {
  test.describe.configure({ timeout: 180_000 });
  test('FO-DESIGN: the sample site at 390 and 1280 px, light and dark: nothing sideways, the name in the header, whole hyphenated words, one cover shape per grid', async ({
    page,
  }, testInfo) => {
    await designPages(page, testInfo, 'sample', '', ['/', '/projects', '/projects/quarry', '/posts/leaving-quarry-cloud']);
    // Quarry's title holds one (tests/unit/pages-design.test.ts), so the check above had a word to check.
    await page.goto('/projects/quarry');
    await expect(page.locator('h1 .nowrap')).toHaveCount(1);
    await expect(page.locator('h1 .nowrap')).toHaveCSS('white-space', 'nowrap');
  });
});

test.describe('the second fixture site', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite(SECOND);

  test('FO-DESIGN: the second site at 390 and 1280 px, light and dark: nothing sideways, the name in the header, one cover shape per grid', async ({
    page,
  }, testInfo) => {
    await designPages(page, testInfo, 'second', site.base, ['/', '/projects', '/projects/lumen-meter']);
  });
});
