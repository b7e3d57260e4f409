import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SAMPLE_SITE_CONTENT } from './tests/support/sites.ts';

/**
 * The integration tier: test files that read what a build of the sample fixture site wrote (dist/,
 * generated/), build or deploy whole sites in copies of the repository, or open sockets and run
 * servers or the build in child processes. `npm test` runs them; `npm run test:integration` alone.
 */
const INTEGRATION = [
  // Whole sites built or deployed in copies of the repository (minutes).
  'tests/unit/build-incremental.test.ts',
  'tests/unit/build-output.test.ts',
  'tests/unit/serve-deploy-artifact.test.ts',
  'tests/unit/content-model-sites.test.ts',
  // The sample site as built: its pages, files and data file.
  'tests/unit/built-sample-site.test.ts',
  'tests/unit/records-drafts-build.test.ts',
  'tests/unit/serve-asset-csp.test.ts',
  'tests/unit/site-html-validate.test.ts',
  'tests/unit/openapi-lint.test.ts',
  // The tool and operation lists as the built pages and files state them (the generators' part runs here too).
  'tests/unit/docs-lists.test.ts',
  // The search page's template (generated/search-page.html) is an Astro page the build renders.
  'tests/unit/hardening-hostile-input.test.ts',
  'tests/unit/hardening-build-scale.test.ts',
  // The build's entry points run in child processes.
  'tests/unit/records-build-entry.test.ts',
  // Real sockets: servers listening on loopback ports.
  'tests/unit/hardening-hostile-socket.test.ts',
  'tests/unit/hardening-local-socket.test.ts',
  'tests/unit/serve-client-address.test.ts',
  // The request log's /search line needs the built search page (generated/search-page.html).
  'tests/unit/agent-log.test.ts',
];

export default defineConfig({
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
          // Plain functions and the Hono app through app.request (no server), over the sample fixture
          // site's data made in memory from its content (tests/support/site-data.ts): nothing is built.
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Each worker loads the app, the MCP SDK and zod once for all its files instead of once per
          // file: measured here, half the tier's CPU time (78 s against 171 s). Each file still gets the
          // data afresh (setupFiles), and a file that swaps it (setSiteData) puts it back after.
          isolate: false,
          exclude: INTEGRATION,
          globalSetup: ['tests/support/unit-data.ts'],
          setupFiles: ['tests/support/unit-data-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The global setup builds the sample fixture site when it is missing or stale, so any file runs by itself.
          name: 'integration',
          include: INTEGRATION,
          globalSetup: ['tests/support/build-setup.ts'],
        },
      },
    ],
  },
});
