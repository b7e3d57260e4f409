import { defineConfig } from 'vitest/config';

// Builds at the size of a large owner's site, a minute or more each: `npm run test:all` runs the
// owner-scale guard (owner-scale.test.ts, 1,000 records through `npm run check`); `npm run test:scale`
// the 10,000-record build (build-10k.test.ts), run when build code changes.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/scale/**/*.test.ts'],
    testTimeout: 60 * 60_000,
    // Removing the 10,000-record copy (pages, twins, a card each) took over Vitest's 10 s default on a loaded machine.
    hookTimeout: 5 * 60_000,
  },
});
