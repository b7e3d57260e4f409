// Digests of what a build reads: the content, and Folio's own code and locked dependencies. The
// build stamp (scripts/lib/build.ts) compares both; the render cache (src/build/render.ts) is
// keyed by the code digest, so no change to Folio can ever be answered from an older build's cache.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contentDir } from '../records/load.ts';

/** What the build reads besides the content (scripts/build.ts is `npm run build`). */
export const CODE_INPUTS = ['src', 'public', 'astro.config.ts', 'package.json', 'package-lock.json', 'scripts/build.ts'];

function* filesUnder(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

/** Hash of some of the build's inputs: file names (relative to the project) and contents, in a stable order. */
function treeHash(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('base64url');
}

export const contentHash = (root = process.cwd()) => treeHash(root, [relative(root, contentDir(root))]);
export const codeHash = (root = process.cwd()) => treeHash(root, CODE_INPUTS);
