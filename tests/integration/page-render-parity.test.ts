// FO-TEST-TIERS: the page tests render pages with no build (tests/support/render-page.ts); this
// proves that what they render is what the build writes. Every route of the sample fixture site,
// rendered in Vitest, is compared with the file `npm run build` wrote for it (dist/, and the search
// page template it hands the function in generated/): byte for byte, but for the one thing a
// container render does not show, the stylesheets Astro bundles from a component's <style> (the
// developer pages'), and the social cards, whose PNGs are only checked to be there. The global setup
// (tests/support/build-setup.ts) builds the site when it is missing or stale.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { readStamp } from '../../scripts/lib/build.ts';
import { searchPageFile } from '../../src/server/search-page.ts';
import { type FixtureSite, fixtureSite } from '../support/render-page.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

/** The file the build writes for a route's path. */
function builtFile(path: string): string {
  if (path.endsWith('/search-page')) return searchPageFile(path.slice(1, -'/search-page'.length) || undefined);
  if (path === '/') return 'dist/index.html';
  return /\.[a-z]+$/i.test(path.split('/').at(-1)!) || path.startsWith('/.well-known/') ? `dist${path}` : `dist${path}.html`;
}

/** Astro's link to a stylesheet it bundled from a component's <style>: in the build, not in a container render. */
const ASTRO_STYLESHEET = /<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/g;

let site: FixtureSite;
beforeAll(() => {
  // The pages are rendered for the address the build was made for (its stamp): absolute URLs match.
  const stamp = readStamp();
  if (!stamp) throw new Error('the sample site is not built (tests/support/build-setup.ts builds it)');
  process.env.FOLIO_SITE_URL = stamp.siteUrl;
  site = fixtureSite(SAMPLE_SITE_CONTENT);
});

test('FO-TEST-TIERS: every page and file of the sample site rendered with no build is the file the build wrote, byte for byte (but Astro’s bundled stylesheets)', async () => {
  const paths = await site.paths();
  expect(paths.length).toBeGreaterThan(100);
  const differ: string[] = [];
  const bundled: string[] = [];
  let compared = 0;
  for (const path of paths) {
    const file = builtFile(path);
    if (!(await site.has(path))) {
      expect(existsSync(file), `${path}: its route answers no file, yet ${file} was written`).toBe(false);
      continue;
    }
    expect(existsSync(file), `${path}: rendered, but the build wrote no ${file}`).toBe(true);
    // A social card is drawn by the build's own route; drawing each again here would only repeat it.
    if (path.startsWith('/og/')) continue;
    const built = readFileSync(file, 'utf8');
    const rendered = await site.text(path);
    const withoutBundled = built.replace(ASTRO_STYLESHEET, '');
    if (withoutBundled !== built) bundled.push(path);
    if (withoutBundled !== rendered) {
      let at = 0;
      while (withoutBundled[at] === rendered[at]) at++;
      differ.push(`${path}: at ${at}, built «${withoutBundled.slice(at - 40, at + 60)}», rendered «${rendered.slice(at - 40, at + 60)}»`);
    }
    compared++;
  }
  expect(differ).toEqual([]);
  expect(compared).toBeGreaterThan(200);
  // Only the developer pages have a component <style>: every other page's stylesheets are Folio's files.
  expect(bundled).toEqual(['/developers', '/developers/deprecation']);
});
