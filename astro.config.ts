// Astro prerenders every page and file that does not depend on the request. The records are loaded
// (and validated) once, before the build, by the same loader everything else uses; the data file
// the function serves is written at the same moment, so pages and API can never disagree.
import { defineConfig } from 'astro/config';
import { folio } from './src/build/integration.ts';
import { loadContent } from './src/records/load.ts';

const { site } = loadContent();

export default defineConfig({
  site: site.url,
  output: 'static',
  trailingSlash: 'never',
  // Two pages at a time: one renders while the other's file is written (bench/RESULTS.md).
  build: { format: 'file', concurrency: 2 },
  integrations: [folio()],
  devToolbar: { enabled: false },
});
