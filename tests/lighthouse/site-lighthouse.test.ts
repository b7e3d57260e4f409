// FO-ACCESSIBLE: Lighthouse (the npm package, driving the test browser) on the home page,
// /projects, a project page, a tag page, a search results page, a post (FO-POSTS), a post with a
// gallery and the résumé (FO-RESUME) of the sample fixture site, served by `npm start` from a
// throwaway copy of the repository: accessibility, best practices, SEO and Agentic Browsing 100,
// performance at least 95. Failing audits are named in the assertion. The same for the bilingual
// fixture's English home and an untranslated record's English page (FO-I18N: hreflang, lang).
// Lighthouse is no dependency: its pinned version is fetched on the first run
// (scripts/lib/pinned-tool.ts), with chrome-launcher, the launcher that version was released with.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { importFromTool, pinnedTool } from '../../scripts/lib/pinned-tool.ts';
import { cleanEnv, repoCopy, startServer, type Server } from '../e2e/serve-support.ts';
import { CHROMIUM_FLAGS, testBrowser } from '../support/browser.ts';

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

const BILINGUAL = { content: 'tests/fixtures/bilingual-site/content', pages: ['/en', '/en/projects/banc-essai'] };

/** What this file reads of Lighthouse's result (its own types come with the package, fetched at run time). */
interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
    categories: Record<string, { score: number | null } | undefined>;
  };
}
type Lighthouse = (url: string, flags: { port: number; onlyCategories: string[]; output: 'json'; logLevel: 'error' }) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

const tool = pinnedTool('lighthouse', 'to audit the sample site (npm run test:lighthouse)');
const lighthouse = (await importFromTool<{ default: Lighthouse }>(tool, 'lighthouse')).default;
const chromeLauncher = await importFromTool<ChromeLauncher>(tool, 'chrome-launcher');

let chrome: Awaited<ReturnType<ChromeLauncher['launch']>> | undefined;

beforeAll(async () => {
  const browser = testBrowser();
  if ('error' in browser) throw new Error(browser.error);
  chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    chromeFlags: CHROMIUM_FLAGS,
  });
});

afterAll(() => chrome?.kill());

/** A site served by `npm start` from a throwaway copy for the enclosing describe block; `content` a fixture's (default the sample). */
function servedSite(content?: string) {
  const site = { base: '' };
  let copy = '';
  let server: Server | undefined;
  beforeAll(async () => {
    copy = repoCopy('folio-lighthouse-');
    const port = await freePort();
    site.base = `http://127.0.0.1:${port}`;
    server = await startServer(
      copy,
      'scripts/start.ts',
      cleanEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60',
        ...(content && { FOLIO_CONTENT: content }),
      }),
      `${site.base}/ready-check`,
      180_000,
    );
    // One audit thrown away: a fresh browser's first page pays its own start-up (a full run once
    // measured 350 ms of blocking time on the first page audited, none when audited again).
    await lighthouse(`${site.base}/`, { port: chrome!.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  });
  afterAll(async () => {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  });
  return site;
}

describe('FO-ACCESSIBLE: Lighthouse: accessibility, best practices, SEO and Agentic Browsing 100, performance ≥ 95', () => {
  const site = servedSite();
  for (const path of PAGES) test(path, () => audit(site.base, path));
});

describe('FO-I18N: Lighthouse on the bilingual fixture’s English pages: the same scores', () => {
  const site = servedSite(BILINGUAL.content);
  for (const path of BILINGUAL.pages) test(path, () => audit(site.base, path));
});

async function audit(base: string, path: string) {
  {
    const result = await lighthouse(`${base}${path}`, { port: chrome!.port, onlyCategories: [...CATEGORIES], output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'))
      .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]!.score]));
    for (const category of CATEGORIES)
      expect(scores[category], `${category} on ${path}; audits below 1: ${failing.join(', ')}`).toBeGreaterThanOrEqual(MINIMUM[category]);
  }
}
