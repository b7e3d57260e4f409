import { defineConfig } from 'vitest/config';
import { SAMPLE_SITE_CONTENT } from './tests/support/sites.ts';

/**
 * Test files that build or deploy whole sites in copies of the repository (minutes, not seconds):
 * `npm test` runs them, `npm run test:unit` leaves them out.
 */
const WHOLE_SITE_BUILDS = [
  'tests/unit/build-incremental.test.ts',
  'tests/unit/build-output.test.ts',
  'tests/unit/serve-deploy-artifact.test.ts',
  'tests/unit/content-model-sites.test.ts',
];

// Unit and integration tests: plain functions and the Hono app through app.request (no server).
// They read the data file the build writes: the global setup builds the sample fixture site when
// it is missing or stale, so any file runs by itself.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    env: { FOLIO_CONTENT: SAMPLE_SITE_CONTENT, FOLIO_AGENT_LOG: 'off' },
    globalSetup: ['tests/support/unit-setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: WHOLE_SITE_BUILDS } },
      { extends: true, test: { name: 'builds', include: WHOLE_SITE_BUILDS } },
    ],
  },
});
