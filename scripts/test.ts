// `npm test` (the fast default, after every change) and `npm run test:all` (everything; CI runs it).
//
// Both run in a throwaway copy of the repository (scripts/lib/repo-copy.ts), so neither writes the
// owner's dist/ or generated/ (FO-TEST-TIERS): `npm start` afterwards still serves the owner's site.
// The copy is removed when every step passes and kept, with its path printed, when one fails.
//
// `npm test`: the test browser (found, or got: tests/support/browser.ts); type-check and lint side by
// side; one build of the sample fixture site (never content/: tests/support/sites.ts) for a loopback
// URL; the unit tier; the socket-and-browser smoke (tests/e2e/smoke.spec.ts) against `npm start`
// serving that build; the contract check of every API answer the smoke received.
// `npm run test:all` adds the integration tier, the whole end-to-end suite (whose contract check then
// covers every answer it received) with Lighthouse after it in the same Playwright run (its
// `lighthouse` project audits the sample build the suite's server serves and the bilingual build the
// suite shares: no build of its own), and the owner-scale guard (a 1,000-record site that passes
// `npm run check`); it prints how many site builds the run made, and fails above BUILD_BUDGET.
// `npm run test:lighthouse` (--lighthouse): Lighthouse alone, on one build of the sample made here
// (and the bilingual fixture's, which its project builds).
// Extra arguments go to Playwright (`npm test -- --headed`).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './lib/build.ts';
import { repoCopy } from './lib/repo-copy.ts';
import { freePort } from './free-port.ts';
import { SAMPLE_SITE_CONTENT } from '../tests/support/sites.ts';
import { ensureTestBrowser } from '../tests/support/browser.ts';

const ALL = process.argv.includes('--all');
const LIGHTHOUSE = process.argv.includes('--lighthouse');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--all' && arg !== '--lighthouse');
const command = ALL ? 'npm run test:all' : LIGHTHOUSE ? 'npm run test:lighthouse' : 'npm test';
/** Site builds `test:all` may make (each one seconds of CPU): page words are checked in Vitest's container renders instead. */
const BUILD_BUDGET = 12;
const started = performance.now();
const timings: [string, number][] = [];

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

function timed<T>(name: string, step: () => T): T {
  const from = performance.now();
  const result = step();
  timings.push([name, performance.now() - from]);
  return result;
}

function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  timed(name, () => {
    console.log(`\n> ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, { cwd: copy, stdio: 'inherit', env: { ...env, ...extraEnv } });
    if (result.status !== 0) fail(result.status);
  });
}

/**
 * Commands that read the tree and write nothing, run side by side (each is single-threaded: on two
 * cores the three take as long as astro check alone); each one's output is printed whole, in order.
 */
async function runTogether(name: string, commands: [string, string[]][]) {
  const from = performance.now();
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<{ status: number | null; output: string }>((done) => {
          const child = spawn(command, args, { cwd: copy, env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => done({ status, output }));
        }),
    ),
  );
  timings.push([name, performance.now() - from]);
  for (const [i, [command, args]] of commands.entries()) console.log(`\n> ${command} ${args.join(' ')}\n${results[i]!.output}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) fail(failed.status);
}

const bin = (name: string) => join(copy, 'node_modules/.bin', name);
if (!LIGHTHOUSE) {
  await runTogether('types and lint', [
    [bin('tsc'), ['--noEmit']],
    [bin('astro'), ['check', '--tsconfig', 'tsconfig.astro.json']],
    [bin('biome'), ['check', '.']],
  ]);
}
timed('build of the sample site', () => {
  console.log('\n> npm run build');
  build(siteUrl, copy);
});
if (LIGHTHOUSE) {
  // Only the lighthouse project: --no-deps, or its dependency (the whole e2e project) would run first.
  run('Lighthouse', bin('playwright'), ['test', '--project', 'lighthouse', '--no-deps', ...playwrightArgs]);
  finish();
}
// The unit tier, or both Vitest tiers (vitest.config.ts): the integration tier reads the build just made.
run(ALL ? 'unit and integration tiers' : 'unit tier', bin('vitest'), ['run', ...(ALL ? [] : ['--project', 'unit'])]);
// The servers the e2e suite starts inherit FOLIO_RECORD_FILE and log the function's exchanges there
// (scripts/local-server/record-exchanges.ts); outside test-results/, which Playwright empties when it starts.
const exchanges = join(copy, 'api-exchanges.jsonl');
writeFileSync(exchanges, '');
// test:all runs both Playwright projects (playwright.config.ts): the e2e suite, then Lighthouse.
run(
  ALL ? 'end to end, then Lighthouse' : 'socket and browser smoke',
  bin('playwright'),
  ['test', ...(ALL ? [] : ['tests/e2e/smoke.spec.ts']), ...playwrightArgs],
  {
    FOLIO_RECORD_FILE: exchanges,
  },
);
run('contract', process.execPath, ['tests/contract/validate.ts', exchanges, 'dist/openapi.json']);
if (ALL) {
  // The owner-scale guard: a 1,000-record site builds and passes `npm run check` (the 10,000-record
  // build is `npm run test:scale`, run when build code changes).
  run('owner scale (1,000 records)', bin('vitest'), ['run', '--config', 'tests/scale/vitest.config.ts', 'tests/scale/owner-scale.test.ts']);
}

finish();

/** The run's timings and build count; fails when test:all went over its budget, else removes the copy and ends. */
function finish(): never {
  const builds = readFileSync(buildLog, 'utf8').split('\n').filter(Boolean);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  const over = ALL && builds.length > BUILD_BUDGET;
  console.log(`\n${command} ${over ? 'ran every test' : 'passed'} in ${seconds(performance.now() - started)}:`);
  for (const [name, ms] of timings) console.log(`  ${name.padEnd(30)} ${seconds(ms).padStart(6)}`);
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
