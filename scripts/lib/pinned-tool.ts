// Tools Folio runs but does not depend on: the Vercel CLI (`npm run deploy:dry`, `npm run vercel`,
// the deploy-rehearsal and route-validator tests) and Lighthouse (`npm run test:lighthouse`). As
// dependencies they were half of every install (and installed again by each deploy on Vercel that
// installs) for commands few runs use, so each is fetched at its pinned version the first time a
// command needs it, into a folder inside node_modules (gitignored, and wiped with it), and reused
// after (docs/decisions.md § Tools fetched when needed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Tool {
  /** An exact version: the one Folio's suite last passed with (a range would float under it). */
  version: string;
  /** npm `overrides` for the tool's own install (its dependencies, not Folio's). */
  overrides?: Record<string, string>;
  /** npm `allowScripts`: the install scripts the tool's dependencies may run. */
  allowScripts?: Record<string, boolean>;
}

/** The pinned versions: the one place to change when moving a tool to a new release. */
export const PINNED_TOOLS = {
  // vercel 64.0.2 pins sandbox 4.4.0, a release the npm registry here does not hold; 4.5.0 is.
  // Its builders bundle esbuild, whose install script the root package.json approves too.
  vercel: { version: '64.0.2', overrides: { sandbox: '4.5.0' }, allowScripts: { esbuild: true } },
  // chrome-launcher comes with it (tests/e2e/lighthouse.spec.ts imports both from the tool's folder).
  lighthouse: { version: '13.5.0' },
} as const satisfies Record<string, Tool>;

export type ToolName = keyof typeof PINNED_TOOLS;

const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const TOOLS_FOLDER = 'node_modules/.cache/folio-tools';

/** Where a tool's pinned version lives, relative to the repository: one folder per name and version, so a new pin never reuses an old install. */
export const toolFolder = (name: ToolName): string => `${TOOLS_FOLDER}/${name}@${PINNED_TOOLS[name].version}`;

/** The package.json of a tool's folder: the tool at its exact version, with its own overrides and script approvals. */
export function toolManifest(
  name: ToolName,
): { name: string; private: true; description: string; dependencies: Record<string, string> } & Omit<Tool, 'version'> {
  const tool: Tool = PINNED_TOOLS[name];
  return {
    name: `folio-tool-${name}`,
    private: true,
    description: `${name} at the version pinned in scripts/lib/pinned-tool.ts, fetched on first use.`,
    dependencies: { [name]: tool.version },
    ...(tool.overrides && { overrides: tool.overrides }),
    ...(tool.allowScripts && { allowScripts: tool.allowScripts }),
  };
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The absolute folder holding `name` at its pinned version (its `node_modules/<name>` and
 * `node_modules/.bin`), fetched with npm the first time: says which version it fetches and
 * `purpose`, the command's reason to need it. Messages go to stderr, so a command's stdout stays
 * its own (the deploy workflow reads the deployment's URL from `vercel deploy`'s).
 */
export function pinnedTool(name: ToolName, purpose: string): string {
  const folder = join(REPO_ROOT, toolFolder(name));
  const label = `${name}@${PINNED_TOOLS[name].version}`;
  const installed = () => existsSync(join(folder, 'node_modules', name, 'package.json'));
  const using = () => say(`Using ${label} (pinned in scripts/lib/pinned-tool.ts, not a dependency; in ${toolFolder(name)}) ${purpose}.`);
  if (installed()) {
    using();
    return folder;
  }
  withLock(`${folder}.lock`, () => {
    // Another process may have fetched it while this one waited.
    if (installed()) return using();
    say(
      `Fetching ${label} from the npm registry ${purpose}: not a dependency of Folio, pinned in scripts/lib/pinned-tool.ts, installed once into ${toolFolder(name)}.`,
    );
    // Installed beside the final folder and renamed into place: a failed or interrupted install never looks complete.
    const staging = `${folder}.partial`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify(toolManifest(name), null, 2)}\n`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, encoding: 'utf8' });
    if (npm.status !== 0 || !existsSync(join(staging, 'node_modules', name, 'package.json'))) {
      throw new Error(
        `npm could not install ${label} into ${relative(REPO_ROOT, staging)} (exit ${npm.status}):\n${`${npm.stdout}\n${npm.stderr}`.slice(-3000)}`,
      );
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
    say(`Fetched ${label}.`);
  });
  return folder;
}

/** The path of a command a pinned tool installs (`node_modules/.bin/<bin>` of its folder). */
export const toolBin = (folder: string, bin: string): string => join(folder, 'node_modules', '.bin', bin);

/** Imports a package installed in a pinned tool's folder (the tool itself, or one of its dependencies). */
export async function importFromTool<T>(folder: string, specifier: string): Promise<T> {
  const path = createRequire(join(folder, 'package.json')).resolve(specifier);
  return (await import(pathToFileURL(path).href)) as T;
}

/**
 * Runs `fn` holding a lock folder (mkdir is atomic), so two processes needing the same tool at once
 * (the integration tier's workers) fetch it once. A lock whose process has ended, or one older than
 * ten minutes without an owner on record, is stale and taken over.
 */
function withLock(lock: string, fn: () => void): void {
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        mkdirSync(join(lock, '..'), { recursive: true });
        continue;
      }
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockIsStale(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) say(`Waiting for another process fetching into ${relative(REPO_ROOT, lock.slice(0, -'.lock'.length))}…`);
    waited = true;
    Atomics.wait(sleep, 0, 0, 500);
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockIsStale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return true;
    if (code === 'EPERM') return false;
    // No pid yet: its owner is between mkdir and writing it, or died there.
    try {
      return Date.now() - statSync(lock).mtimeMs > 10 * 60_000;
    } catch {
      return false;
    }
  }
}

// `node scripts/lib/pinned-tool.ts <name>…` fetches the named tools now: `npm run test:all` does it
// from its start, so a fresh clone's download overlaps types and lint and the build instead of
// holding up the deploy rehearsal (and, with it, the end-to-end suite) later (scripts/test.ts).
if (import.meta.main) {
  for (const name of process.argv.slice(2)) {
    if (!(name in PINNED_TOOLS)) throw new Error(`No pinned tool ${name}: the pinned tools are ${Object.keys(PINNED_TOOLS).join(', ')}.`);
    pinnedTool(name as ToolName, 'for the tests that use it (scripts/test.ts fetches it ahead)');
  }
}
