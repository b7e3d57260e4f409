// `npm run build`: check the content first, so a mistake prints as the loader's one clean message
// (file, field, expectation) instead of inside Astro's config-loading error; then Astro's build, in
// this process, from the content just read (a second read and a second Node cost ~1 s at 10,000
// records); then the function's search page template and the page manifest the routing middleware
// reads (src/routing/page-manifest.ts), and the function bundled (src/builder/function-bundle.ts),
// made meanwhile.
// It says one line per phase, progress while images are encoded and cards drawn, and a summary
// (src/builder/build-progress.ts); `--verbose` or FOLIO_VERBOSE=1 keeps Astro's route-by-route log.
// FOLIO_DEBUG=1 shows the stack trace of a content error too. package.json runs this with a larger
// young generation: the pages allocate much short-lived garbage (fewer scavenges, ~1 s at 10,000 records).
import { appendFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { installBuildReporter } from '../src/builder/build-progress.ts';
import { bundleFunction } from '../src/builder/function-bundle.ts';
import { estimateTokens, startBuild } from '../src/builder/integration.ts';
import { ContentError, contentDir, loadLanguages, memoizeContentForBuild, untranslatedTwins } from '../src/records/load.ts';
import type { Catalog } from '../src/records/catalog.ts';
import type { Content } from '../src/records/schema.ts';
import { recordTwins } from '../src/discovery/twin.ts';
import { buildPageManifest, markdownLanguages, PAGE_MANIFEST_FILE } from '../src/routing/page-manifest.ts';
import { searchPageFile } from '../src/server/search-page.ts';
import { countOf } from '../src/records/words.ts';
import { terminalLines } from '../src/records/terminal-text.ts';
import { verbose as verboseLog, VERBOSE_FLAG } from './lib/verbose.ts';

const verbose = verboseLog();
// The flag changes the log, not the output: out of the arguments Astro sees.
process.argv = process.argv.filter((arg) => arg !== VERBOSE_FLAG);
const reporter = installBuildReporter({ write: (text) => process.stdout.write(text), interactive: Boolean(process.stdout.isTTY) });

// A build is a production build whatever the shell exports. Astro keeps a NODE_ENV it finds set
// (Vite derives import.meta.env.DEV from it), and its prerender reads import.meta.env's built-in
// names from process.env: a test runner's NODE_ENV=test and DEV=1 (Vitest sets both) built the
// pages' dev-only branches, and a site without a résumé got /resume as a 404 page.
process.env.NODE_ENV = 'production';
for (const name of ['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']) delete process.env[name];

let catalog: Catalog;
let content: Content;
try {
  // Every language (FO-CONTENT-ALL): a translation's mistakes stop the build here, named with the main language's, not midway through Astro's.
  catalog = loadLanguages()[0]!;
  content = catalog.content;
  // astro.config.ts reads the content again: the memo hands it this read. The search index starts
  // on another core now, while Astro loads (src/builder/integration.ts).
  memoizeContentForBuild(true, [contentDir(), catalog]);
  // A test run counts the site builds it makes (scripts/test.ts): one line for each that gets past the
  // content, wherever it runs (a content mistake stops in a moment and builds nothing).
  if (process.env.FOLIO_BUILD_LOG) appendFileSync(process.env.FOLIO_BUILD_LOG, `${process.cwd()} ${contentDir()}\n`);
  void startBuild(process.cwd(), content);
  const records = [
    countOf(content.projects.length, 'project', 'projects'),
    countOf(content.posts.length, 'post', 'posts'),
    countOf(content.pages.length, 'page', 'pages'),
    ...(content.resume ? ['a résumé'] : []),
  ];
  reporter.line(`Building ${relative(process.cwd(), contentDir()) || '.'}/ (${records.join(', ')})${verbose ? '' : `; ${VERBOSE_FLAG} shows Astro's log`}`);
} catch (error) {
  if (!(error instanceof ContentError) || process.env.FOLIO_DEBUG) throw error;
  console.error(
    `${terminalLines(error.message)}\n\nFix the file${error.problems.length > 1 ? 's' : ''} in ${contentDir()} and build again (README § Writing content).`,
  );
  process.exit(1);
}

// The function depends on no content: bundled while Astro builds (a failure is reported at the end).
const bundled = bundleFunction().then(
  (made) => made,
  (error: Error) => error,
);

// The last build's output is moved aside and deleted once Astro is done, instead of Astro emptying
// dist/ first: a file system that has just deleted 20,000 files writes the next 20,000 slower
// (bench/RESULTS.md). Astro keeps a dist/.git; such a dist/ stays for Astro to empty.
// One left by an interrupted build goes first.
for (const old of readdirSync('.').filter((name) => name.startsWith('.dist-old-'))) rmSync(old, { recursive: true, force: true });
const aside = existsSync('dist') && !existsSync('dist/.git') ? `.dist-old-${process.pid}` : undefined;
if (aside) renameSync('dist', aside);
try {
  // Imported only now: loading Astro takes a while, and the index worker is already at work.
  const { build } = await import('astro');
  // Astro's own log level: its warnings and errors always, its route-by-route log only when asked.
  await build({ root: process.cwd(), logLevel: verbose ? 'info' : 'warn' });
} catch (error) {
  // What Astro's CLI prints of a failed build: its message and hint (the stack with FOLIO_DEBUG=1).
  const { message, hint, stack } = error as { message?: string; hint?: string; stack?: string };
  // On a line of its own: Astro may stop in the middle of its progress line.
  console.error(`\n${terminalLines((process.env.FOLIO_DEBUG ? stack : [message, hint && `Hint: ${hint}`].filter(Boolean).join('\n')) ?? '')}`);
  process.exitCode = 1;
} finally {
  if (aside) rmSync(aside, { recursive: true, force: true });
}
if (process.exitCode) process.exit();

// The search page of each language is the function's template, not a page of its own (src/server/search-page.ts).
mkdirSync(dirname(PAGE_MANIFEST_FILE), { recursive: true });
for (const { lang, base } of content.site.languages) renameSync(`dist${base}/search-page.html`, searchPageFile(base ? lang : undefined));

// The records' twins are known already (made once per build): not read back.
const manifest = buildPageManifest('dist', estimateTokens, await recordTwins(catalog));
if (content.site.languages.length > 1) {
  // FO-I18N: each twin's text language, for its Content-Language; a record not translated is in the main one.
  manifest.languages = markdownLanguages(Object.keys(manifest.markdown), content.site.languages, untranslatedTwins(loadLanguages().slice(1)));
}
writeFileSync(PAGE_MANIFEST_FILE, `${JSON.stringify(manifest, null, 1)}\n`);
const pages = Object.keys(manifest.pages).length;
const twins = Object.values(manifest.pages).filter(Boolean).length;
const markdown = Object.keys(manifest.markdown).length;
reporter.line(`twins: ${countOf(markdown, 'Markdown file', 'Markdown files')}; ${twins} of ${countOf(pages, 'page has', 'pages have')} a twin`);
const fn = await bundled;
if (fn instanceof Error) {
  console.error(`The function could not be bundled: ${terminalLines(fn.message)}`);
  process.exit(1);
}
reporter.line(`function: ${fn.files} files, ${(fn.bytes / 2 ** 10).toFixed(0)} KB`);
const images = reporter.counts.get('images');
const cards = reporter.counts.get('cards');
const made = [
  countOf(pages, 'page', 'pages'),
  countOf(markdown, 'Markdown file', 'Markdown files'),
  ...(images ? [`${countOf(images.total, 'image file', 'image files')} (${images.fresh} encoded now)`] : []),
  ...(cards ? [`${countOf(cards.total, 'social card', 'social cards')} (${cards.fresh} drawn now)`] : []),
];
reporter.line(`Built in ${(performance.now() / 1000).toFixed(1)} s: ${made.join(', ')}, in dist/.`);
// Astro's build may leave a worker or a watcher behind: the build is done.
process.exit(0);
