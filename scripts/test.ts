// `npm test` (the fast default, after every change) and `npm run test:all` (everything; CI runs it).
//
// Both run in a throwaway copy of the repository (scripts/lib/repo-copy.ts), so neither writes the
// owner's dist/ or generated/ (FO-TEST-TIERS): `npm start` afterwards still serves the owner's site.
// The copy is removed when every step passes and kept, with its path printed, when one fails.
//
// `npm test`: the test browser (found, or got: tests/support/browser.ts); type-check and lint side by
// side and beside one build of the sample fixture site (never content/: tests/support/sites.ts) for
// a loopback URL; the unit tier; the socket-and-browser smoke (tests/e2e/smoke.spec.ts) against
// `npm start` serving that build; the contract check of every API answer the smoke received.
// `npm run test:all` adds the integration tier, the whole end-to-end suite (whose contract check then
// covers every answer it received) with Lighthouse before it in the same Playwright run (its
// `lighthouse` project audits the sample build the suite's server serves and the bilingual build the
// suite shares: no build of its own), and the owner-scale guard (a 1,000-record site that passes
// `npm run check`); after types and lint and the build it runs two lanes side by side (the site
// lane: the deploy rehearsal, Playwright, the contract check; the Vitest lane, at the lowest CPU
// priority: the unit tier, the integration tier, the owner-scale guard), so that the site lane's
// waits (servers idling, a browser, a checker's requests, Lighthouse's quiet periods) are the
// Vitest lane's CPU, and the Vitest lane never takes CPU the audits want. It prints each step's wall
// and CPU time and how many site builds the run made, and fails above BUILD_BUDGET.
// `npm run test:lighthouse` (--lighthouse): Lighthouse alone, on one build of the sample made here
// (and the bilingual fixture's, which its project builds).
// Extra arguments go to Playwright (`npm test -- --headed`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './lib/build.ts';
import { childrenCpuSeconds, ownCpuSeconds } from './lib/cpu-time.ts';
import { repoCopy } from './lib/repo-copy.ts';
import { freePort } from './free-port.ts';
import { SAMPLE_SITE_CONTENT } from '../tests/support/sites.ts';
import { ensureTestBrowser } from '../tests/support/browser.ts';

const ALL = process.argv.includes('--all');
const LIGHTHOUSE = process.argv.includes('--lighthouse');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--all' && arg !== '--lighthouse');
const command = ALL ? 'npm run test:all' : LIGHTHOUSE ? 'npm run test:lighthouse' : 'npm test';
/** Site builds `test:all` may make (each one seconds of CPU): page words are checked in Vitest's container renders instead. */
const BUILD_BUDGET = 11;
const started = performance.now();
const timings: { name: string; ms: number; cpu: number | null }[] = [];

// Found, or got (apt-get as root or with passwordless sudo, else Playwright's download), or named as missing with how to install one.
const browser = ensureTestBrowser();
if ('error' in browser) {
  console.error(browser.error);
  process.exit(1);
}

const copy = repoCopy(ALL ? 'folio-test-all-' : LIGHTHOUSE ? 'folio-test-lighthouse-' : 'folio-test-');
const port = process.env.FOLIO_TEST_PORT || String(await freePort());
const siteUrl = `http://127.0.0.1:${port}`;
// Every build of the run writes a line here (scripts/build.ts), so the run can say how many it made.
const buildLog = join(copy, 'test-builds.log');
writeFileSync(buildLog, '');
// Node's compile cache for every process the run starts, in CI too (where `npm run build` leaves it
// off: scripts/lib/compile-cache.ts): each build and server loads Astro, Vite and Folio from source;
// measured here, ~1 s less CPU a build (7.0 → 6.1 s).
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');
// build() below runs in this process's environment; every step inherits it, with the run's address.
Object.assign(process.env, { FOLIO_CONTENT: SAMPLE_SITE_CONTENT, FOLIO_BUILD_LOG: buildLog });
const env = { ...process.env, FOLIO_TEST_PORT: port, FOLIO_SITE_URL: siteUrl };

function fail(status: number | null): never {
  console.error(`\nA step failed. The run's copy of the repository is kept for a look: ${copy}`);
  process.exit(status ?? 1);
}

/** A step's wall time, and its CPU time (user + system, its processes and theirs) where the kernel says (scripts/lib/cpu-time.ts). */
function record(name: string, from: number, cpu: number | null) {
  timings.push({ name, ms: performance.now() - from, cpu });
}

/** The build, made in this process's child (its CPU read as this process's children's before and after). */
function timedBuild() {
  const from = performance.now();
  const cpuBefore = childrenCpuSeconds();
  console.log('\n> npm run build');
  build(siteUrl, copy);
  const cpuAfter = childrenCpuSeconds();
  record('build of the sample site', from, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
}

const cpuTime = join(copy, 'scripts/lib/cpu-time.ts');
let cpuFiles = 0;
/** The command wrapped so that its CPU time (its and every descendant's) lands in a file: [command, args, file]. */
function wrapped(command: string, args: string[]): [string, string[], string] {
  const file = join(copy, `.cpu-${++cpuFiles}`);
  return [process.execPath, [cpuTime, file, command, ...args], file];
}
const readCpu = (file: string) => {
  try {
    return Number(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const sum = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + b!, 0));

/** One step after another, its output straight to the terminal (`npm test`, `npm run test:lighthouse`). */
function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const from = performance.now();
  console.log(`\n> ${command} ${args.join(' ')}`);
  const [wrapper, wrapperArgs, file] = wrapped(command, args);
  const result = spawnSync(wrapper, wrapperArgs, { cwd: copy, stdio: 'inherit', env: { ...env, ...extraEnv } });
  record(name, from, readCpu(file));
  if (result.status !== 0) fail(result.status);
}

/** The steps' processes still running, each the leader of its own process group, so a failure or ^C ends each whole. */
const running = new Set<ChildProcess>();
let stopping = false;
function stopAll() {
  stopping = true;
  // SIGINT, as ^C would: Playwright and Vitest stop their workers and servers and run their teardown.
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
    } catch {
      // Ended already, its close not yet seen.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopAll();
    fail(130);
  });
// A step that exits this process itself (a failed build: scripts/lib/build.ts) leaves none of the others running.
process.on('exit', stopAll);

interface Ran {
  command: string;
  args: string[];
  status: number | null;
  output: string;
  cpu: number | null;
}

/** One command of a step, its output kept (stdout and stderr in the order written) to be printed whole. */
function start(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Ran> {
  const [wrapper, wrapperArgs, file] = wrapped(command, args);
  return new Promise((done) => {
    const child = spawn(wrapper, wrapperArgs, { cwd: copy, env: { ...env, ...extraEnv }, detached: true });
    running.add(child);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => {
      running.delete(child);
      done({ command, args, status, output, cpu: readCpu(file) });
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Commands run side by side as one step, each one's output printed whole, in order, when all have
 * ended; the step fails when one does (and, in a lane, stops the other lane: `lanes`).
 */
async function together(name: string, commands: [string, string[], Record<string, string>?][], lane?: string): Promise<void> {
  if (stopping) return;
  const from = performance.now();
  if (lane) console.log(`\n[${lane}] ${name}: started at ${seconds(from - started)}`);
  const results = await Promise.all(commands.map(([command, args, extraEnv]) => start(command, args, extraEnv)));
  if (stopping) return;
  record(name, from, sum(results.map((r) => r.cpu)));
  const ms = performance.now() - from;
  for (const r of results) console.log(`\n> ${r.command} ${r.args.join(' ')}${lane ? `  [${lane}, ${seconds(ms)}]` : ''}\n${r.output.trimEnd()}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) {
    stopAll();
    fail(failed.status);
  }
}

/** A lane's step that waits until another lane's step has written `file`, or the run is stopping. */
async function until(file: string): Promise<void> {
  while (!existsSync(file) && !stopping) await new Promise((wake) => setTimeout(wake, 250));
}

/** Lanes of steps: the steps of a lane one after another, the lanes side by side. */
async function lanes(...all: [string, (() => Promise<void>)[]][]) {
  await Promise.all(
    all.map(async ([, steps]) => {
      for (const step of steps) await step();
    }),
  );
}

const bin = (name: string) => join(copy, 'node_modules/.bin', name);
// TypeScript 7 (native) checks the .ts files; TypeScript 6 stays only as `astro check`'s peer, for
// the .astro files (docs/decisions.md § TypeScript 7 for the .ts files). One thread: the build and
// the other two checks share the cores (measured here, 4.4 s of CPU against 8.8 s with its defaults).
const TYPES_AND_LINT: [string, string[]][] = [
  [process.execPath, [join(copy, 'node_modules/typescript-7/bin/tsc'), '--noEmit', '--singleThreaded']],
  [bin('astro'), ['check', '--tsconfig', 'tsconfig.astro.json']],
  [bin('biome'), ['check', '.']],
];
// The servers the e2e suite starts inherit FOLIO_RECORD_FILE and log the function's exchanges there
// (scripts/local-server/record-exchanges.ts); outside test-results/, which Playwright empties when it starts.
const exchanges = join(copy, 'api-exchanges.jsonl');
const CONTRACT: [string, string[]] = [process.execPath, ['tests/contract/validate.ts', exchanges, 'dist/openapi.json']];

/**
 * Types and lint, in their processes, while this one builds the sample (its spawnSync blocks only
 * this process's loop: their output waits in its pipes). `astro check` writes no data file (only a
 * build and `astro dev` do: src/builder/integration.ts), so it cannot leave the build stale.
 */
async function typesAndLintBesideBuild() {
  const checks = together('types and lint', TYPES_AND_LINT);
  timedBuild();
  await checks;
}

if (LIGHTHOUSE) {
  timedBuild();
  // Only the lighthouse project: --no-deps, or its dependencies (the e2e-long and e2e projects) would run first.
  run('Lighthouse', bin('playwright'), ['test', '--project', 'lighthouse', '--no-deps', ...playwrightArgs]);
} else if (!ALL) {
  // Each of the three is single-threaded; the build runs beside them (typesAndLintBesideBuild).
  await typesAndLintBesideBuild();
  run('unit tier', bin('vitest'), ['run', '--project', 'unit']);
  writeFileSync(exchanges, '');
  run('socket and browser smoke', bin('playwright'), ['test', 'tests/e2e/smoke.spec.ts', ...playwrightArgs], { FOLIO_RECORD_FILE: exchanges });
  run('contract', ...CONTRACT);
} else {
  // The pinned tools the run needs (the Vercel CLI, Lighthouse), fetched when missing, from the start
  // and not waited for here: a fresh clone's downloads (measured here, 22 s and 8 s, mostly waiting
  // on the registry) overlap types and lint and the build, and a step that needs a tool before its
  // fetch has ended waits for it on the tool's lock (scripts/lib/pinned-tool.ts).
  const fetchTool = (tool: string): [string, string[]] => [process.execPath, ['scripts/lib/pinned-tool.ts', tool]];
  const tools = together('pinned tools', [fetchTool('vercel'), fetchTool('lighthouse')]);
  await typesAndLintBesideBuild();
  writeFileSync(exchanges, '');
  // Two lanes side by side, each step's output printed whole when it ends (docs/decisions.md § Two
  // lanes). The site lane: the deploy rehearsal, then Lighthouse and the whole end-to-end suite
  // after it in one Playwright run (on the builds it shares), then the contract check of every
  // answer the suite received. The Vitest lane, at the lowest CPU priority (FOLIO_NICE,
  // scripts/lib/cpu-time.ts): the unit tier, the integration tier (which reads the build just
  // made), the owner-scale guard. The rehearsal's `npm run check` reuses the build when the address
  // it was made for is free, which the end-to-end server takes: so the suite, and the integration
  // tier (whose servers might take it too), start once the rehearsal has ended. Lighthouse's
  // performance is a timing measurement: the Vitest lane only ever gets the CPU the site lane leaves
  // idle, so it never takes any from the audits, and fills the cores while they wait on their pages.
  const rehearsalDone = join(copy, 'rehearsal-done');
  const REHEARSAL = 'tests/integration/serve-deploy-artifact.test.ts';
  const LOWEST = { FOLIO_NICE: '19' };
  await lanes(
    [
      'site',
      [
        () => together('deploy rehearsal', [[bin('vitest'), ['run', '--project', 'integration', REHEARSAL]]], 'site lane'),
        async () => writeFileSync(rehearsalDone, ''),
        // Lighthouse first, then the suite (FOLIO_LIGHTHOUSE_FIRST, playwright.config.ts): the audits
        // mostly wait on their pages, and the Vitest lane's tests fill those waits; run last, they
        // were the run's end with a core idle (measured here on a fresh clone: 220 → 202 s).
        // Three workers, not the config's two: the e2e-long project's three specs take three at the
        // start, and the Vitest lane yields the CPU (measured here, with the kitchen sink queued
        // first: the suite's tests ended 101 → 95 s after its start).
        () =>
          together(
            'Lighthouse, then end to end',
            [[bin('playwright'), ['test', '--workers=3', ...playwrightArgs], { FOLIO_RECORD_FILE: exchanges, FOLIO_LIGHTHOUSE_FIRST: '1' }]],
            'site lane',
          ),
        () => together('contract', [CONTRACT], 'site lane'),
      ],
    ],
    [
      'Vitest',
      [
        () => together('unit tier', [[bin('vitest'), ['run', '--project', 'unit'], LOWEST]], 'Vitest lane'),
        () => until(rehearsalDone),
        () => together('integration tier', [[bin('vitest'), ['run', '--project', 'integration', '--exclude', REHEARSAL], LOWEST]], 'Vitest lane'),
        // The owner-scale guard: a 1,000-record site builds and passes `npm run check` (the 10,000-record
        // build is `npm run test:scale`, run when build code changes).
        () =>
          together(
            'owner scale (1,000 records)',
            [[bin('vitest'), ['run', '--config', 'tests/scale/vitest.config.ts', 'tests/scale/owner-scale.test.ts'], LOWEST]],
            'Vitest lane',
          ),
      ],
    ],
  );
  await tools;
}

finish();

/** The run's timings and build count; fails when test:all went over its budget, else removes the copy and ends. */
function finish(): never {
  const builds = readFileSync(buildLog, 'utf8').split('\n').filter(Boolean);
  const wall = performance.now() - started;
  const over = ALL && builds.length > BUILD_BUDGET;
  const cpu = (value: number | null) => (value === null ? '' : `${value.toFixed(0)} s CPU`.padStart(11));
  console.log(`\n${command} ${over ? 'ran every test' : 'passed'} in ${seconds(wall)}${ALL ? ' (two lanes side by side)' : ''}:`);
  for (const { name, ms, cpu: used } of timings) console.log(`  ${name.padEnd(30)} ${seconds(ms).padStart(6)}${cpu(used)}`);
  // This process's CPU and every process it waited for: what the run cost, whatever the neighbours did.
  const children = childrenCpuSeconds();
  if (children !== null) {
    const total = children + ownCpuSeconds();
    console.log(`  CPU time ${seconds(total * 1000)} in all: ${(total / (wall / 1000)).toFixed(2)} cores busy on average`);
  }
  console.log(`  site builds: ${builds.length}${ALL ? ` (at most ${BUILD_BUDGET})` : ''}`);
  // Each as `folder content` (scripts/build.ts), so a new build is seen where it is made.
  for (const line of builds) console.log(`    ${line}`);
  if (over) {
    console.error(`\nThe run made ${builds.length} site builds, over its budget of ${BUILD_BUDGET}.`);
    console.error('Check pages in a container render (CONTRIBUTING § A page test) or share a build (tests/e2e/shared-sites.ts).');
    fail(1);
  }
  rmSync(copy, { recursive: true, force: true });
  process.exit(0);
}
