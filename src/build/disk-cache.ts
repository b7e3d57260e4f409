// What a build keeps between builds (in node_modules/.cache/folio/, which Vercel keeps; or where
// FOLIO_CACHE_DIR says, as the benchmark does to measure a cold build): results
// computed from one piece of content, each named by a digest of that content and of Folio's code
// (FOLIO_RENDER_KEY, set by the build integration). A change to either is a different name, so a
// stale result can never be read back; without the key (astro dev, tests) nothing is kept.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder of every build cache (rendered bodies, links, images, social cards), absolute. */
export const cacheRoot = (root = process.cwd()) => resolve(root, process.env.FOLIO_CACHE_DIR || 'node_modules/.cache/folio');

/** Where `kind`'s result for `key` is kept, or undefined when this is not a build. */
export function cachePath(kind: string, key: string): string | undefined {
  const code = process.env.FOLIO_RENDER_KEY;
  if (!code) return undefined;
  const name = createHash('sha256').update(code).update('\0').update(key).digest('hex').slice(0, 32);
  return join(cacheRoot(), kind, `${name}.json`);
}

export function readCached<T>(kind: string, key: string): T | undefined {
  const path = cachePath(kind, key);
  if (!path) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function writeCached<T>(kind: string, key: string, value: T): T {
  const path = cachePath(kind, key);
  if (path) {
    mkdirSync(join(path, '..'), { recursive: true });
    // Written aside, then renamed: an interrupted build never leaves half a file to be read back.
    writeFileSync(`${path}.${process.pid}.tmp`, JSON.stringify(value));
    renameSync(`${path}.${process.pid}.tmp`, path);
  }
  return value;
}
