// `npm test`: first the test browser (found, or got where it can: tests/support/browser.ts); then type-check the tree (tsc, and astro check over the .astro files) and lint it (Biome:
// format and rules), side by side, about 30 s, so a type or lint error fails before anything is built; then
// build the sample fixture site (never content/: tests/support/sites.ts) once for a
// loopback URL, then Vitest's two tiers (`unit`: over data made in memory, builds nothing;
// `integration`: over that build, whole-site builds, child processes and sockets), then the end-to-end suite (Playwright)
// against `npm start` serving that same build (the build stamp tells the server it is fresh, so it
// does not build again), then the contract test: every API answer the end-to-end suite received,
// checked against the built openapi.json; then Lighthouse on the sample's pages.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './lib/build.ts';
import { freePort } from './free-port.ts';
import { SAMPLE_SITE_CONTENT } from '../tests/support/sites.ts';
import { ensureTestBrowser } from '../tests/support/browser.ts';

// Found, or got (apt-get as root or with passwordless sudo, else Playwright's download), or named as missing with how to install one.
const browser = ensureTestBrowser();
if ('error' in browser) {
  console.error(browser.error);
  process.exit(1);
}

const port = process.env.FOLIO_TEST_PORT || String(await freePort());
const siteUrl = `http://127.0.0.1:${port}`;
// Node's compile cache for every process the run starts, in CI too (where `npm run build` leaves it
// off: scripts/lib/compile-cache.ts): the run builds ~35 fixture sites and starts as many servers,
// each loading Astro, Vite and Folio from source; measured here, ~1 s less CPU a build (7.0 → 6.1 s).
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');
const env = { ...process.env, FOLIO_TEST_PORT: port, FOLIO_SITE_URL: siteUrl, FOLIO_CONTENT: SAMPLE_SITE_CONTENT };
// build() below runs in this process's environment.
process.env.FOLIO_CONTENT = SAMPLE_SITE_CONTENT;

function run(command: string, args: string[], extraEnv: Record<string, string> = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Commands that read the tree and write nothing, run side by side (each is single-threaded: on two
 * cores the three take as long as astro check alone); each one's output is printed whole, in order.
 */
async function runTogether(commands: [string, string[]][]) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<{ status: number | null; output: string }>((done) => {
          const child = spawn(command, args, { env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => done({ status, output }));
        }),
    ),
  );
  for (const [i, [command, args]] of commands.entries()) console.log(`\n> ${command} ${args.join(' ')}\n${results[i]!.output}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status ?? 1);
}

const bin = (name: string) => `node_modules/.bin/${name}`;
await runTogether([
  [bin('tsc'), ['--noEmit']],
  [bin('astro'), ['check', '--tsconfig', 'tsconfig.astro.json']],
  [bin('biome'), ['check', '.']],
]);
console.log('\n> npm run build');
build(siteUrl);
// Both Vitest projects (vitest.config.ts): the unit tier, then the integration tier over the build just made.
run(bin('vitest'), ['run']);
// The servers the e2e suite starts inherit FOLIO_RECORD_FILE and log the function's exchanges there
// (scripts/local-server/record-exchanges.ts); outside test-results/, which Playwright empties when it starts.
const exchanges = join(tmpdir(), `folio-api-exchanges-${port}.jsonl`);
writeFileSync(exchanges, '');
run(bin('playwright'), ['test', ...process.argv.slice(2)], { FOLIO_RECORD_FILE: exchanges });
run(process.execPath, ['tests/contract/validate.ts', exchanges, 'dist/openapi.json']);
// Kept when a step fails (run() exits first), for a look at what was recorded.
rmSync(exchanges, { force: true });
// Lighthouse on the sample site's pages (its own server, from a copy of the repository).
run(bin('vitest'), ['run', '--config', 'tests/lighthouse/vitest.config.ts']);
