// End-to-end tests: real HTTP against `npm start` serving the real built output, and Debian's
// Chromium for pages. The server listens on loopback, on a free port picked once per run.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { freePort } from './scripts/free-port.ts';
import { SAMPLE_SITE_CONTENT } from './tests/support/sites.ts';
import { CHROMIUM_FLAGS, testBrowser } from './tests/support/browser.ts';

// Workers re-read this file; the first evaluation picks the port and the rest inherit it.
process.env.FOLIO_TEST_PORT ||= String(await freePort());
const port = Number(process.env.FOLIO_TEST_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
// The build is made for this URL; servers a test starts inherit it and serve that build as is.
process.env.FOLIO_SITE_URL ||= baseURL;
// The engine's tests build and serve the fixture site, never content/ (tests/support/sites.ts).
process.env.FOLIO_CONTENT = SAMPLE_SITE_CONTENT;

const browser = testBrowser();
/** The e2e-long project's specs (projects below). */
const LONG = ['kitchen-sink.spec.ts', 'serve-start.spec.ts', 'agent-checkers.spec.ts'];
/**
 * `npm run test:all` (scripts/test.ts) runs Lighthouse before the suite instead of after it: its
 * audits mostly wait on their pages, and there the other lane's tests use the CPU they leave, where
 * after the suite they ran last and alone (docs/decisions.md § Two lanes).
 */
const LIGHTHOUSE_FIRST = Boolean(process.env.FOLIO_LIGHTHOUSE_FIRST);

export default defineConfig({
  testDir: 'tests/e2e',
  // The fixture sites several specs only read, built and served once per run (serveSharedSite).
  globalSetup: './tests/e2e/shared-sites.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: true,
  // CI's two, as measured; elsewhere Playwright's default (half the cores) but never fewer than two:
  // the default is one worker on a two-core machine.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Lighthouse (tests/e2e/lighthouse.spec.ts) audits the builds the run already has, before or
  // after the rest of the suite (LIGHTHOUSE_FIRST), never beside it: its performance score is a
  // timing measurement, so no other spec may share the CPU with it, and it audits one page at a time
  // (in `npm run test:all` the other lane runs at the lowest CPU priority, so it takes only what the
  // audits leave idle: scripts/test.ts). A dependency runs whole only when its dependent is picked
  // alone: `npm run test:lighthouse` passes --no-deps; `npm test` names the smoke spec, which
  // filters every project, and no project then has a test of Lighthouse's to run.
  projects: [
    // The longest specs whose tests run one after another in one worker: the kitchen sink (one
    // server, two tabs), npm run dev, the agent checkers. In the e2e project they were queued behind
    // the parallel tests (their worker fixtures differ) and ran last, alone; a project of their own,
    // declared first, is queued first, so they run beside the rest (docs/decisions.md § Two lanes).
    { name: 'e2e-long', testMatch: LONG, dependencies: LIGHTHOUSE_FIRST ? ['lighthouse'] : [] },
    { name: 'e2e', testIgnore: ['lighthouse.spec.ts', ...LONG], dependencies: LIGHTHOUSE_FIRST ? ['lighthouse'] : [] },
    {
      name: 'lighthouse',
      testMatch: 'lighthouse.spec.ts',
      dependencies: LIGHTHOUSE_FIRST ? [] : ['e2e-long', 'e2e'],
      fullyParallel: false,
      workers: 1,
      timeout: 120_000,
      // Performance is a timing measurement: on two shared cores about one audit in ten lands under
      // 95 (blocking time from a busy CPU), and the same page passes when audited again. A page must
      // pass within three audits; the other categories do not depend on timing, so a retry cannot
      // hide them. Each test retries alone (no serial mode, which would audit its passed pages again).
      retries: 2,
    },
  ],
  use: {
    baseURL,
    launchOptions: {
      // tests/support/browser.ts; `npm test` stops first, with install instructions, when there is none.
      executablePath: 'path' in browser ? browser.path : undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `${baseURL}/`,
    // Every suite shares this server and one client address (127.0.0.1), so the per-client limits
    // are raised here; the tests that prove the limits start their own server with the defaults.
    // The CORS suites send foreign Origins on purpose, which the DNS rebinding guard would refuse
    // first (tests/integration/hardening-local-socket.test.ts proves it): those origins' hosts are listed.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_SITE_URL: baseURL,
      FOLIO_CONTENT: SAMPLE_SITE_CONTENT,
      FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60',
      FOLIO_ALLOWED_HOSTS: 'evil.example,agent.example.net',
      // The request log (FO-AGENT-LOG) would print a line per request of every suite; tests/integration/agent-log.test.ts reads it from an app of its own.
      FOLIO_AGENT_LOG: 'off',
      // FO-CIMD: tests/e2e/access-cimd.spec.ts serves a client metadata document on loopback over
      // plain http; this test-only switch lets the server fetch it (it stops the server in production).
      FOLIO_CIMD_ALLOW_HTTP_LOOPBACK: '1',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
