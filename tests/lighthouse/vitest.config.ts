import { defineConfig } from 'vitest/config';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

// `npm run test:lighthouse`: Lighthouse on the sample fixture site, about a minute, so beside
// `npm test` rather than in it; .ci/run runs it after `npm test`.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/lighthouse/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 200_000,
    env: { FOLIO_CONTENT: SAMPLE_SITE_CONTENT },
  },
});
