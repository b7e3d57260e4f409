// FO-DESIGN: how the pages look, at a phone's width (390 px) and a desktop's (1280 px), in the light
// and the dark scheme, on the sample fixture site (served by the suite's own server) and the second
// fixture site (tests/fixtures/second-site: no featured list, archived work, a dozen pages, Spanish;
// served by the run's shared `npm start` of it; its tag and search pages too). Each page is loaded
// once and seen at both widths in both schemes; each view's full-page picture is attached to the
// report (pictures.ts), and each view is also held to what a picture cannot prove: nothing scrolls
// sideways, the owner's name is in the header, a hyphenated word of a title stays on one line, and
// the card covers of a grid are boxes of one shape, each filled by its image (cropped, never
// letterboxed).
// The kitchen-sink fixture, with covers of six shapes, has the same checks in kitchen-sink.spec.ts.
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { coverBoxes, expectOneShapePerGrid, loadLazyImages, SCHEMES } from './design-support.ts';
import { picture, picturesWanted } from './pictures.ts';
import { sweepWidths } from '../support/sideways.ts';
import { serveSharedSite } from './serve-support.ts';

const SECOND = 'tests/fixtures/second-site/content';
const WIDTHS = [390, 1280] as const;

const shotName = (site: string, path: string, width: number, scheme: string) =>
  `${site}-${path === '/' ? 'home' : path.slice(1).replaceAll(/[^\w-]+/g, '-')}-${width}-${scheme}`;

/**
 * Screenshots and checks of `paths` of the site at `base`, at every width and scheme: each page is
 * loaded once and read at each width (sweepWidths: the viewport resized) and in each scheme
 * (page.emulateMedia: the stylesheet's light-dark() colours and the scheme's media queries apply
 * again); layout and colours are computed again for each before anything is read.
 */
async function designPages(page: Page, testInfo: TestInfo, site: string, base: string, paths: readonly string[]) {
  let covers = 0;
  let views = 0;
  /** Each page's hyphenated words of its title, as the white-space each is laid out with. */
  const words = new Map<string, string[]>();
  await sweepWidths(
    page,
    base,
    paths,
    WIDTHS,
    async (path, width) => {
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        // A picture shows the page's images: each view waits for them (another width may pick
        // another file of a srcset). No check reads an image's pixels (a cover's box is the
        // stylesheet's, loaded or not), so with no picture only the fonts are waited for (sweepWidths).
        if (picturesWanted) await loadLazyImages(page);
        views++;
        const where = `${site} ${path} at ${width} px, ${scheme}`;
        await picture(page, testInfo, shotName(site, path, width, scheme));
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(client, `${where}: laid out at its width`).toBe(width);
        expect(scroll, `${where} is ${scroll} px wide`).toBeLessThanOrEqual(client);
        expect((await page.locator('.site-name__text').boundingBox())?.width ?? 0, where).toBeGreaterThan(40);
        // A hyphenated word of the title (Quarry's "full-text") sits on one line: one box, however the title wraps.
        const nowrap = await page
          .locator('h1 .nowrap')
          .evaluateAll((els) => els.map((el) => ({ boxes: el.getClientRects().length, space: getComputedStyle(el).whiteSpace })));
        for (const word of nowrap) expect(word.boxes, where).toBe(1);
        words.set(
          path,
          nowrap.map((word) => word.space),
        );
        const grids = await coverBoxes(page);
        expectOneShapePerGrid(grids, where);
        covers += grids.flat().length;
      }
    },
    { height: 844 },
  );
  // Every page was seen at every width and scheme, and the checks above had covers to check.
  expect(views).toBe(paths.length * WIDTHS.length * SCHEMES.length);
  expect(covers).toBeGreaterThan(0);
  return { words };
}

test.describe('the sample site', () => {
  test.describe.configure({ timeout: 180_000 });
  test('FO-DESIGN: the sample site at 390 and 1280 px, light and dark: nothing sideways, the name in the header, whole hyphenated words, one cover shape per grid', async ({
    page,
  }, testInfo) => {
    const { words } = await designPages(page, testInfo, 'sample', '', ['/', '/projects', '/projects/quarry', '/posts/leaving-quarry-cloud']);
    // Quarry's title holds one, kept whole by the stylesheet (tests/unit/pages-design.test.ts), so the check above had a word to check.
    expect(words.get('/projects/quarry')).toEqual(['nowrap']);
  });
});

test.describe('the second fixture site', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite(SECOND);

  test('FO-DESIGN: the second site at 390 and 1280 px, light and dark: nothing sideways, the name in the header, one cover shape per grid', async ({
    page,
  }, testInfo) => {
    // site-human.spec.ts's pages of this site (a tag page, search results) among them.
    await designPages(page, testInfo, 'second', site.base, ['/', '/projects', '/projects/lumen-meter', '/tags/night', '/search?q=night']);
  });
});
