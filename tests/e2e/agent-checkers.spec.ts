// FO-CHECKERS: the Agent-Friendly Documentation checker (npm `afdocs`, unmodified) against the
// sample fixture site as npm start serves it, and against the second fixture site (locale es, short
// pages) and the bilingual one, each from its own build: no check fails or warns, llms.txt (with its section files) covers every
// page of the sitemap, and the twins and the HTML pages point at it. What made the short pages pass
// content-start-position (the page's content first in the source) is checked as people meet it.
import { expect, test } from '@playwright/test';
import { runChecks } from 'afdocs';
import { serveSharedSite } from './serve-support.ts';

// The file's tests in order in one worker: afdocs runs in it (below), so its code is loaded and
// compiled once for the three sites.
test.describe.configure({ mode: 'default' });

const SECOND_SITE = 'tests/fixtures/second-site/content';
const BILINGUAL_SITE = 'tests/fixtures/bilingual-site/content';

interface Report {
  summary: Record<string, number>;
  results: {
    id: string;
    status: string;
    message: string;
    details?: { pageResults?: { mdUrl?: string; samples?: { url: string; outcome: string; status?: number }[] }[] };
  }[];
}

/**
 * afdocs' report on the site at `base`: the runner its bin runs (`afdocs check <base> --sampling
 * deterministic --max-concurrency 2 --request-delay 0`; the bin's other defaults are the runner's
 * own, DEFAULT_OPTIONS), in this worker rather than a process per site: each bin run started Node
 * and compiled afdocs' parsers afresh, about 1.5 s of CPU of the sample's 4.4 s.
 */
async function afdocs(base: string): Promise<Report> {
  // Two requests at a time: the sample's server is shared with the other spec files running meanwhile.
  // No pause between requests: afdocs' default 200 ms is politeness to a remote host; on a server of
  // the run's own, on loopback, it was most of the check's time (the same requests and checks).
  return (await runChecks(base, { samplingStrategy: 'deterministic', maxConcurrency: 2, requestDelay: 0 })) as unknown as Report;
}

/** Every check passes, or is skipped as not applying to a public site; none warns, fails or errs. */
function expectClean(report: Report) {
  // A failing check says which sampled links did not answer as expected (the page, the link, its outcome and status).
  const samples = (r: Report['results'][number]) =>
    (r.details?.pageResults ?? []).flatMap((p) =>
      (p.samples ?? []).filter((s) => s.outcome !== 'ok').map((s) => ` ${p.mdUrl} → ${s.url}: ${s.outcome} ${s.status ?? ''}`),
    );
  const notPassing = report.results
    .filter((r) => r.status !== 'pass' && r.status !== 'skip')
    .map((r) => `${r.id} (${r.status}): ${r.message}${samples(r).join(';')}`);
  expect(notPassing).toEqual([]);
  expect(report.summary.warn).toBe(0);
  expect(report.summary.fail).toBe(0);
  expect(report.summary.pass).toBeGreaterThan(20);
  const status = (id: string) => report.results.find((r) => r.id === id)?.status;
  for (const id of ['llms-txt-coverage', 'content-negotiation', 'markdown-url-support', 'content-start-position', 'markdown-content-parity'])
    expect(status(id), id).toBe('pass');
}

test('FO-CHECKERS: afdocs on the sample finds no failing or warning check, and llms.txt covers the sitemap', async ({ baseURL }) => {
  test.setTimeout(240_000);
  expectClean(await afdocs(baseURL!));
});

test.describe('the second fixture site (locale es, pages of a few lines)', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const site = serveSharedSite(SECOND_SITE);

  test('FO-CHECKERS: afdocs on the second site finds no failing or warning check', async () => {
    expectClean(await afdocs(site.base));
  });
});

test.describe('the bilingual fixture site (French at /, English at /en)', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const site = serveSharedSite(BILINGUAL_SITE);

  test('FO-CHECKERS, FO-I18N: afdocs on the bilingual site finds no failing or warning check', async () => {
    expectClean(await afdocs(site.base));
  });
});

// FO-CHECKERS, FO-ACCESSIBLE: on a page of a few lines the header's chrome outweighed the content
// when the page is read as text, so main leads the source; people must not notice: the header is
// drawn above main, and the keyboard (reading-flow) meets the skip link, then the owner, first.
for (const path of ['/tags', '/now']) {
  test(`FO-CHECKERS: on ${path} the content leads the source, and the header is still drawn and reached first`, async ({ page }) => {
    await page.goto(path);
    const mainFirst = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const header = document.querySelector('body > header')!;
      return Boolean(main.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(mainFirst).toBe(true);
    const banner = (await page.getByRole('banner').boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    expect(banner.y).toBe(0);
    expect(banner.y + banner.height).toBeLessThanOrEqual(main.y + 1);
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveClass(/skip-link/);
    await expect(page.locator(':focus')).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveClass(/site-name/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main')).toBeFocused();
  });
}
