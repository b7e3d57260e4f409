// Folio's own page cache (src/build/page-cache.ts) against Astro's experimental.incrementalBuild
// (Astro 7.2), on the same corpus and the same edits: a project's body, Folio's stylesheet, and a
// file only the function runs. The Astro variant is this repository with the page cache swapped
// for Astro's: every getStaticPaths page is returned with its page digest as the cacheKey, and the
// routes of one page (the projects index's first page, llms.txt, llms-full.txt, the feed) render
// on every build, as Astro renders every route without getStaticPaths. Everything else (the
// rendered bodies, images and twins kept in Folio's build cache) is the same in both.
//
// A measurement for docs/decisions.md, run by hand, one build at a time on a quiet machine:
//   node bench/astro-incremental.ts [records=10000]
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCorpus } from './corpus.ts';
import { freePort } from '../scripts/free-port.ts';
import { astroBuild, type BuildResult, copyProject, idiomaticAstroProject, projectBuild, removeDir, tempDir } from './site.ts';

const records = Number(process.argv[2] ?? 10_000);

/** Replaces `from` with `to` in a file of the copy, and fails loudly if the code changed shape. */
function patch(dir: string, file: string, from: string | RegExp, to: string) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  // A function, so `$` in the code is never read as a replacement pattern.
  const after = before.replace(from, () => to);
  if (after === before) throw new Error(`${file}: ${String(from)} not found; the Astro variant needs updating`);
  writeFileSync(path, after);
}

function astroIncremental(dir: string) {
  // Astro keeps its incremental cache in cacheDir, node_modules/.astro by default: the copy's
  // node_modules is a link to the repository's, so the cache goes in the copy's own folder.
  patch(
    dir,
    'astro.config.ts',
    'devToolbar: { enabled: false },',
    "devToolbar: { enabled: false },\n  cacheDir: './.astro/cache',\n  experimental: { incrementalBuild: true },",
  );
  patch(
    dir,
    'src/build/page-cache.ts',
    /const \{ kept, rendered \} = plan\(\);[\s\S]*?return render;/,
    'return pages.map(({ params, path, inputs }) => ({ params, cacheKey: pageDigest(facts, path, inputs) }));',
  );
  const kept = 'export function keptResponse(path: string, inputs: unknown, route: string): Response | undefined {\n';
  patch(dir, 'src/build/page-cache.ts', kept, `${kept}  return undefined;\n`);
  return dir;
}

interface Run {
  full: number;
  body: number;
  stylesheet: number;
  functionOnly?: number;
}

/** One build, timed and logged; a failed build stops the measurement with its output. */
async function timed(what: string, build: () => Promise<BuildResult>): Promise<number> {
  const b = await build();
  if (!b.ok) throw new Error(`${what} failed:\n${b.tail}`);
  console.log(`  ${what}: ${(b.ms / 1000).toFixed(1)} s${b.restored ? `, ${b.restored} pages restored by Astro` : ''}`);
  return b.ms;
}

async function measure(dir: string, port: number, edited: string): Promise<Run> {
  const env = { FOLIO_SITE_URL: `http://127.0.0.1:${port}`, FOLIO_CACHE_DIR: tempDir('astro-incremental-cache'), FOLIO_SOCIAL_CARDS: '0', FOLIO_CONTENT: '' };
  const build = (what: string) => timed(what, () => projectBuild(dir, env));
  const full = await build('from nothing');
  appendFileSync(join(dir, 'content/projects', `${edited}.md`), '\nOne more sentence, added for the rebuild.\n');
  const body = await build('one body edited');
  appendFileSync(join(dir, 'src/styles/global.css'), '\n.bench-edit { color: inherit; }\n');
  const stylesheet = await build('stylesheet edited');
  appendFileSync(join(dir, 'src/server/portfolio/projects.ts'), '\n// An edit only the function sees.\n');
  const functionOnly = await build('function-only file edited');
  removeDir(env.FOLIO_CACHE_DIR);
  return { full, body, stylesheet, functionOnly };
}

/** The framework at its simplest (bench/site.ts idiomaticAstroProject) with its incremental build on: the same body and a stylesheet edited. */
async function measureIdiomatic(dir: string, edited: string): Promise<Run> {
  const build = (what: string) => timed(what, () => astroBuild(dir));
  const full = await build('from nothing');
  appendFileSync(join(dir, 'content/projects', `${edited}.md`), '\nAnd one more, for the idiomatic rebuild.\n');
  const body = await build('one body edited');
  appendFileSync(join(dir, 'src/styles/site.css'), '\n.bench-edit { color: inherit; }\n');
  const stylesheet = await build('stylesheet edited');
  return { full, body, stylesheet };
}

const folio = copyProject(tempDir('folio-page-cache'));
const astro = astroIncremental(copyProject(tempDir('astro-incremental')));
// One seed, so both copies hold the same corpus and the same project is edited in each.
const edited = [folio, astro].map((dir) => generateCorpus(dir, { records }).projects[0]!)[0]!;
const port = await freePort();

const results: Record<string, Run> = {};
for (const [name, dir] of [
  ['Folio page cache', folio],
  ['Astro incrementalBuild', astro],
] as const) {
  console.log(`${name}, ${records} records`);
  results[name] = await measure(dir, port, edited);
}
console.log(`idiomatic Astro, incrementalBuild on, ${records} records`);
const idiomatic = idiomaticAstroProject(tempDir('idiomatic-incremental'), folio, undefined, { incremental: true });
results['idiomatic Astro, incrementalBuild on'] = await measureIdiomatic(idiomatic, edited);
const pct = (ms: number, full: number) => `${(ms / 1000).toFixed(1)} s (${Math.round((100 * ms) / full)}%)`;
console.log(`\n| ${records} records | from nothing | one body edited | stylesheet edited | function-only edit |\n|---|---|---|---|---|`);
for (const [name, r] of Object.entries(results)) {
  const functionOnly = r.functionOnly === undefined ? 'no function' : pct(r.functionOnly, r.full);
  console.log(`| ${name} | ${(r.full / 1000).toFixed(1)} s | ${pct(r.body, r.full)} | ${pct(r.stylesheet, r.full)} | ${functionOnly} |`);
}
if (!process.env.FOLIO_BENCH_KEEP) for (const dir of [folio, astro, idiomatic]) removeDir(dir);
else console.log(`kept: ${folio} ${astro} ${idiomatic}`);
