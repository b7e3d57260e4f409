// Incremental pages: a project's page, a page of content/pages/, a tag page or its twin whose inputs
// are the same as in the last build is taken from that build's output instead of rendered again. Astro
// has no such mode (every build renders every route), so the page's getStaticPaths leaves such a
// page out (pagesToRender) and the build's end puts the last build's file in its place (keepPages).
//
// Why it cannot keep a stale page: a page renders only from its inputs (src/build/page-inputs.ts:
// the same function gives the page its data and this module its digest) and the code its route
// reaches (with the Astro config and the integration); the digest covers both, the build's facts outside the content (the year in the footer, whether
// social cards are on, Astro's arguments), and the page's path. Any change to any of them is
// another name, and a name not found is rendered. tests/unit/build-incremental.test.ts proves
// incremental output byte-identical to a build from nothing, edit by edit.
//
// The kept files are hard links between dist/ and the cache (node_modules/.cache/folio/pages/, or
// FOLIO_CACHE_DIR): 10,000 links take ~60 ms where copying takes ~1.6 s (bench/RESULTS.md). A file
// edited in place after the build (a post-build script) would edit the cache too, so each cache
// file's size and mtime are recorded, and one that differs is never used.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { socialCardsEnabled } from '../social/paths.ts';
import { codeDigest } from './code-hash.ts';
import { cacheRoot, readJson, textDigest, writeAside } from './disk-cache.ts';

/** A route a page's getStaticPaths would return, with the site path it renders and what it renders from. */
export interface CacheablePage<Params> {
  params: Params;
  path: string;
  inputs: unknown;
}

interface Plan {
  /** Output file (relative to dist/) → digest, for pages left out of this build's render. */
  kept: Map<string, string>;
  /** Output file → digest, for pages this build renders. */
  rendered: Map<string, string>;
  /** Output file → digest, for single pages whose route served the last build's file (keptResponse). */
  served: Map<string, string>;
}

// One plan per process: the pages' getStaticPaths and the integration load separate copies of this module.
const PLAN = Symbol.for('folio.pagePlan');
const plan = (): Plan => ((globalThis as { [PLAN]?: Plan })[PLAN] ??= { kept: new Map(), rendered: new Map(), served: new Map() });

const pagesDir = () => join(cacheRoot(), 'pages');
const indexPath = () => join(cacheRoot(), 'pages.json');

/** What a cache file looked like when it was written: its size and its mtime in whole seconds (a tar of the cache keeps no more). */
type Stamp = [size: number, mtime: number];
const stampOf = (file: string): Stamp => {
  const s = statSync(file);
  return [s.size, Math.trunc(s.mtimeMs / 1000)];
};

let index: Record<string, Stamp> | undefined;
const readIndex = () => (index ??= readJson<Record<string, Stamp>>(indexPath(), {}));

function isKept(digest: string): boolean {
  const stamp = readIndex()[digest];
  if (!stamp) return false;
  try {
    const [size, mtime] = stampOf(join(pagesDir(), digest));
    return size === stamp[0] && mtime === stamp[1];
  } catch {
    return false;
  }
}

/** The file Astro writes for a site path with `build.format: 'file'`: a page's path gets `.html`, a file's (`/tags/go.md`) is its own. */
const fileOf = (path: string) => (path === '/' ? 'index.html' : /\.[a-z]+$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`);

/**
 * What a route's pages render from besides their inputs: the code the route reaches (its module,
 * what that imports, and the Astro config with the integration, code-hash.ts codeDigest), the year
 * in the footer, whether social cards are on, Astro's arguments. An edit to code the route does not
 * reach (the function's, a twin route's stylesheet) keeps its pages.
 */
function buildFacts(route: string): string {
  const build = process.env.FOLIO_RENDER_KEY!;
  const key = `${build}\0${route}`;
  let facts = routeFacts().get(key);
  if (!facts) {
    facts = JSON.stringify([codeDigest([route, 'astro.config.ts']), new Date().getUTCFullYear(), socialCardsEnabled(), process.argv.slice(2)]);
    routeFacts().set(key, facts);
  }
  return facts;
}
// Once per route and build, in any copy of this module.
const FACTS = Symbol.for('folio.routeFacts');
const routeFacts = () => ((globalThis as { [FACTS]?: Map<string, string> })[FACTS] ??= new Map());

/** A page's name in the cache: the build's facts, its path and its inputs. */
const pageDigest = (facts: string, path: string, inputs: unknown) =>
  createHash('sha256').update(facts).update('\0').update(path).update('\0').update(digestOf(inputs)).digest('hex').slice(0, 32);

/**
 * For a page's getStaticPaths: the routes to render, i.e. all of them outside a build (astro dev,
 * tests: no FOLIO_RENDER_KEY), and in a build those whose digest the last build did not render.
 * `route` is the route's own module, from the repository's root (`src/pages/projects/[slug].astro`):
 * its code is part of the digest.
 */
export function pagesToRender<Params>(pages: CacheablePage<Params>[], route: string): { params: Params }[] {
  if (!process.env.FOLIO_RENDER_KEY) return pages.map(({ params }) => ({ params }));
  const facts = buildFacts(route);
  const { kept, rendered } = plan();
  const render: { params: Params }[] = [];
  for (const { params, path, inputs } of pages) {
    const digest = pageDigest(facts, path, inputs);
    const file = fileOf(path);
    if (isKept(digest)) kept.set(file, digest);
    else {
      rendered.set(file, digest);
      render.push({ params });
    }
  }
  return render;
}

/**
 * For a route of one page (no getStaticPaths, so it cannot be left out of the render): the last
 * build's file as the route's response when the page's inputs are the same, else undefined and
 * the route renders. Outside a build, always undefined. The page lists every record (the projects
 * index, llms.txt, the feed): rendering it again costs up to ~1 s at 10,000 records; serving the
 * file, a read.
 */
export function keptResponse(path: string, inputs: unknown, route: string): Response | undefined {
  if (!process.env.FOLIO_RENDER_KEY) return undefined;
  const digest = pageDigest(buildFacts(route), path, inputs);
  const { rendered, served } = plan();
  const file = fileOf(path);
  if (!isKept(digest)) {
    rendered.set(file, digest);
    return undefined;
  }
  served.set(file, digest);
  return new Response(readFileSync(join(pagesDir(), digest)));
}

/**
 * At the end of a build: links the kept pages into `outDir`, adds the pages this build rendered to
 * the cache, writes `files` (site path → text: the records' twins, which the integration makes, not
 * Astro) the same way, linking instead a file whose text the last build wrote, and removes from the
 * cache every page and file this build did not use. Counts pages only.
 */
export function keepPages(outDir: string, files: Record<string, string> = {}): { rendered: number; kept: number } {
  const { kept, rendered, served } = plan();
  const dir = pagesDir();
  mkdirSync(dir, { recursive: true });
  const reused = new Map(kept);
  const written = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) {
    const digest = createHash('sha256').update(path).update('\0').update(textDigest(text)).digest('hex').slice(0, 32);
    (isKept(digest) ? reused : written).set(fileOf(path), digest);
  }
  for (const folder of new Set([...reused.keys(), ...written.keys()].map((file) => dirname(join(outDir, file))))) mkdirSync(folder, { recursive: true });
  // One after another: here faster than fs.promises' open, write and close on libuv's threads.
  for (const file of written.keys()) writeFileSync(join(outDir, file), files[`/${file}`]!);
  const next: Record<string, Stamp> = {};
  for (const [file, digest] of reused) {
    link(join(dir, digest), join(outDir, file));
    next[digest] = readIndex()[digest]!;
  }
  // A served page's file is the one Astro wrote from the cache's bytes: it replaces the cache's.
  for (const [file, digest] of [...rendered, ...served, ...written]) {
    const source = join(outDir, file);
    if (!existsSync(source)) continue;
    const cached = join(dir, digest);
    if (existsSync(cached)) unlinkSync(cached);
    link(source, cached);
    next[digest] = stampOf(cached);
  }
  for (const name of readdirSync(dir)) if (!next[name]) unlinkSync(join(dir, name));
  writeAside(indexPath(), JSON.stringify(next));
  const counts = { rendered: rendered.size, kept: kept.size + served.size };
  (globalThis as { [PLAN]?: Plan })[PLAN] = undefined;
  index = undefined;
  return counts;
}

/** A hard link, or a copy where the two folders are on different file systems (or links are refused). */
function link(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

// ── The digest of a page's inputs ───────────────────────────────────────────────────────────────

// The build's content is deep-frozen (src/records/load.ts), so an object's digest can be kept by
// identity: each record is hashed once, however many pages show it (10,000 project pages list
// 30,000 related projects).
const DIGESTS = Symbol.for('folio.inputDigests');
const digests = ((globalThis as { [DIGESTS]?: WeakMap<object, string> })[DIGESTS] ??= new WeakMap());

/**
 * A digest of JSON-like data: two values have the same digest only if they are equal as data
 * (object key order aside). Anything that is not plain data (a Map, a Date, a class instance, a
 * function) is refused: it could hide a difference from the digest.
 */
export function digestOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return scalar(value);
  const known = digests.get(value);
  if (known) return known;
  // Short parts are gathered into one update; a long text (a body) by its digest, which the build
  // cache asks for too (disk-cache.ts).
  let text = '';
  const add = (v: unknown) => {
    if (v !== null && typeof v === 'object') text += `#${digestOf(v)}`;
    else if (typeof v === 'string' && v.length > 1024) text += `S${textDigest(v)}`;
    else text += scalar(v);
  };
  if (Array.isArray(value)) {
    text = '[';
    for (const v of value) add(v);
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      throw new TypeError(`a page's inputs must be plain data, not ${proto?.constructor?.name ?? 'this object'}`);
    text = '{';
    for (const k of Object.keys(value).sort()) {
      text += scalar(k);
      add((value as Record<string, unknown>)[k]);
    }
  }
  const digest = createHash('sha256').update(text).digest('base64url');
  if (Object.isFrozen(value)) digests.set(value, digest);
  return digest;
}

/**
 * A scalar as text that no other scalar (nor a sequence of them) shares: strings carry their
 * length; one with a lone surrogate, which UTF-8 cannot carry, is written as JSON (escaped).
 */
function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.isWellFormed() ? `s${value.length}:${value}` : `j${JSON.stringify(value)}`;
    case 'number':
      return `d${value};`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return 'u';
    default:
      if (value === null) return 'n';
      throw new TypeError(`a page's inputs must be plain data, not a ${typeof value}`);
  }
}
