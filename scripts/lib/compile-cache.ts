// `npm run build` loads it first (`node --import`), before the build's own modules are compiled:
// Node's on-disk compile cache (V8 code, and the TypeScript with its types stripped), as Astro's own
// CLI turns it on (astro/bin/astro.mjs), not in CI, where it is written for nothing. Loading Astro,
// Vite and Folio's modules again from source cost ~2 s of CPU per build at 1,000 records.
// NODE_COMPILE_CACHE carries it to the index's thread (src/builder/integration.ts), which
// compiles its own copy of the modules it imports; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import module from 'node:module';

if (!process.env.CI) {
  const { directory } = module.enableCompileCache?.() ?? {};
  if (directory) process.env.NODE_COMPILE_CACHE ??= directory;
}
