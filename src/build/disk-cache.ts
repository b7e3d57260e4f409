// What a build keeps between builds (in node_modules/.cache/folio/, which Vercel keeps; or where
// FOLIO_CACHE_DIR says, as the benchmark does to measure a cold build): results computed from one
// piece of content, each named by a digest of that content and of the code that makes that kind of
// result (MADE_BY: the module and what it imports, code-hash.ts codeDigest). A change to either is
// a different name, so a stale result can never be read back, and an edit elsewhere (a stylesheet,
// the function) keeps them all. Only in a build (FOLIO_RENDER_KEY, set by the build integration);
// elsewhere (astro dev, tests) nothing is kept.
//
// Each kind of result is a pack of 16 files (shards, by the first digit of the name) and an index of
// their names. A shard is read when a value in it is first asked for, and written when the build
// ends (flushCache) only if its names changed: at 10,000 records one file per body would be 20,000
// files to open, and one file per kind would be read and rewritten whole (~100 MB of rendered HTML)
// when one body changed. A pack keeps only what the last build used or kept (keepCached), so it
// never grows past the content.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codeDigest, codeHash } from './code-hash.ts';

/** The folder of every build cache (rendered bodies, links, images, social cards), absolute. */
export const cacheRoot = (root = process.cwd()) => resolve(root, process.env.FOLIO_CACHE_DIR || 'node_modules/.cache/folio');

/**
 * The cache folder of files named by a digest of their source (encoded images, social cards):
 * one folder per digest of Folio's code, so that a changed encoder, drawing or sharp never hands
 * out a file the old code made. Outside a build (astro dev) the code is hashed here. The folders
 * of other code go when a build ends (flushCache).
 */
export function codeFolder(kind: string, root = process.cwd()): string {
  const code = kindCode(kind, root) ?? (devCode ??= codeHash(root));
  const name = createHash('sha256').update(code).digest('hex').slice(0, 16);
  if (process.env.FOLIO_RENDER_KEY) folderKinds().set(kind, name);
  return join(cacheRoot(root), kind, name);
}
let devCode: string | undefined;

/**
 * The module that makes each kind of cached result: the cache names its results by a digest of
 * what that module reaches, so an edit outside it never throws them away.
 */
export const MADE_BY: Record<string, string> = {
  html: 'src/build/render.ts',
  links: 'src/build/source-links.ts',
  related: 'src/records/collections.ts',
  deflated: 'src/search/data-file.ts',
  index: 'src/build/index-worker.ts',
  images: 'src/build/write-images.ts',
  cards: 'src/build/social-cards.ts',
};

// Each kind's code digest, once per build and process (the pages load separate copies of this module).
const CODES = Symbol.for('folio.buildCacheCodes');
const codes = () => ((globalThis as { [CODES]?: Map<string, string> })[CODES] ??= new Map());

/** The digest of the code that makes `kind`, in a build; undefined outside one. */
function kindCode(kind: string, root = process.cwd()): string | undefined {
  const build = process.env.FOLIO_RENDER_KEY;
  if (!build) return undefined;
  const module = MADE_BY[kind];
  if (!module) throw new Error(`build cache: no module is named as making "${kind}" (MADE_BY in src/build/disk-cache.ts)`);
  const key = `${build}\0${kind}`;
  let code = codes().get(key);
  if (!code) codes().set(key, (code = codeDigest([module], root)));
  return code;
}
// Kinds of code folder this build used, with the current folder's name (one store per process, as the packs).
const FOLDERS = Symbol.for('folio.buildCacheFolders');
const folderKinds = () => ((globalThis as { [FOLDERS]?: Map<string, string> })[FOLDERS] ??= new Map());

interface Pack {
  /** The names each shard held after the last build (its index file): read once, without the values. */
  names: Record<string, string[]>;
  /** The same names, together. */
  known: Set<string>;
  /** Shards whose values were read, by shard. */
  loaded: Map<string, Record<string, unknown>>;
  /** What this build used or made, by name (KEEP: used, value still in its shard): the next pack. */
  used: Map<string, unknown>;
}
// Shared by every copy of this module in a process (the pages load their own): a copy's mark must read as one in another's flush.
const KEEP = Symbol.for('folio.buildCacheKeep');

// One store per process: the build's setup and its prerendered pages load separate copies of this module.
const PACKS = Symbol.for('folio.buildCache');
const packs = () => ((globalThis as { [PACKS]?: Map<string, Pack> })[PACKS] ??= new Map());

// A shard per first digit of the name: a rebuild reads only the shards it asks a value of.
const SHARDS = '0123456789abcdef';
const shardPath = (kind: string, shard: string) => join(cacheRoot(), kind, `${shard}.json`);
const indexPath = (kind: string) => join(cacheRoot(), kind, 'names.json');

// Names and text digests per process and code: a body is a key of several kinds (its render, its
// links, its compressed text) and an input of its page's digest; a twin is a file of the page cache
// and a key of the compressed texts.
const NAMES = Symbol.for('folio.buildCacheNames');
const store = globalThis as { [NAMES]?: { code: string; names: Map<string, Map<string, string>>; texts: Map<string, string> } };
const memo = (code: string) => (store[NAMES]?.code === code ? store[NAMES] : (store[NAMES] = { code, names: new Map(), texts: new Map() }));

function nameOf(kind: string, key: string): string | undefined {
  const code = kindCode(kind);
  if (!code) return undefined;
  const { names } = memo(process.env.FOLIO_RENDER_KEY!);
  let byKey = names.get(kind);
  if (!byKey) names.set(kind, (byKey = new Map()));
  let name = byKey.get(key);
  if (!name) byKey.set(key, (name = createHash('sha256').update(code).update('\0').update(textDigest(key)).digest('hex').slice(0, 32)));
  return name;
}

/**
 * A digest of a text that no other text shares (one with a lone surrogate, which UTF-8 cannot
 * carry, is hashed as JSON), made once per text in a build: each body and twin is asked for by two
 * caches (10,000 records: ~110 MB less to hash). Outside a build, not remembered.
 */
export function textDigest(text: string): string {
  const code = process.env.FOLIO_RENDER_KEY;
  const texts = code ? memo(code).texts : undefined;
  let digest = texts?.get(text);
  if (!digest) {
    const hash = text.isWellFormed() ? createHash('sha256').update('s').update(text) : createHash('sha256').update('j').update(JSON.stringify(text));
    digest = hash.digest('base64url');
    texts?.set(text, digest);
  }
  return digest;
}

/** A JSON file of the cache, or `fallback` when it is missing or unreadable (a cache miss, never an error). */
export const readJson = <T>(path: string, fallback: T): T => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return fallback;
  }
};

function pack(kind: string): Pack {
  let p = packs().get(kind);
  if (!p) {
    const names = readJson<Record<string, string[]>>(indexPath(kind), {});
    packs().set(kind, (p = { names, known: new Set(Object.values(names).flat()), loaded: new Map(), used: new Map() }));
  }
  return p;
}

function shard(p: Pack, kind: string, s: string): Record<string, unknown> {
  let values = p.loaded.get(s);
  if (!values) p.loaded.set(s, (values = readJson(shardPath(kind, s), {})));
  return values;
}

export function readCached<T>(kind: string, key: string): T | undefined {
  const name = nameOf(kind, key);
  if (!name) return undefined;
  const p = pack(kind);
  let value = p.used.get(name);
  if (value === undefined || value === KEEP) value = shard(p, kind, name[0]!)[name];
  if (value !== undefined) p.used.set(name, value);
  return value as T | undefined;
}

/**
 * Keeps what the last build made for `key` for the next build too, without reading it (a page
 * this build kept needs no render, but a later build may). False when there is nothing kept.
 */
export function keepCached(kind: string, key: string): boolean {
  const name = nameOf(kind, key);
  if (!name) return false;
  const p = pack(kind);
  if (p.used.has(name)) return true;
  if (!p.known.has(name)) return false;
  p.used.set(name, KEEP);
  return true;
}

export function writeCached<T>(kind: string, key: string, value: T): T {
  const name = nameOf(kind, key);
  if (name) pack(kind).used.set(name, value);
  return value;
}

/**
 * Writes each shard whose names differ from the last build's (written aside, then renamed: an
 * interrupted write is never read back), and the names of every shard. A name is a digest of its
 * value's inputs, so the same names are the same values.
 */
export function flushCache(): void {
  for (const [kind, p] of packs()) {
    if (!p.used.size) continue;
    mkdirSync(join(cacheRoot(), kind), { recursive: true });
    const next: Record<string, string[]> = {};
    for (const s of SHARDS) {
      const used = [...p.used.keys()].filter((name) => name[0] === s);
      next[s] = used;
      const before = new Set(p.names[s] ?? []);
      if (used.length === before.size && used.every((name) => before.has(name))) continue;
      const values = Object.fromEntries(used.map((name) => [name, p.used.get(name) === KEEP ? shard(p, kind, s)[name] : p.used.get(name)]));
      writeAside(shardPath(kind, s), JSON.stringify(values));
    }
    writeAside(indexPath(kind), JSON.stringify(next));
  }
  packs().clear();
  store[NAMES] = undefined;
  for (const [kind, current] of folderKinds()) {
    const dir = join(cacheRoot(), kind);
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (name !== current) rmSync(join(dir, name), { recursive: true, force: true });
  }
  folderKinds().clear();
}

/** Writes a cache file aside, then renames it in place: an interrupted write is never read back. */
export function writeAside(path: string, text: string) {
  writeFileSync(`${path}.${process.pid}.tmp`, text);
  renameSync(`${path}.${process.pid}.tmp`, path);
}
