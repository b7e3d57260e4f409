// Astro prerenders every page and file that does not depend on the request. The records are loaded
// (and validated) once, before the build, by the same loader everything else uses; the data file
// the function serves is written at the same moment, so pages and API can never disagree.
import { defineConfig } from 'astro/config';
import { folio } from './src/builder/integration.ts';
import { loadContent } from './src/records/load.ts';

const content = loadContent();

export default defineConfig({
  site: content.site.url,
  output: 'static',
  trailingSlash: 'never',
  // Two pages at a time: one renders while the other's file is written (bench/RESULTS.md).
  // Stylesheets always as files, never inlined as <style>: the CSP's style-src 'self' refuses an
  // inline one (src/builder/vercel-config.ts), which Astro makes of a small component style.
  build: { format: 'file', concurrency: 2, inlineStylesheets: 'never' },
  // The build's pages read this same load (the integration keeps it for them).
  integrations: [folio(content)],
  devToolbar: { enabled: false },
  // Vite's cache in the project's own .astro/, not node_modules/.vite: copies of the repository
  // that link one node_modules (the tests', deploy:dry's) would otherwise rename each other's
  // optimized dependencies mid-build (ENOTEMPTY).
  vite: { cacheDir: '.astro/vite' },
});
