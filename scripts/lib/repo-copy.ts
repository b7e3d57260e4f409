// A throwaway copy of the repository's deployable files, with the installed dependencies linked in:
// for builds that must not touch the working tree (`npm run deploy:dry`, the tests that build or
// start servers of their own).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Never copied: dependencies (linked instead), build output and tool state, as .gitignore lists them. */
const NOT_SOURCE = new Set(['.git', 'node_modules', 'dist', 'generated', '.astro', '.vercel', 'test-results', 'playwright-report']);

function* sourceFiles(repo: string, dir = ''): Generator<string> {
  for (const entry of readdirSync(join(repo, dir), { withFileTypes: true })) {
    if (NOT_SOURCE.has(entry.name) || entry.name.endsWith('.log')) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* sourceFiles(repo, path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * The repository's files as they are in the work tree: what git tracks plus new files it does not
 * ignore; without git (in a copy made by this module, where `npm test` runs), everything but build
 * output, dependencies and tool state.
 */
export function repoFiles(repo: string): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  return listed.status === 0 ? listed.stdout.split('\0').filter(Boolean) : [...sourceFiles(repo)];
}

/**
 * A copy of the repository's deployable files (what git tracks plus new files it does not
 * ignore; without git, everything but build output and dependencies), with the installed
 * dependencies linked in.
 */
export function repoCopy(prefix: string): string {
  const repo = resolve('.');
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const file of repoFiles(repo)) {
    if (file === 'node_modules' || !existsSync(join(repo, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  symlinkSync(realpathSync(join(repo, 'node_modules')), join(copy, 'node_modules'), 'dir');
  return copy;
}
