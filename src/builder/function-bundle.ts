// The function as one bundle (docs/decisions.md § The function is one bundle): esbuild, the
// bundler Astro itself depends on, writes src/server/function.ts and every module it imports into
// generated/function/, so a cold start compiles one file instead of ~200 modules resolved one by
// one (zod alone is 95, most of them its error messages in 45 languages, which the bundle leaves
// out). The MCP SDK, loaded on the first MCP request, stays a chunk of its own.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { FUNCTION_BUNDLE } from '../server/bundle-path.ts';
import { bundledModule } from '../server/crawler-list.ts';

/** The function's source entry, from the project root. */
export const FUNCTION_ENTRY = 'src/server/function.ts';

export async function bundleFunction(root = process.cwd()): Promise<{ files: number; bytes: number }> {
  const outdir = join(root, dirname(FUNCTION_BUNDLE));
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { index: FUNCTION_ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Whitespace and syntax only: names stay, so a stack trace in the logs still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    // CommonJS dependencies (negotiator, ipaddr.js) call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __folioRequire } from 'node:module'; const require = __folioRequire(import.meta.url);" },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [crawlerRowsAtBuild, zodEnglishOnly],
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  return { files: outputs.length, bytes: outputs.reduce((sum, [, o]) => sum + o.bytes, 0) };
}

/**
 * zod's `locales` namespace (its messages in 45 languages, ~290 KB of the bundle) reduced to English,
 * the language zod configures itself with and the only one Folio's errors use: `z` is imported as
 * one namespace object, so esbuild cannot drop the rest itself, and every cold start compiled them.
 */
export const zodEnglishOnly: Plugin = {
  name: 'folio-zod-english',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
  },
};

/**
 * FO-AGENT-LOG: src/server/crawler-list.ts as its rows, made now from the crawler-user-agents
 * package (still the one source), so the function neither carries the package's 532 KB nor reads
 * its 1,500 patterns on a cold start.
 */
export const crawlerRowsAtBuild: Plugin = {
  name: 'folio-crawler-rows',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]server[\\/]crawler-list\.ts$/ }, () => ({ contents: bundledModule(), loader: 'js' }));
  },
};
