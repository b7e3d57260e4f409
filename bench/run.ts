// `npm run bench`: Folio's build and function beside their references, measured in one run on one
// machine and reported as ratios against the targets (bench/RESULTS.md says what each row means).
//
// Per size, a seeded corpus (bench/corpus.ts) in a throwaway copy of the project (bench/site.ts),
// then in rounds (Folio and the reference alternate, so drift of a shared machine hits both; the
// median of the rounds is reported):
//   build      `npm run build` from nothing: no dist/, generated/ or .astro/, an empty FOLIO_CACHE_DIR,
//              social cards off (the reference draws none)  vs  the idiomatic Astro project for the
//              same Markdown (content collections, render()), its cache emptied: a full build
//   rebuild    `npm run build` again after one sentence is added to one project, with whatever the
//              build before left behind  vs  the same idiomatic full build
//   memory     peak resident set of each build (GNU time's %M: the largest process of the build)
// then the function's cold start: a fresh process imports the function as `vercel build` compiles
// it and answers one search  vs  a fresh process that loads the same index with MiniSearch and
// answers as a Web handler, Request in, JSON Response out (probes/cold-start.ts); and its RSS then.
//
// Options: --sizes 100,1000 (or BENCH_SIZES; 10,000 takes ~20 min here: --sizes 100,1000,10000)
//          --rounds 3 (1 at 10,000)  --cold-samples 9  --keep (leave the temp projects)  --no-write
// Writes bench/results.json and the table between the bench markers of bench/RESULTS.md.
// A benchmark measures: a missed target is reported, never an exit code.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus } from './corpus.ts';
import { REPO_ROOT, astroBuild, type BuildResult, copyProject, idiomaticAstroProject, projectBuild, removeDir, tempDir, vercelFunction } from './site.ts';

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: process.env.BENCH_SIZES ?? '100,1000' },
    rounds: { type: 'string', default: '3' },
    'cold-samples': { type: 'string', default: '9' },
    keep: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const SIZES = opts.sizes.split(',').map(Number);
const COLD_SAMPLES = Number(opts['cold-samples']);
const PROBE = join(REPO_ROOT, 'bench/probes/cold-start.ts');
/** High enough that no benchmark request is refused (FOLIO_RATE_LIMITS, src/server/middleware/rate-limit.ts). */
const RATE_LIMITS = 'knowledge=999999/1,portfolio=999999/1';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const log = (...args: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** Runs a node script to completion; resolves with its stdout's last JSON line. */
function nodeJson(args: string[], cwd: string, env: Record<string, string> = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`exited ${code}`);
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
      } catch (error) {
        reject(new Error(`node ${args.join(' ')}: ${(error as Error).message}\n${out.slice(-500)}${err}`));
      }
    });
  });
}

function ok(what: string, result: BuildResult): BuildResult {
  if (!result.ok) throw new Error(`${what} failed:\n${result.tail}`);
  return result;
}

async function measure(records: number) {
  const site = copyProject(tempDir(`bench-${records}`));
  const corpus = generateCorpus(site, { records });
  const idiomatic = idiomaticAstroProject(tempDir(`idiomatic-${records}`), site);
  const cacheDir = join(site, '.bench-cache');
  const env = { FOLIO_SITE_URL: 'http://127.0.0.1:4321', FOLIO_CACHE_DIR: cacheDir, FOLIO_SOCIAL_CARDS: '0', FOLIO_CONTENT: '' };
  const rounds = records >= 10_000 ? 1 : Number(opts.rounds);
  log(`${records} records (${corpus.projects.length} projects, ${corpus.pages.length} pages), ${rounds} round(s); load average ${load()}`);

  const samples: Record<'build' | 'rebuild' | 'idiomatic', BuildResult[]> = { build: [], rebuild: [], idiomatic: [] };
  for (let round = 0; round < rounds; round++) {
    for (const name of ['dist', 'generated', '.astro', '.bench-cache']) removeDir(join(site, name));
    samples.build.push(ok(`Folio build of ${records} records`, await projectBuild(site, env)));
    for (const name of ['dist', '.astro', '.astro-cache']) removeDir(join(idiomatic, name));
    samples.idiomatic.push(ok(`idiomatic Astro build of ${records} records`, await astroBuild(idiomatic)));
    appendFileSync(join(site, 'content/projects', `${corpus.projects[round]}.md`), '\nOne more sentence, added for the rebuild.\n');
    samples.rebuild.push(ok(`Folio rebuild of ${records} records`, await projectBuild(site, env)));
    const s = (r: BuildResult) => `${(r.ms / 1000).toFixed(1)} s`;
    log(`round ${round + 1}: build ${s(samples.build[round]!)}, idiomatic ${s(samples.idiomatic[round]!)}, rebuild ${s(samples.rebuild[round]!)}`);
  }
  const summary = (rs: BuildResult[]) => ({
    ms: median(rs.map((r) => r.ms)),
    cpuMs: rs.every((r) => r.cpuMs) ? median(rs.map((r) => r.cpuMs!)) : undefined,
    peakRss: rs.every((r) => r.peakRss) ? Math.max(...rs.map((r) => r.peakRss!)) : undefined,
    samplesMs: rs.map((r) => Math.round(r.ms)),
  });

  // The cold start, Folio and the reference alternating. The reference reads the serialized index
  // alone (bench-index.json) with the same fields.
  const data = JSON.parse(readFileSync(join(site, 'generated/folio-data.json'), 'utf8'));
  writeFileSync(join(site, 'bench-index.json'), JSON.stringify(data.index));
  const fields = Object.keys(data.index.fieldIds).join(',');
  const deployed = vercelFunction(site);
  const query = corpus.queries[0]!;
  const cold: Record<'folio' | 'web', Sample[]> = { folio: [], web: [] };
  for (let i = 0; i < COLD_SAMPLES; i++) {
    cold.folio.push(await nodeJson([PROBE, 'folio', deployed.dir, query, deployed.entry], deployed.dir, { FOLIO_RATE_LIMITS: RATE_LIMITS }));
    cold.web.push(await nodeJson([PROBE, 'web', site, query, fields], site));
  }
  const coldOf = (xs: Sample[]) => ({ ms: median(xs.map((x) => x.ms)), cpuMs: median(xs.map((x) => x.cpuMs)), peakRss: median(xs.map((x) => x.rss)) });
  const idiomaticBuild = summary(samples.idiomatic);
  const result: Result = {
    records,
    rounds,
    build: { folio: summary(samples.build), ref: idiomaticBuild },
    rebuild: { folio: summary(samples.rebuild), ref: idiomaticBuild },
    coldStart: { folio: coldOf(cold.folio), ref: coldOf(cold.web) },
  };
  log(`cold start: Folio ${result.coldStart.folio.ms.toFixed(0)} ms, Web handler ${result.coldStart.ref.ms.toFixed(0)} ms`);
  if (!opts.keep) for (const dir of [site, idiomatic, deployed.dir.replace(/\/\.vercel\/.*$/, '')]) removeDir(dir);
  return result;
}

/** One cold-start sample (probes/cold-start.ts). */
type Sample = { ms: number; rss: number; cpuMs: number };
/** A measure of one side: its median wall time and CPU time, and its peak RSS (a build's highest, a cold start's median). */
type Side = { ms: number; cpuMs?: number; peakRss?: number };
type Result = { records: number; rounds: number } & Record<'build' | 'rebuild' | 'coldStart', { folio: Side; ref: Side }>;

/** The table's rows: a measure, the field compared, and the target (a ceiling on Folio ÷ reference) at a size, if any. */
const ROWS: [string, 'build' | 'rebuild' | 'coldStart', 'ms' | 'peakRss', (records: number) => number | undefined][] = [
  ['Build from nothing ÷ idiomatic Astro', 'build', 'ms', (n) => (n >= 1000 ? 1.5 : 2)],
  ['Rebuild after one edit ÷ idiomatic full build', 'rebuild', 'ms', (n) => (n >= 1000 ? 1.5 : undefined)],
  ['Function cold start ÷ Web handler', 'coldStart', 'ms', (n) => (n === 100 ? 3 : undefined)],
  ['Build peak RSS ÷ idiomatic Astro', 'build', 'peakRss', () => undefined],
  ['Function RSS after its first answer ÷ Web handler', 'coldStart', 'peakRss', () => undefined],
];

const shown = (x: number | undefined, unit: 's' | 'ms' | 'MB') =>
  x === undefined ? '–' : unit === 's' ? `${(x / 1000).toFixed(1)} s` : unit === 'ms' ? `${x.toFixed(0)} ms` : `${(x / 2 ** 20).toFixed(0)} MB`;

function table(results: Result[]): string {
  const lines = ['| Records | Measure | Folio | Reference | Ratio | Target | Meets | CPU-time ratio |', '|---:|---|---:|---:|---:|---:|:---:|---:|'];
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? a / b : undefined);
  for (const r of results) {
    for (const [row, measure, field, target] of ROWS) {
      const { folio, ref } = r[measure];
      const unit = field === 'peakRss' ? 'MB' : measure === 'coldStart' ? 'ms' : 's';
      const [value, limit] = [ratio(folio[field], ref[field]), target(r.records)];
      const meets = limit === undefined || value === undefined ? '–' : value <= limit ? 'yes' : '**no**';
      const cpu = field === 'ms' ? ratio(folio.cpuMs, ref.cpuMs) : undefined;
      lines.push(
        `| ${r.records.toLocaleString('en')} | ${row} | ${shown(folio[field], unit)} | ${shown(ref[field], unit)} | ${value?.toFixed(2) ?? '–'}× | ${limit ? `≤ ${limit}×` : '–'} | ${meets} | ${cpu ? `${cpu.toFixed(2)}×` : '–'} |`,
      );
    }
  }
  return lines.join('\n');
}

const started = new Date();
const loadBefore = load();
const results: Result[] = [];
for (const size of SIZES) results.push(await measure(size));
const run = {
  date: `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
  loadAverage: { before: loadBefore, after: load() },
  minutes: Number(((Date.now() - started.getTime()) / 60000).toFixed(1)),
  results,
};
const block = [
  `Run ${run.date}, ${run.minutes} min, on ${run.machine}; load average (1, 5, 15 min) ${run.loadAverage.before} before and ${run.loadAverage.after} after.`,
  `Median of ${results.map((r) => `${r.rounds} round${r.rounds > 1 ? 's' : ''} at ${r.records.toLocaleString('en')}`).join(', ')}; cold starts: median of ${COLD_SAMPLES}.`,
  '',
  table(results),
].join('\n');
console.log(`\n${block}\n`);
if (!opts['no-write']) {
  writeFileSync(join(REPO_ROOT, 'bench/results.json'), `${JSON.stringify(run, null, 2)}\n`);
  const file = join(REPO_ROOT, 'bench/RESULTS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const markers = /(<!-- bench:start -->\n)[\s\S]*?(\n<!-- bench:end -->)/;
  if (markers.test(text))
    writeFileSync(
      file,
      text.replace(markers, (_, open, close) => `${open}${block}${close}`),
    );
  else log('bench/RESULTS.md has no <!-- bench:start --> / <!-- bench:end --> markers: the table is printed above only');
  log('wrote bench/results.json');
}
