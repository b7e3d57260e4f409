import { defineConfig } from 'vitest/config';
import { SAMPLE_SITE_CONTENT } from './tests/support/sites.ts';

// Unit and integration tests: plain functions and the Hono app through app.request (no server).
// They read the data file the build writes, so `npm test` builds first.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 30_000,
    env: { FOLIO_CONTENT: SAMPLE_SITE_CONTENT },
  },
});
