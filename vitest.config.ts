import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';
import { defineConfig } from 'vitest/config';
import { SAMPLE_SITE_CONTENT } from './tests/support/sites.ts';

// One folder per tier (FO-TEST-TIERS, CONTRIBUTING § Tests): what a file may do decides where it
// lives, and no list of files here has to be kept in step with the folders.
const tiers = defineConfig({
  test: {
    // Vitest's default leaves a core to its own process: one worker on a two-core machine. Two there
    // measured 232 s → 177 s for both tiers, the unit tier 50 s → 36 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    env: { FOLIO_CONTENT: SAMPLE_SITE_CONTENT, FOLIO_AGENT_LOG: 'off' },
    projects: [
      {
        extends: true,
        test: {
          // Plain functions, the Hono app through app.request and pages through Astro's Container
          // API, over fixture sites' data made in memory from their content (tests/support/site-data.ts):
          // nothing is built, no socket is opened and no process started (unit-guard.ts refuses both).
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Each worker loads the app, the MCP SDK and zod once for all its files instead of once per
          // file: measured here, half the tier's CPU time (78 s against 171 s). Each file still gets the
          // data afresh (setupFiles), and a file that swaps it (setSiteData) puts it back after.
          isolate: false,
          globalSetup: ['tests/support/unit-data.ts'],
          setupFiles: ['tests/support/property-runs.ts', 'tests/support/unit-guard.ts', 'tests/support/unit-data-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // A build, a socket or a process: what reads the built sample site, whole sites built in
          // copies, child processes, servers on loopback. The global setup builds the sample fixture
          // site when it is missing or stale, so any file runs by itself.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/build-setup.ts'],
          // Hooks copy and remove whole sites and repository copies: Vitest's 10 s default was
          // exceeded by an afterAll removing the deploy rehearsal's copies on a loaded machine (and
          // `npm run test:all` runs this tier beside the browser lane: scripts/test.ts).
          hookTimeout: 120_000,
          // A fifth of each property's cases outside CI, all of them in CI.
          setupFiles: ['tests/support/property-runs.ts'],
        },
      },
    ],
  },
});

// Astro's Vite plugins, so a test imports a page of src/pages/ as the build does and renders it with
// Astro's Container API (tests/support/render-page.ts: page tests with no build, FO-TEST-TIERS).
// Astro's settings as astro.config.ts sets them for pages, without loading that file: it reads
// content/ and adds Folio's build integration, which under Vite's dev command would write the data
// file and read drafts. Dev mode's source annotations stay off (devToolbar), as in a build.
// Measured on two cores: about 1 s of CPU more for the unit tier.
export default getViteConfig(tiers, {
  configFile: false,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  logLevel: 'warn',
});
