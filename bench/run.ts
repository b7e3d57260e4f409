// `npm run bench`: Folio beside a bare reference, measured in the same run, reported as ratios.
//
// For each size (100, 1,000 and 10,000 records by default) a seeded corpus is generated into a
// throwaway copy of the project and built with `astro build`; then:
//   build      time from nothing (social cards off), a rebuild after one edited file, output size and
//              the average project page  vs  the idiomatic Astro project for the same Markdown
//              (content collections, render()) and a bare Astro project of as many pages; at 1,000
//              records also the cost of covers and social cards (a build with them vs without)
//   index      data file size and cold start (fresh process: import the deployed function + first search
//              answer)  vs  the bare serialized index and a fresh process doing MiniSearch.loadJSON + one search
//   latency    median and p99 in process: search, ask, projects, compare, an MCP tool call through
//              createApp().request, and the pure searchRecords  vs  a bare MiniSearch search of the same query
//   http       throughput and latency over loopback (autocannon) of `node scripts/start.ts` for a
//              static page, a twin, /api/v1/search and /ask  vs  a bare node:http server answering the same bytes
//   memory     RSS, heapUsed and peak RSS of the in-process probe once loaded and answering (after a GC),
//              and of the server after its load runs
// Results: bench/results.json (raw) and bench/RESULTS.md (tables, targets, what we changed).
//
// Options: --sizes 100,1000,10000  --duration <s per autocannon run>  --connections <n>
//          --profile (CPU profiles of the latency probe, a cold start and the server, summarized)
//          --keep (leave the temp projects)  --no-write (print only)
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { addCovers, generateCorpus } from './corpus.ts';
import {
  REPO_ROOT,
  astroBuild,
  bareAstroProject,
  copyProject,
  dirSize,
  idiomaticAstroProject,
  projectBuild,
  removeDir,
  stampBuild,
  tempDir,
  vercelFunction,
} from './site.ts';
import { summarizeProfiles } from './profile-summary.ts';
import { textsPathOf } from '../src/search/data-file.ts';
import { BROWSER_ACCEPTS } from '../scripts/lib/vercel-output.ts';

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000,10000' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    'cold-samples': { type: 'string', default: '9' },
    profile: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const SIZES = opts.sizes.split(',').map(Number);
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const COLD_SAMPLES = Number(opts['cold-samples']);
const PROBES = join(REPO_ROOT, 'bench/probes');
/** Old-space cap (MB) of the memory-limited probe run at the largest size. */
const CAPPED_OLD_SPACE_MB = 384;
/** Paths per HTTP target. */
const ROTATION = 20;
/** High enough that no benchmark request is refused (FOLIO_RATE_LIMITS, src/server/middleware/rate-limit.ts). */
const RATE_LIMITS = 'knowledge=999999/1,portfolio=999999/1';
const profileRoot = opts.profile ? tempDir('profiles') : undefined;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const log = (...args: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** Runs a node script to completion; resolves with its stdout's last JSON line. */
function nodeJson(args: string[], cwd: string, env: Record<string, string> = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`node ${args.join(' ')} printed no JSON: ${out.slice(-500)} ${err}`));
      }
    });
  });
}

const profFlags = (name: string) => (profileRoot ? ['--cpu-prof', `--cpu-prof-dir=${join(profileRoot, name)}`] : []);

// ── HTTP helpers ────────────────────────────────────────────────────────────────────────────────

interface Captured {
  status: number;
  headers: [string, string][];
  body: string;
}

function capture(port: number, path: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(port: number, child: ChildProcess, what: string) {
  // Up to 15 minutes: a server that has to build first (see stampBuild) takes that long at 10,000 records.
  for (let i = 0; i < 9000; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before listening`);
    try {
      await capture(port, '/');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} did not listen on ${port}`);
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function withoutSiteUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FOLIO_SITE_URL: _, ...rest } = env;
  return rest;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // SIGINT lets --cpu-prof write its profile
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** VmRSS (now) or VmHWM (peak) of a process, in bytes. */
const procMemory = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, paths: string[], duration = DURATION, headers: Record<string, string> = {}): Promise<Load> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, requests: paths.map((path) => ({ method: 'GET', path, headers })) });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs per server and target, alternated (Folio, bare, Folio, bare) so that drift of a shared machine hits both alike. */
const ROUNDS = 2;
/** Seconds of load before measuring, discarded: the JIT compiles the hot path, caches fill. */
const WARM_UP = 1;

/** Folio and the bare server, warmed up, then measured in alternating rounds; figures over all rounds. */
async function compareLoad(folioUrl: string, bareUrl: string, paths: string[]): Promise<{ folio: Load; bare: Load }> {
  await load(folioUrl, paths, WARM_UP);
  await load(bareUrl, paths, WARM_UP);
  const rounds: { folio: Load[]; bare: Load[] } = { folio: [], bare: [] };
  for (let i = 0; i < ROUNDS; i++) {
    rounds.folio.push(await load(folioUrl, paths));
    rounds.bare.push(await load(bareUrl, paths));
  }
  return { folio: combine(rounds.folio), bare: combine(rounds.bare) };
}

/** Rounds of equal length: mean rate and p50, worst p99, totals. */
function combine(runs: Load[]): Load {
  const mean = (pick: (l: Load) => number) => runs.reduce((sum, l) => sum + pick(l), 0) / runs.length;
  const total = (pick: (l: Load) => number) => runs.reduce((sum, l) => sum + pick(l), 0);
  return {
    rps: mean((l) => l.rps),
    p50: mean((l) => l.p50),
    p99: Math.max(...runs.map((l) => l.p99)),
    mean: mean((l) => l.mean),
    requests: total((l) => l.requests),
    non2xx: total((l) => l.non2xx),
    errors: total((l) => l.errors),
  };
}

// ── Routing: what runs per page view ────────────────────────────────────────────────────────────

/** Chromium's navigation Accept: what a person's page view sends. */
const [BROWSER_ACCEPT] = BROWSER_ACCEPTS;
/** An Accept that passes the Markdown gate and still gets the HTML page: the same bytes, through the middleware. */
const GATED_HTML_ACCEPT = 'text/html, text/markdown;q=0.5';

/**
 * Invocations per 1,000 requests of a mix, counted from the local server's `x-folio-compute`
 * (scripts/local-server/vercel-router.ts, which routes as Vercel's config does): a person's page
 * views, and an agent's reads (a page with Accept: text/markdown, a twin by name, the agent view,
 * llms.txt, in turn).
 */
async function invocationsPer1000(port: number, pages: string[]) {
  const mixes: Record<string, (i: number) => [string, Record<string, string>]> = {
    browser: (i) => [pages[i % pages.length]!, { accept: BROWSER_ACCEPT }],
    agent: (i) => {
      const page = pages[i % pages.length]!;
      return (
        [
          [page, { accept: 'text/markdown' }],
          [`${page === '/' ? '/index' : page}.md`, {}],
          ['/?mode=agent', {}],
          ['/llms.txt', {}],
        ] as [string, Record<string, string>][]
      )[i % 4]!;
    },
  };
  const out: Record<string, { middleware: number; function: number; requests: number }> = {};
  for (const [name, request] of Object.entries(mixes)) {
    const counts = { middleware: 0, function: 0, requests: 1000 };
    for (let i = 0; i < 1000; i++) {
      const [path, headers] = request(i);
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      const ran = res.headers.get('x-folio-compute') ?? 'none';
      if (ran.includes('middleware')) counts.middleware++;
      if (ran.includes('function')) counts.function++;
    }
    out[name] = counts;
  }
  return out;
}

/** A page's time to first byte through the local server straight to the file, and through the middleware path (same bytes). */
async function middlewarePath(port: number, pages: string[]) {
  const url = `http://127.0.0.1:${port}`;
  await load(url, pages, WARM_UP, { accept: BROWSER_ACCEPT });
  await load(url, pages, WARM_UP, { accept: GATED_HTML_ACCEPT });
  const rounds: { direct: Load[]; middleware: Load[] } = { direct: [], middleware: [] };
  for (let i = 0; i < ROUNDS; i++) {
    rounds.direct.push(await load(url, pages, DURATION, { accept: BROWSER_ACCEPT }));
    rounds.middleware.push(await load(url, pages, DURATION, { accept: GATED_HTML_ACCEPT }));
  }
  return { direct: combine(rounds.direct), middleware: combine(rounds.middleware) };
}

// ── One size ────────────────────────────────────────────────────────────────────────────────────

async function measure(records: number) {
  const result: Record<string, any> = { records };
  const site = copyProject(tempDir(`bench-${records}`));
  const bare = bareAstroProject(tempDir(`bare-${records}`), records);
  const corpus = generateCorpus(site, { records });
  result.corpus = { projects: corpus.projects.length, pages: corpus.pages.length, contentBytes: dirSize(join(site, 'content')).bytes };
  log(`${records} records: ${corpus.projects.length} projects, ${corpus.pages.length} pages in ${site}`);

  // Build: Folio from nothing (an empty build cache; social cards off, as the references make none),
  // then again after one edited file (the cache of the first build kept), then the idiomatic and
  // the bare Astro projects. One build at a time: the machine has few cores.
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const buildEnv = { FOLIO_SITE_URL: siteUrl, FOLIO_CACHE_DIR: tempDir(`cache-${records}`), FOLIO_SOCIAL_CARDS: '0', FOLIO_CONTENT: '' };
  const folioBuild = await projectBuild(site, buildEnv, {
    cpuProfDir: profileRoot && records === SIZES.at(-1) ? join(profileRoot, `build-${records}`) : undefined,
  });
  if (!folioBuild.ok) throw new Error(`Folio build of ${records} records failed:\n${folioBuild.tail}`);
  appendFileSync(join(site, 'content/projects', `${corpus.projects[0]}.md`), '\nOne more sentence, added for the rebuild.\n');
  const rebuild = await projectBuild(site, buildEnv, {
    cpuProfDir: profileRoot && records === SIZES.at(-1) ? join(profileRoot, `rebuild-${records}`) : undefined,
  });
  if (!rebuild.ok) throw new Error(`Folio rebuild of ${records} records failed:\n${rebuild.tail}`);
  // Code edits, each on the cache of the build before: the stylesheet (pages link /folio.css by
  // name: no page, Markdown, image or card again), then a file only the function runs (no page of
  // a record is rendered again).
  appendFileSync(join(site, 'src/styles/global.css'), '\n.bench-edit { color: inherit; }\n');
  const styleRebuild = await projectBuild(site, buildEnv);
  if (!styleRebuild.ok) throw new Error(`Folio rebuild after a stylesheet edit of ${records} records failed:\n${styleRebuild.tail}`);
  appendFileSync(join(site, 'src/server/portfolio/projects.ts'), '\n// An edit only the function sees.\n');
  const functionRebuild = await projectBuild(site, buildEnv);
  if (!functionRebuild.ok) throw new Error(`Folio rebuild after a function edit of ${records} records failed:\n${functionRebuild.tail}`);
  const stamped = await stampBuild(site, siteUrl);
  const idiomatic = idiomaticAstroProject(tempDir(`idiomatic-${records}`), site);
  const idiomaticBuild = await astroBuild(idiomatic);
  if (!idiomaticBuild.ok) throw new Error(`idiomatic Astro build of ${records} records failed:\n${idiomaticBuild.tail}`);
  const bareBuild = await astroBuild(bare);
  if (!bareBuild.ok) throw new Error(`bare Astro build of ${records} pages failed:\n${bareBuild.tail}`);
  const folioDist = dirSize(join(site, 'dist'));
  const bareDist = dirSize(join(bare, 'dist'));
  const idiomaticDist = dirSize(join(idiomatic, 'dist'));
  const htmlPages = readdirSync(join(site, 'dist'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  const pageBytes = (dist: string) =>
    corpus.projects.reduce((sum, slug) => sum + statSync(join(dist, 'projects', `${slug}.html`)).size, 0) / corpus.projects.length;
  result.build = {
    folio: { ms: folioBuild.ms, ...folioDist, htmlPages, projectPageBytes: pageBytes(join(site, 'dist')) },
    rebuild: { ms: rebuild.ms },
    styleRebuild: { ms: styleRebuild.ms },
    functionRebuild: { ms: functionRebuild.ms },
    idiomatic: { ms: idiomaticBuild.ms, ...idiomaticDist, projectPageBytes: pageBytes(join(idiomatic, 'dist')) },
    bare: { ms: bareBuild.ms, ...bareDist },
  };
  log(
    `build: Folio ${(folioBuild.ms / 1000).toFixed(1)} s (rebuild ${(rebuild.ms / 1000).toFixed(1)} s, stylesheet edit ${(styleRebuild.ms / 1000).toFixed(1)} s, function edit ${(functionRebuild.ms / 1000).toFixed(1)} s), idiomatic ${(idiomaticBuild.ms / 1000).toFixed(1)} s, bare ${(bareBuild.ms / 1000).toFixed(1)} s`,
  );
  if (!opts.keep) removeDir(idiomatic);

  // The human site's images and social cards, at 1,000 records: the same corpus with a cover on one
  // project in ten, built from nothing with cards on, against the build above (neither).
  if (records === 1000) {
    const human = copyProject(tempDir(`human-${records}`));
    generateCorpus(human, { records });
    const covers = await addCovers(human, corpus.projects);
    const humanBuild = await projectBuild(human, { ...buildEnv, FOLIO_CACHE_DIR: tempDir(`cache-human-${records}`), FOLIO_SOCIAL_CARDS: '1' });
    if (!humanBuild.ok) throw new Error(`Folio build with covers and cards failed:\n${humanBuild.tail}`);
    const count = (dir: string) =>
      existsSync(join(human, 'dist', dir))
        ? readdirSync(join(human, 'dist', dir), { recursive: true }).filter((f) => /\.(png|webp|avif)$/.test(String(f))).length
        : 0;
    result.human = { ms: humanBuild.ms, covers, images: count('_images'), cards: count('og') };
    log(`human site: ${(humanBuild.ms / 1000).toFixed(1)} s with ${covers} covers and ${result.human.cards} social cards`);
    if (!opts.keep) removeDir(human);
  }

  // Index: the data file the function loads, and the bare serialized index alone.
  const dataFile = join(site, 'generated/folio-data.json');
  const data = JSON.parse(readFileSync(dataFile, 'utf8'));
  const indexJson = JSON.stringify(data.index);
  writeFileSync(join(site, 'bench-index.json'), indexJson);
  const fields = Object.keys(data.index.fieldIds).join(',');
  result.index = { dataFileBytes: statSync(dataFile).size + statSync(textsPathOf(dataFile)).size, indexBytes: Buffer.byteLength(indexJson) };

  // Cold start: the function as a deploy ships it (compiled by `vercel build`), the same function
  // from source as `npm run dev` imports it (Node strips the types of every module on import), and
  // the bare load, and the bare load answered as a Web handler (the floor of any fetch-style
  // function: probes/cold-start.ts), alternating so drift hits all alike.
  const deployed = vercelFunction(site);
  const query = corpus.queries[0]!;
  const cold: Record<'folio' | 'source' | 'bare' | 'web', any[]> = { folio: [], source: [], bare: [], web: [] };
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const profile = i === 0 ? profFlags(`cold-${records}`) : [];
    cold.folio.push(
      await nodeJson([...profile, join(PROBES, 'cold-start.ts'), 'folio', deployed.dir, query, deployed.entry], deployed.dir, {
        FOLIO_RATE_LIMITS: RATE_LIMITS,
      }),
    );
    cold.source.push(await nodeJson([join(PROBES, 'cold-start.ts'), 'folio', site, query, 'src/server/function.ts'], site, { FOLIO_RATE_LIMITS: RATE_LIMITS }));
    cold.bare.push(await nodeJson([join(PROBES, 'cold-start.ts'), 'bare', site, query, fields], site));
    cold.web.push(await nodeJson([join(PROBES, 'cold-start.ts'), 'web', site, query, fields], site));
  }
  const coldOf = (samples: any[]) => ({
    ms: median(samples.map((s) => s.ms)),
    sinceProcessStart: median(samples.map((s) => s.sinceProcessStart)),
    hits: samples[0].hits,
  });
  result.coldStart = { folio: coldOf(cold.folio), source: coldOf(cold.source), bare: coldOf(cold.bare), web: coldOf(cold.web) };
  log(
    `cold start: Folio ${result.coldStart.folio.ms.toFixed(0)} ms (from source ${result.coldStart.source.ms.toFixed(0)} ms), bare ${result.coldStart.bare.ms.toFixed(0)} ms, as a Web handler ${result.coldStart.web.ms.toFixed(0)} ms`,
  );

  // In-process latency and memory.
  const input = join(site, 'bench-input.json');
  writeFileSync(input, JSON.stringify({ queries: corpus.queries, projects: corpus.projects }));
  const budget = records >= 10_000 ? 10 : records >= 1000 ? 5 : 3;
  // The search cache off: every answer is searched and ranked, which is what the latency target is about.
  result.inProcess = await nodeJson(['--expose-gc', ...profFlags(`latency-${records}`), join(PROBES, 'latency.ts'), site, input, String(budget)], site, {
    FOLIO_RATE_LIMITS: RATE_LIMITS,
    FOLIO_SEARCH_CACHE: '0',
  });
  if (records === SIZES.at(-1)) {
    // The same workload with the old space capped, as on a memory-limited instance: V8 sizes its
    // heap from the machine's memory, so on a large machine RSS after an allocation-heavy workload
    // says more about GC heuristics than about what an instance needs.
    result.inProcessCapped = await nodeJson(
      ['--expose-gc', `--max-old-space-size=${CAPPED_OLD_SPACE_MB}`, join(PROBES, 'latency.ts'), site, input, '2'],
      site,
      {
        FOLIO_RATE_LIMITS: RATE_LIMITS,
        FOLIO_SEARCH_CACHE: '0',
      },
    );
  }
  const l = result.inProcess.latency;
  log(`latency p50: bare ${l.bare.p50.toFixed(3)} ms, search ${l.search.p50.toFixed(3)} ms, rank ${l.rank.p50.toFixed(3)} ms`);

  // HTTP over loopback: the real server first (its answers are what the bare server replays).
  const server = spawn(process.execPath, [...profFlags(`server-${records}`), 'scripts/start.ts'], {
    cwd: site,
    // No FOLIO_SITE_URL: serve the build as it is (it was built for this address) instead of rebuilding.
    env: { ...withoutSiteUrl(process.env), PORT: String(port), HOST: '127.0.0.1', FOLIO_RATE_LIMITS: RATE_LIMITS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let bareServer: ChildProcess | undefined;
  let uncached: ChildProcess | undefined;
  try {
    if (!stamped && existsSync(join(site, 'scripts/lib/build.ts'))) log('npm start may rebuild: the build could not be stamped');
    await waitFor(port, server, 'npm start');
    // Each target rotates over ROTATION paths (autocannon cycles through them), so search and ask
    // answer different queries rather than one hot one; the bare server replays the same set.
    const slugs = corpus.projects.slice(0, ROTATION);
    const hasPages = existsSync(join(site, 'dist', `projects/${slugs[0]}.html`));
    // Until the site pages exist, the home page and /auth.md stand in (the table names the paths).
    const targets: Record<string, string[]> = {
      'static page': hasPages ? slugs.map((s) => `/projects/${s}`) : ['/'],
      twin: hasPages ? slugs.map((s) => `/projects/${s}.md`) : ['/auth.md'],
      search: corpus.queries.slice(0, ROTATION).map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`),
      ask: corpus.queries.slice(0, ROTATION).map((q) => `/ask?query=${encodeURIComponent(q)}`),
    };
    const captured: Record<string, Captured> = {};
    for (const path of Object.values(targets).flat()) {
      captured[path] = await capture(port, path);
      if (captured[path].status !== 200) throw new Error(`GET ${path} answered ${captured[path].status} on the real server`);
    }
    const capturedFile = join(site, 'bench-captured.json');
    writeFileSync(capturedFile, JSON.stringify(captured));
    const barePort: number = await new Promise<number>((resolve, reject) => {
      bareServer = spawn(process.execPath, [join(PROBES, 'bare-server.ts'), capturedFile], { stdio: ['ignore', 'pipe', 'inherit'] });
      bareServer.stdout!.once('data', (d) => resolve(JSON.parse(String(d)).port));
      bareServer.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
    });
    const rssBefore = procMemory(server.pid!);
    result.http = {};
    for (const [name, paths] of Object.entries(targets)) {
      const { folio, bare: ref } = await compareLoad(`http://127.0.0.1:${port}`, `http://127.0.0.1:${barePort}`, paths);
      const bytes = paths.reduce((sum, p) => sum + Buffer.from(captured[p]!.body, 'base64').length, 0) / paths.length;
      const shown = paths.length > 1 ? `${paths[0]!.replace(/[^/=]+$/, '')}… (${paths.length} paths)` : paths[0]!;
      result.http[name] = { path: shown, bytes, folio, bare: ref };
      log(`http ${name}: Folio ${folio.rps.toFixed(0)} req/s, bare ${ref.rps.toFixed(0)} req/s`);
    }
    const pages = ['/', '/projects', ...targets['static page']!];
    result.routing = { invocations: await invocationsPer1000(port, pages), ttfb: await middlewarePath(port, targets['static page']!) };
    log(
      `routing: browser mix ${result.routing.invocations.browser.middleware + result.routing.invocations.browser.function} invocations per 1,000, agent mix ${result.routing.invocations.agent.middleware + result.routing.invocations.agent.function}`,
    );
    result.serverMemory = { rssBeforeLoad: rssBefore, rssAfterLoad: procMemory(server.pid!), peakRss: procMemory(server.pid!, 'VmHWM') };

    // The same search paths with the answer cache off (FOLIO_SEARCH_CACHE=0), so every request
    // searches and ranks: what a query nobody asked before costs. Shown beside the targets, not one.
    await stop(server);
    uncached = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: site,
      env: { ...withoutSiteUrl(process.env), PORT: String(port), HOST: '127.0.0.1', FOLIO_RATE_LIMITS: RATE_LIMITS, FOLIO_SEARCH_CACHE: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(port, uncached, 'npm start (FOLIO_SEARCH_CACHE=0)');
    const { folio, bare: ref } = await compareLoad(`http://127.0.0.1:${port}`, `http://127.0.0.1:${barePort}`, targets.search!);
    result.httpUncached = { search: { ...result.http.search, folio, bare: ref } };
    log(`http search, cache off: Folio ${folio.rps.toFixed(0)} req/s, bare ${ref.rps.toFixed(0)} req/s`);
  } finally {
    if (bareServer) await stop(bareServer);
    await stop(server);
    if (uncached) await stop(uncached);
  }

  if (!opts.keep) {
    removeDir(site);
    removeDir(bare);
    removeDir(deployed.dir.replace(/\/\.vercel\/.*$/, ''));
  }
  return result;
}

// ── Report ──────────────────────────────────────────────────────────────────────────────────────

const TARGETS = {
  build: 'full build (social cards off) within 1.5× of the idiomatic Astro build of the same Markdown',
  rebuild: 'a rebuild after one edited file within 30% of a build from nothing',
  styleRebuild: 'a rebuild after a stylesheet edit within 60% of a build from nothing (no page, Markdown, image or card again: pages link /folio.css by name)',
  functionRebuild: 'a rebuild after an edit to code only the function runs within 30% of a build from nothing (no page of a record again)',
  pageSize: 'average project page within 1.5× of its size at the smallest corpus',
  search: 'in-process search (REST, through createApp().request) within 2× of the bare MiniSearch search, median',
  coldStart: 'cold start of the deployed function within 1.3× of the bare MiniSearch.loadJSON + search',
  coldStartSmall: 'at 100 records, cold start of the deployed function within 3× of the bare load answered as a Web handler (Request in, Response out)',
  throughput: 'HTTP throughput at least half of the bare server (every target)',
  memory: 'memory under 512 MB RSS at 10,000 records, loaded and answering (in-process probe, after a GC)',
  pageViews: 'a person’s page views run no middleware and no function (invocations per 1,000, browser mix)',
};

/** A rebuild's cell: its time and its share of the build from nothing (a run from before these rebuilds were measured: a dash). */
const rebuildCell = (rebuild: { ms: number } | undefined, from: number) =>
  rebuild ? `${(rebuild.ms / 1000).toFixed(1)} s (${((100 * rebuild.ms) / from).toFixed(0)}%)` : '–';

/** A rebuild's time as a share of a build from nothing, against a ceiling. */
const share = (ms: number, from: number, ceiling: number) => ({ value: ms / from, pass: ms / from <= ceiling, shown: `${((100 * ms) / from).toFixed(0)}%` });

function verdicts(largest: any, smallest: any) {
  const l = largest.inProcess.latency;
  const b = largest.build;
  const pageRatio = b.folio.projectPageBytes / smallest.build.folio.projectPageBytes;
  const http = Object.values(largest.http ?? {}) as any[];
  const rss = largest.inProcess.memory.loaded.rss;
  return {
    build: { value: b.folio.ms / b.idiomatic.ms, pass: b.folio.ms / b.idiomatic.ms <= 1.5, shown: `${(b.folio.ms / b.idiomatic.ms).toFixed(2)}×` },
    rebuild: { value: b.rebuild.ms / b.folio.ms, pass: b.rebuild.ms / b.folio.ms <= 0.3, shown: `${((100 * b.rebuild.ms) / b.folio.ms).toFixed(0)}%` },
    styleRebuild: share(b.styleRebuild.ms, b.folio.ms, 0.6),
    functionRebuild: share(b.functionRebuild.ms, b.folio.ms, 0.3),
    pageSize: {
      value: pageRatio,
      pass: pageRatio <= 1.5,
      shown: `${pageRatio.toFixed(2)}× (${n(b.folio.projectPageBytes)} B against ${n(smallest.build.folio.projectPageBytes)} B at ${n(smallest.records)})`,
    },
    search: { value: l.search.p50 / l.bare.p50, pass: l.search.p50 / l.bare.p50 <= 2, shown: `${(l.search.p50 / l.bare.p50).toFixed(2)}×` },
    coldStart: {
      value: largest.coldStart.folio.ms / largest.coldStart.bare.ms,
      pass: largest.coldStart.folio.ms / largest.coldStart.bare.ms <= 1.3,
      shown: `${(largest.coldStart.folio.ms / largest.coldStart.bare.ms).toFixed(2)}×`,
    },
    coldStartSmall: (() => {
      const c = smallest.records === 100 ? smallest.coldStart : undefined;
      const value = c?.web ? c.folio.ms / c.web.ms : NaN;
      return { value, pass: value <= 3, shown: c?.web ? `${value.toFixed(2)}× (${ms(c.folio.ms)} ms against ${ms(c.web.ms)} ms)` : 'not measured' };
    })(),
    throughput: {
      value: Math.min(...http.map((h) => h.folio.rps / h.bare.rps)),
      pass: http.length > 0 && http.every((h) => h.folio.rps / h.bare.rps >= 0.5),
      shown: `worst ${Math.min(...http.map((h) => h.folio.rps / h.bare.rps)).toFixed(2)}×`,
    },
    pageViews: (() => {
      const i = largest.routing?.invocations.browser;
      const count = i ? i.middleware + i.function : NaN;
      return { value: count, pass: count === 0, shown: i ? `${count} per 1,000` : 'not measured' };
    })(),
    memory: {
      value: rss,
      pass: largest.records >= 10_000 ? rss < 512 * 2 ** 20 : false,
      shown: `${mb(rss)} MB${largest.records >= 10_000 ? '' : ` (at ${largest.records} records, not measured at 10,000)`}`,
    },
  };
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const n = (x: number) => Math.round(x).toLocaleString('en');

function markdown(run: any, changes: string): string {
  const rows = (header: string[], body: string[][]) =>
    [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const sizes = run.results as any[];
  const largest = sizes.at(-1);
  const v = verdicts(largest, sizes[0]);
  const out: string[] = [];
  out.push('# Benchmarks', '');
  out.push(
    `Run ${run.date} on ${run.machine.cpus} × ${run.machine.cpuModel}, ${run.machine.memoryGiB} GiB RAM, Node ${run.machine.node} (${run.machine.platform}).`,
    `Command: \`npm run bench\` (${run.options}). Whole run: ${(run.totalMs / 60000).toFixed(1)} min.`,
    '',
    'Every figure stands beside its reference measured in the same run, and the ratio (Folio ÷ reference) is what to compare',
    'between runs: absolute numbers move with the machine and whatever else runs on it. The corpus is generated from a fixed',
    'seed (bench/corpus.ts): the same files on every machine.',
    '',
  );
  if (run.note) out.push(`> ${run.note}`, '');
  out.push(`## Targets (at ${n(largest.records)} records)`, '');
  out.push(
    rows(
      ['Target', 'Measured', 'Result'],
      Object.entries(TARGETS).map(([k, text]) => [text, (v as any)[k].shown, (v as any)[k].pass ? 'pass' : '**FAIL**']),
    ),
    '',
  );

  out.push(
    '## Build',
    '',
    "Folio: `npm run build` of the generated content from nothing (an empty build cache, FOLIO_CACHE_DIR; social cards off, FOLIO_SOCIAL_CARDS=0, since the references make none): every page, twin, tag page, llms.txt and llms-full.txt, the feed, the data file. Rebuild: the same again after one sentence is added to one project, with the first build's cache; then after a rule is added to the stylesheet, then after a comment is added to a file only the function runs (src/server/portfolio/projects.ts), each with the cache of the build before. Idiomatic: what an Astro user would write for the same Markdown (bench/site.ts: content collections with the glob loader and a zod schema, one `[slug].astro` per collection rendering the entry with `render()` in a minimal layout, default Markdown options, Shiki on). Bare: one `[slug].astro` of as many trivial pages.",
    '',
  );
  out.push(
    rows(
      [
        'Records',
        'Folio build',
        'Rebuild (one edit)',
        'Stylesheet edit',
        'Function edit',
        'Idiomatic Astro',
        'Ratio',
        'Bare Astro',
        'Folio output',
        'Files (HTML)',
        'Avg project page',
        'Idiomatic page',
      ],
      sizes.map((r) => [
        n(r.records),
        `${(r.build.folio.ms / 1000).toFixed(1)} s`,
        `${(r.build.rebuild.ms / 1000).toFixed(1)} s (${((100 * r.build.rebuild.ms) / r.build.folio.ms).toFixed(0)}%)`,
        rebuildCell(r.build.styleRebuild, r.build.folio.ms),
        rebuildCell(r.build.functionRebuild, r.build.folio.ms),
        `${(r.build.idiomatic.ms / 1000).toFixed(1)} s`,
        ratio(r.build.folio.ms, r.build.idiomatic.ms),
        `${(r.build.bare.ms / 1000).toFixed(1)} s`,
        `${mb(r.build.folio.bytes)} MB`,
        `${n(r.build.folio.files)} (${n(r.build.folio.htmlPages)})`,
        `${n(r.build.folio.projectPageBytes)} B`,
        `${n(r.build.idiomatic.projectPageBytes)} B`,
      ]),
    ),
    '',
  );
  const human = sizes.find((r) => r.human);
  if (human) {
    out.push(
      `**Images and social cards** (${n(human.records)} records, a cover on ${n(human.human.covers)} projects, a card for every page): ${(human.human.ms / 1000).toFixed(1)} s from nothing, against ${(human.build.folio.ms / 1000).toFixed(1)} s without either: ${ratio(human.human.ms, human.build.folio.ms)}, for ${n(human.human.images)} image files and ${n(human.human.cards)} cards. Both are kept in the build cache by digest: a rebuild draws and encodes only what changed.`,
      '',
    );
  }

  out.push(
    '## Index and cold start',
    '',
    `Folio: a fresh process imports the function as \`vercel build\` compiles it for a deploy (its \`.func\` directory, the process running there as on Vercel) and answers one \`/api/v1/search\` through its \`fetch\` (the data file loads on that first request). "From source" is the same with the function's source, \`src/server/function.ts\`, unbundled, as \`npm run dev\` imports it: Node strips the types of every module first. Reference: a fresh process imports MiniSearch, reads the same serialized index alone and runs \`MiniSearch.loadJSON\` and one search. Web handler: the same, taking the query from a \`Request\` and reading its answer back from a JSON \`Response\`, as every fetch-style function on Node does (Vercel's runtime hands the function a \`Request\`): the first \`Request\` loads Node's fetch implementation, 15–20 ms here, which the bare reference never pays. Times from the script's first line (Node's own boot, the same for all, left out; since process start in brackets); median of ${COLD_SAMPLES} alternating samples. Data files: the JSON the cold start parses and the texts file beside it (bodies and twins, read one at a time).`,
    '',
  );
  out.push(
    rows(
      ['Records', 'Data files', 'Index alone', 'Ratio', 'Folio cold start', 'Bare load + search', 'Ratio', 'As a Web handler', 'Ratio', 'From source', 'Ratio'],
      sizes.map((r) => [
        n(r.records),
        `${mb(r.index.dataFileBytes)} MB`,
        `${mb(r.index.indexBytes)} MB`,
        ratio(r.index.dataFileBytes, r.index.indexBytes),
        `${ms(r.coldStart.folio.ms)} ms (${ms(r.coldStart.folio.sinceProcessStart)})`,
        `${ms(r.coldStart.bare.ms)} ms (${ms(r.coldStart.bare.sinceProcessStart)})`,
        ratio(r.coldStart.folio.ms, r.coldStart.bare.ms),
        r.coldStart.web ? `${ms(r.coldStart.web.ms)} ms` : '–',
        r.coldStart.web ? ratio(r.coldStart.folio.ms, r.coldStart.web.ms) : '–',
        `${ms(r.coldStart.source.ms)} ms`,
        ratio(r.coldStart.source.ms, r.coldStart.bare.ms),
      ]),
    ),
    '',
  );

  out.push(
    '## In-process latency',
    '',
    `Milliseconds, median / p99, over ${sizes[0].inProcess.latency.bare.n.toLocaleString('en')}+ interleaved samples per operation. Reference: \`index.search(q, SEARCH_OPTIONS)\` on the same loaded MiniSearch index (same query, same prefix/fuzzy/boost options). The search cache is off (FOLIO_SEARCH_CACHE=0): every answer is searched and ranked. \`rank\` is the pure \`searchRecords\`; the others go through \`createApp().request\` (routing, validation, rate limit, headers, JSON) and read the body. MCP: a stateless 2025-11-25 \`tools/call\` of \`${sizes[0].inProcess.mcpTool || '(no MCP route yet)'}\`.`,
    '',
  );
  const opNames = ['bare', 'rank', 'search', 'ask', 'projects', 'compare', 'mcp'];
  out.push(
    rows(
      ['Records', ...opNames, 'search ÷ bare'],
      sizes.map((r) => {
        const l = r.inProcess.latency;
        return [n(r.records), ...opNames.map((o) => (l[o] ? `${ms(l[o].p50)} / ${ms(l[o].p99)}` : '–')), ratio(l.search.p50, l.bare.p50)];
      }),
    ),
    '',
  );

  out.push(
    '## HTTP over loopback',
    '',
    `autocannon, ${CONNECTIONS} connections, client in the same machine; per target ${WARM_UP} s of warm-up against each server (discarded), then ${ROUNDS} rounds of ${DURATION} s alternating Folio and the reference; rates are the mean of the rounds, p50 the mean, p99 the worst. Folio: \`node scripts/start.ts\` (rate limits raised with FOLIO_RATE_LIMITS). Reference: plain node:http answering, per path, the exact status, headers and body Folio answered. req/s and latency p50 / p99 (ms, autocannon resolves whole milliseconds). Search and ask rotate over 20 queries, so after the first round they are answered from the search cache (src/search/rank.ts), as a repeated query is in production; the cache-off row shows what a new query costs.`,
    '',
  );
  const httpRows: string[][] = [];
  for (const r of sizes) {
    const measured = [
      ...Object.entries(r.http ?? {}),
      ...Object.entries(r.httpUncached ?? {}).map(([name, h]) => [`${name}, cache off (not a target)`, h]),
    ] as [string, any][];
    for (const [name, h] of measured) {
      httpRows.push([
        n(r.records),
        `${name} \`${h.path}\` (${n(h.bytes)} B avg)`,
        `${n(h.folio.rps)} (${ms(h.folio.p50)} / ${h.folio.p99})`,
        `${n(h.bare.rps)} (${ms(h.bare.p50)} / ${h.bare.p99})`,
        ratio(h.folio.rps, h.bare.rps),
        `${h.folio.non2xx + h.folio.errors}`,
      ]);
    }
  }
  out.push(rows(['Records', 'Target', 'Folio req/s (p50 / p99)', 'Bare req/s (p50 / p99)', 'Ratio', 'Folio errors + non-2xx'], httpRows), '');

  out.push(
    '## Routing: what runs per page view',
    '',
    `Invocations per 1,000 requests through \`node scripts/start.ts\`, counted from its \`x-folio-compute\` header (the local server runs vercel.json's routes, the Markdown gate among them, and the middleware's matcher; the deploy artifact test proves the same routing on \`vercel build\`'s config.json). Browser mix: page views with Chromium's Accept. Agent mix: in turn a page with \`Accept: text/markdown\`, its twin by name, \`/?mode=agent\` and llms.txt. Then a page's latency through the server straight to the static file (a browser's Accept) against the same page through the middleware path (\`Accept: ${GATED_HTML_ACCEPT}\`: the gate sends it to the middleware, which serves the HTML): autocannon as above, p50 / p99 in ms.`,
    '',
    rows(
      [
        'Records',
        'Browser mix: middleware + function',
        'Agent mix: middleware + function',
        'Page, straight to the file: req/s (p50 / p99)',
        'Page, through the middleware: req/s (p50 / p99)',
        'Ratio',
      ],
      sizes
        .filter((r) => r.routing)
        .map((r) => {
          const { invocations: i, ttfb: t } = r.routing;
          return [
            n(r.records),
            `${i.browser.middleware} + ${i.browser.function}`,
            `${i.agent.middleware} + ${i.agent.function}`,
            `${n(t.direct.rps)} (${ms(t.direct.p50)} / ${t.direct.p99})`,
            `${n(t.middleware.rps)} (${ms(t.middleware.p50)} / ${t.middleware.p99})`,
            ratio(t.middleware.rps, t.direct.rps),
          ];
        }),
    ),
    '',
  );
  out.push(
    '## Memory',
    '',
    'The in-process probe once loaded and answering (one answer of each kind, then a GC), its peak RSS (VmHWM: loading the data file is the high-water mark), and after the whole latency workload (after a GC); the server process (VmRSS) before and after its HTTP load runs, and its peak. V8 returns freed heap to the system only after a while, so RSS lags heapUsed.',
    '',
  );
  const capped = largest.inProcessCapped;
  if (capped) {
    const c = capped.memory;
    out.push(
      `With \`--max-old-space-size=${CAPPED_OLD_SPACE_MB}\` at ${n(largest.records)} records (a memory-limited instance), the same workload: loaded ${mb(c.loaded.rss)} MB RSS, after the workload ${mb(c.afterWorkload.rss)} MB RSS / ${mb(c.afterWorkload.heapUsed)} MB heapUsed, peak ${mb(c.afterWorkload.peakRss)} MB; search p50 ${ms(capped.latency.search.p50)} ms (uncapped ${ms(largest.inProcess.latency.search.p50)} ms).`,
      '',
    );
  }
  out.push(
    rows(
      ['Records', 'Loaded: RSS / heapUsed', 'Peak RSS', 'After workload: RSS / heapUsed', 'Server RSS before / after load', 'Server peak RSS'],
      sizes.map((r) => {
        const m = r.inProcess.memory;
        const s = r.serverMemory;
        return [
          n(r.records),
          `${mb(m.loaded.rss)} / ${mb(m.loaded.heapUsed)} MB`,
          `${mb(m.loaded.peakRss)} MB`,
          `${mb(m.afterWorkload.rss)} / ${mb(m.afterWorkload.heapUsed)} MB`,
          s ? `${mb(s.rssBeforeLoad)} / ${mb(s.rssAfterLoad)} MB` : '–',
          s ? `${mb(s.peakRss)} MB` : '–',
        ];
      }),
    ),
    '',
  );
  if (run.profiles) out.push('## CPU profile summary (self time, top functions)', '', '```', run.profiles, '```', '');
  out.push('## What we changed', '', '<!-- changes:start -->', changes.trim(), '<!-- changes:end -->', '');
  return out.join('\n');
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

const started = performance.now();
const results = [];
for (const size of SIZES) results.push(await measure(size));
const run: Record<string, any> = {
  date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.versions.node,
    platform: `${process.platform} ${process.arch}`,
  },
  options: `sizes ${SIZES.join(', ')}; ${DURATION} s × ${CONNECTIONS} connections per HTTP run; ${COLD_SAMPLES} cold starts each`,
  note: process.env.BENCH_NOTE,
  results,
  totalMs: performance.now() - started,
};
if (profileRoot) run.profiles = summarizeProfiles(profileRoot);
const resultsFile = join(REPO_ROOT, 'bench/RESULTS.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const changes = /<!-- changes:start -->([\s\S]*?)<!-- changes:end -->/.exec(previous)?.[1] ?? '_Nothing yet._';
const report = markdown(run, changes);
if (opts['no-write']) console.log(report);
else {
  mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench/results.json'), `${JSON.stringify(run, null, 2)}\n`);
  writeFileSync(resultsFile, report);
  log(`wrote bench/RESULTS.md and bench/results.json (${((performance.now() - started) / 60000).toFixed(1)} min)`);
}
if (profileRoot) log(`CPU profiles in ${profileRoot}`);
const v = verdicts(results.at(-1), results[0]);
for (const [k, r] of Object.entries(v)) log(`${r.pass ? 'pass' : 'FAIL'} ${k}: ${r.shown}`);
