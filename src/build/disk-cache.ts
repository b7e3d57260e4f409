// What a build keeps between builds (in node_modules/.cache/folio/, which Vercel keeps; or where
// FOLIO_CACHE_DIR says, as the benchmark does to measure a cold build): results computed from one
// piece of content, each named by a digest of that content and of Folio's code (FOLIO_RENDER_KEY,
// set by the build integration). A change to either is a different name, so a stale result can
// never be read back; without the key (astro dev, tests) nothing is kept.
//
// Each kind of result is a pack of 16 files (by the first digit of the name), read once when first
// asked and written when the build ends (flushCache): at 10,000 records, one file per body would be
// 20,000 files to open, and one file per kind would be rewritten whole (~100 MB of rendered HTML)
// when one body changed; a shard whose names did not change is not written again. A pack keeps
// only what the last build used, so it never grows past the content.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codeHash } from './code-hash.ts';

/** The folder of every build cache (rendered bodies, links, images, social cards), absolute. */
export const cacheRoot = (root = process.cwd()) => resolve(root, process.env.FOLIO_CACHE_DIR || 'node_modules/.cache/folio');

/**
 * The cache folder of files named by a digest of their source (encoded images, social cards):
 * one folder per digest of Folio's code, so that a changed encoder, drawing or sharp never hands
 * out a file the old code made. Outside a build (astro dev) the code is hashed here. The folders
 * of other code go when a build ends (flushCache).
 */
export function codeFolder(kind: string, root = process.cwd()): string {
  const code = process.env.FOLIO_RENDER_KEY || (devCode ??= codeHash(root));
  const name = createHash('sha256').update(code).digest('hex').slice(0, 16);
  if (process.env.FOLIO_RENDER_KEY) folderKinds().set(kind, name);
  return join(cacheRoot(root), kind, name);
}
let devCode: string | undefined;
// Kinds of code folder this build used, with the current folder's name (one store per process, as the packs).
const FOLDERS = Symbol.for('folio.buildCacheFolders');
const folderKinds = () => ((globalThis as { [FOLDERS]?: Map<string, string> })[FOLDERS] ??= new Map());

interface Pack {
  /** What the last build kept, by name. */
  kept: Record<string, unknown>;
  /** What this build used or made: the next pack. */
  used: Map<string, unknown>;
}

// One store per process: the build's setup and its prerendered pages load separate copies of this module.
const PACKS = Symbol.for('folio.buildCache');
const packs = () => ((globalThis as { [PACKS]?: Map<string, Pack> })[PACKS] ??= new Map());

const SHARDS = '0123456789abcdef';
const shardPath = (kind: string, shard: string) => join(cacheRoot(), kind, `${shard}.json`);

function nameOf(key: string): string | undefined {
  const code = process.env.FOLIO_RENDER_KEY;
  return code ? createHash('sha256').update(code).update('\0').update(key).digest('hex').slice(0, 32) : undefined;
}

function pack(kind: string): Pack {
  let p = packs().get(kind);
  if (!p) {
    const kept: Record<string, unknown> = {};
    for (const shard of SHARDS) {
      try {
        Object.assign(kept, JSON.parse(readFileSync(shardPath(kind, shard), 'utf8')));
      } catch {}
    }
    packs().set(kind, (p = { kept, used: new Map() }));
  }
  return p;
}

export function readCached<T>(kind: string, key: string): T | undefined {
  const name = nameOf(key);
  if (!name) return undefined;
  const p = pack(kind);
  const value = p.used.get(name) ?? p.kept[name];
  if (value !== undefined) p.used.set(name, value);
  return value as T | undefined;
}

export function writeCached<T>(kind: string, key: string, value: T): T {
  const name = nameOf(key);
  if (name) pack(kind).used.set(name, value);
  return value;
}

/**
 * Writes each shard of a pack whose names differ from the last build's (written aside, then
 * renamed: an interrupted write is never read back). A name is a digest of its value's inputs, so
 * the same names are the same values.
 */
export function flushCache(): void {
  for (const [kind, p] of packs()) {
    if (!p.used.size) continue;
    mkdirSync(join(cacheRoot(), kind), { recursive: true });
    for (const shard of SHARDS) {
      const used = [...p.used].filter(([name]) => name[0] === shard);
      const kept = Object.keys(p.kept).filter((name) => name[0] === shard);
      if (used.length === kept.length && used.every(([name]) => name in p.kept)) continue;
      const path = shardPath(kind, shard);
      writeFileSync(`${path}.${process.pid}.tmp`, JSON.stringify(Object.fromEntries(used)));
      renameSync(`${path}.${process.pid}.tmp`, path);
    }
  }
  packs().clear();
  for (const [kind, current] of folderKinds()) {
    const dir = join(cacheRoot(), kind);
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (name !== current) rmSync(join(dir, name), { recursive: true, force: true });
  }
  folderKinds().clear();
}
