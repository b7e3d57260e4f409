import { defineConfig } from 'vitest/config';

// `npm run test:scale`: builds at the size of a large owner's site, minutes each, so outside
// `npm test`; .ci/run runs them after it.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/scale/**/*.test.ts'],
    testTimeout: 60 * 60_000,
    // Removing the 10,000-record copy (pages, twins, a card each) took over Vitest's 10 s default on a loaded machine.
    hookTimeout: 5 * 60_000,
  },
});
