// FO-ACCESSIBLE: Lighthouse (the npm package, driving the test browser) on the home page,
// /projects, a project page, a tag page, a search results page, a post (FO-POSTS), a post with a
// gallery and the résumé (FO-RESUME) of the sample fixture site: accessibility, best practices, SEO
// and Agentic Browsing 100, performance at least 95. Failing audits are named in the assertion. The
// same for the bilingual fixture's English page of an untranslated record (FO-I18N: hreflang
// alternates with x-default, <html lang>, French content marked as such on an English page); the
// bilingual home in English is the home template the sample's / audits, with the same alternates.
// It audits the builds the end-to-end run already has, and builds none of its own: the sample site
// playwright.config.ts's server serves, and the bilingual fixture the run shares (serveSharedSite).
// It is playwright.config.ts's `lighthouse` project, which runs after the `e2e-long` and `e2e`
// projects (before them in `npm run test:all`) and one page at a time, so no other spec competes for
// the CPU while performance is measured (in `npm run test:all`, the Vitest lane beside it runs at
// the lowest CPU priority: scripts/test.ts).
// Lighthouse is no dependency: its pinned version is fetched on the first run
// (scripts/lib/pinned-tool.ts), with chrome-launcher, the launcher that version was released with.
import { expect, test } from '@playwright/test';
import { importFromTool, pinnedTool } from '../../scripts/lib/pinned-tool.ts';
import { CHROMIUM_FLAGS, testBrowser } from '../support/browser.ts';
import { serveSharedSite } from './serve-support.ts';

// A post whose body has a gallery (consecutive images, FO-DESIGN): leaving-quarry-cloud's three charts.
const PAGES = [
  '/',
  '/projects',
  '/projects/quarry',
  '/tags/rust',
  '/search?q=queue',
  '/posts/measure-before-you-shard',
  '/posts/leaving-quarry-cloud',
  '/resume',
];
// Agentic Browsing (Lighthouse 13): the agent accessibility tree, WebMCP, llms.txt and the ARD catalog.
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1, 'agentic-browsing': 1 };

// The same content path as the other specs that share it (bilingual-site.spec.ts): one build for all.
const BILINGUAL = { content: 'tests/fixtures/bilingual-site/content', pages: ['/en/projects/banc-essai'] };

/** What this file reads of Lighthouse's result (its own types come with the package, fetched at run time). */
interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
    categories: Record<string, { score: number | null } | undefined>;
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; output: 'json'; logLevel: 'error'; disableFullPageScreenshot: true },
) => Promise<LighthouseResult | undefined>;
/**
 * What every audit passes besides the page's categories. No full-page screenshot: Lighthouse takes
 * it only to show elements in its HTML report, which this file never writes (no audit or score reads
 * it: the five categories scored the same without it), and it was 1.2 s of each 6.6 s audit here.
 */
const FLAGS = { output: 'json', logLevel: 'error', disableFullPageScreenshot: true } as const;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

let lighthouse: Lighthouse;
let chrome: Awaited<ReturnType<ChromeLauncher['launch']>> | undefined;

// In a hook, not at the top of the file: listing the suite's tests (`npm test` lists only the
// smoke spec, but `playwright test --list` lists all) must not fetch Lighthouse.
test.beforeAll(async () => {
  // The first run fetches Lighthouse (about 20 s here) before the browser starts.
  test.setTimeout(300_000);
  const tool = pinnedTool('lighthouse', 'to audit the sample site (playwright.config.ts’s lighthouse project)');
  lighthouse = (await importFromTool<{ default: Lighthouse }>(tool, 'lighthouse')).default;
  const chromeLauncher = await importFromTool<ChromeLauncher>(tool, 'chrome-launcher');
  const browser = testBrowser();
  if ('error' in browser) throw new Error(browser.error);
  chrome = await chromeLauncher.launch({ chromePath: browser.path, chromeFlags: CHROMIUM_FLAGS });
});

test.afterAll(() => chrome?.kill());

/** Whether this worker's browser has been through an audit (a retry's new worker starts a new one). */
let warm = false;

/**
 * One audit thrown away per browser (in a beforeAll hook of each describe block, which does nothing
 * when the browser has audited already): a fresh browser's first page pays its own start-up (a full
 * run once measured 350 ms of blocking time on the first page audited, none when audited again).
 */
async function warmUp(base: string) {
  if (warm) return;
  test.setTimeout(120_000);
  await lighthouse(`${base}/`, { port: chrome!.port, onlyCategories: ['performance'], ...FLAGS });
  warm = true;
}

test.describe('FO-ACCESSIBLE: Lighthouse: accessibility, best practices, SEO and Agentic Browsing 100, performance ≥ 95', () => {
  // The sample site as playwright.config.ts's server serves it (the run's build).
  const site = { base: '' };
  test.beforeAll(async () => {
    site.base = String(test.info().project.use.baseURL);
    await warmUp(site.base);
  });
  for (const path of PAGES) test(path, () => audit(site.base, path));
});

test.describe('FO-I18N: Lighthouse on the bilingual fixture’s English pages: the same scores', () => {
  const site = serveSharedSite(BILINGUAL.content);
  test.beforeAll(() => warmUp(site.base));
  for (const path of BILINGUAL.pages) test(path, () => audit(site.base, path));
});

async function audit(base: string, path: string) {
  const result = await lighthouse(`${base}${path}`, { port: chrome!.port, onlyCategories: [...CATEGORIES], ...FLAGS });
  const lhr = result!.lhr;
  expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'))
    .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]!.score]));
  for (const category of CATEGORIES)
    expect(scores[category], `${category} on ${path}; audits below 1: ${failing.join(', ')}`).toBeGreaterThanOrEqual(MINIMUM[category]!);
}
