// FO-INCREMENTAL: a stale cache can never leak into a build. What a build keeps for the next
// (FOLIO_CACHE_DIR: encoded images and social cards, each named by a digest of its source, in a
// folder named by a digest of the code that makes it) is reused when nothing it shows changed,
// made again when it did, and a rebuild writes exactly the bytes a build from nothing writes for
// the same content, code and environment: every file under dist/ and generated/.
//
// Four builds in two throwaway copies of the project (bench/site.ts copyProject: the work tree,
// node_modules linked), each with the same small cut of the sample site's content (cutSample, KEEP:
// the three projects the edits touch, one post, one page, the résumé): what is proven does not grow
// with the site, and every page is rendered in all four builds, every card drawn and every image
// encoded in three (on the whole sample, 102 pages, this file took nearly twice the CPU). The cut has
// every kind of record and card, both source formats (WebP covers; a PNG avatar, post cover and body
// image), and its raster images scaled down to 400 px wide (SOURCE_WIDTH; encoding costs by the
// pixel): each still has a file per output format (AVIF, WebP) at two widths, 320 and its own;
//   0. copy A builds the cut from nothing; side by side, copy B builds the edited state (step 1's
//      edits, made first) from nothing, with an empty cache of its own;
//   1. A, edited (a body, a cover's bytes, a title, a page template: one session), rebuilds from its
//      cache: its output must equal B's byte for byte (B was built elsewhere on disk, so a build that
//      depends on its path or is not deterministic fails here too), having encoded only the new
//      cover and drawn only the cards that show what changed;
//   2. A's image encoder and card drawing change: the rebuild encodes every image and draws every
//      card again, and nothing else of the output moves but the data file's build id.
// Each build proves what no other can: step 1 needs a cache filled by a build of the state before
// the edits (A's) and a build from nothing of the state after them (B's); step 2 needs a cache
// filled by the same code before the code edit (A's after step 1).
//
// FO-BUILD-OUTPUT rides on step 0's builds (FO-TEST-TIERS: site builds are counted): what `npm run
// build` prints, not in a terminal (a log): A's, one line per phase with its counts and a summary, not
// Astro's route-by-route log; B's, run with `--verbose`, Astro's log kept, the résumé's twin route
// among its routes. The flag changes the log and never the output: step 1 holds B's files, byte for
// byte, to A's rebuilt without it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject, REPO_ROOT } from '../../bench/site.ts';
import { tempDir } from '../support/temp-dir.ts';

const SAMPLE = join(REPO_ROOT, 'tests/fixtures/sample-site/content');
/**
 * The sample's records the copies keep (the rest are removed): the projects step 1 edits (quarry,
 * featured on the home page, for its cover; sluice for its body; tidewater, featured too, for its
 * title), and one of each other kind (a post with a PNG cover, a page), besides site.md and the résumé.
 */
const KEEP: Record<string, string[]> = { projects: ['quarry', 'sluice', 'tidewater'], posts: ['a-search-index-in-one-file'], pages: ['about'] };
const FEATURED = ['quarry', 'tidewater'];
const RULE = 'FO-INCREMENTAL: a stale cache can never leak into a build';
/** The sources' width in the copies: above the smallest output width (320), so an image has two. */
const SOURCE_WIDTH = 400;
const RASTER = /\.(png|webp|jpe?g)$/;
// Step 0 is two builds from nothing side by side (each encodes every image and draws every card): on two
// shared cores under load, minutes.
const BUILD_TIMEOUT = 600_000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a terminal colour code starts with ESC.
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** What `npm run build` writes: the site and the function's files. */
const OUTPUTS = ['dist', 'generated'];
/** The build's images line (integration.ts): image files written, and how many it encoded rather than took from the cache. */
const IMAGES_LINE = /^images: ([\d,]+) files of .*, ([\d,]+) encoded, /m;
/** The build's cards line (integration.ts): cards written, and how many it drew rather than took from the cache. */
const CARDS_LINE = /^social cards: ([\d,]+), ([\d,]+) drawn, /m;

type Env = Record<string, string | undefined>;

interface Snapshot {
  /** Every file under dist/ and generated/ (`dist/projects/quarry.html`) → sha256 of its bytes. */
  files: Map<string, string>;
  /** Image files written, and how many of them were encoded now (not taken from the cache). */
  images: { files: number; encoded: number };
  /** Social cards written, and how many of them were drawn now. */
  cards: { total: number; drawn: number };
  output: string;
  ms: number;
}

const root = tempDir('folio-incremental-', 'file');
const A = join(root, 'a'); // the sample, then edited: every build after the first from the same cache
const B = join(root, 'b'); // the edited state, built once from nothing
const cacheA = join(root, 'cache-a');
const timings: string[] = [];

afterAll(() => {
  if (timings.length) console.log(`build-incremental builds:\n  ${timings.join('\n  ')}`);
});

/** `npm run build` in `dir` (Node 24 first on PATH, like bench/site.ts projectBuild), keeping the whole output. */
function npmBuild(dir: string, env: Env, args: string[] = []): Promise<{ ok: boolean; ms: number; output: string }> {
  const merged: Env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    PATH: `${join(dir, 'node_modules/.bin')}:${join(process.execPath, '..')}:${process.env.PATH ?? ''}`,
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', 'build', '--', ...args], { cwd: dir, env: merged as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ ok: code === 0, ms: performance.now() - started, output: output.replace(ANSI_COLOUR, '') }));
  });
}

function snapshotFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const top of OUTPUTS) {
    if (!existsSync(join(dir, top))) continue;
    for (const entry of readdirSync(join(dir, top), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      files.set(relative(dir, file).split('\\').join('/'), createHash('sha256').update(readFileSync(file)).digest('hex'));
    }
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Builds `dir` with `env` and returns what it wrote; a failed build fails the test with its output. */
async function buildAndSnapshot(dir: string, env: Env, label: string, args: string[] = []): Promise<Snapshot> {
  const { ok, ms, output } = await npmBuild(dir, env, args);
  timings.push(`${label}: ${(ms / 1000).toFixed(1)} s`);
  expect(ok, `${label}: npm run build failed:\n${output.split('\n').slice(-60).join('\n')}`).toBe(true);
  const count = (text: string | undefined) => Number((text ?? 'NaN').replaceAll(',', ''));
  const images = IMAGES_LINE.exec(output);
  const cards = CARDS_LINE.exec(output);
  expect(images, `${label}: the build's images line`).not.toBeNull();
  expect(cards, `${label}: the build's social cards line`).not.toBeNull();
  return {
    files: snapshotFiles(dir),
    images: { files: count(images?.[1]), encoded: count(images?.[2]) },
    cards: { total: count(cards?.[1]), drawn: count(cards?.[2]) },
    output,
    ms,
  };
}

// Social cards on (the default), so both cached kinds are exercised; Astro's log only where asked (--verbose).
const env: Env = { FOLIO_CONTENT: '', FOLIO_SITE_URL: 'http://127.0.0.1:4321', FOLIO_SOCIAL_CARDS: undefined, FOLIO_VERBOSE: undefined };
const build = (copy: string, cache: string, label: string, args: string[] = []) => buildAndSnapshot(copy, { ...env, FOLIO_CACHE_DIR: cache }, label, args);

/** Replaces `from` with `to` in a file of the copy, failing when `from` is not there (the fixture or the code moved). */
function replaceIn(copy: string, file: string, from: string | RegExp, to: string) {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
    throw new Error(`${file} no longer contains ${String(from)}: update this test's edit`);
  writeFileSync(
    path,
    text.replace(from, () => to),
  );
}

const appendTo = (copy: string, file: string, text: string) =>
  writeFileSync(join(copy, file), `${readFileSync(join(copy, file), 'utf8').trimEnd()}\n\n${text}\n`);
const read = (copy: string, file: string) => readFileSync(join(copy, file), 'utf8');

const TEXT_FILE = /\.(html|md|txt|json|xml|js|css|svg)$/;

/** A short account of how two snapshots differ ('' when they are equal), naming the first differing paths. */
function differences(incremental: Snapshot, reference: Snapshot, dirs = { incremental: A, reference: B }): string {
  const onlyIncremental = [...incremental.files.keys()].filter((f) => !reference.files.has(f));
  const onlyReference = [...reference.files.keys()].filter((f) => !incremental.files.has(f));
  const differ = [...incremental.files].filter(([f, hash]) => reference.files.has(f) && reference.files.get(f) !== hash).map(([f]) => f);
  if (!onlyIncremental.length && !onlyReference.length && !differ.length) return '';
  const list = (files: string[]) => `${files.slice(0, 12).join(', ')}${files.length > 12 ? `, … (${files.length - 12} more)` : ''}`;
  const lines = [`${incremental.files.size} files in the incremental build, ${reference.files.size} in the build from nothing.`];
  if (onlyIncremental.length) lines.push(`Only in the incremental build (${onlyIncremental.length}): ${list(onlyIncremental)}`);
  if (onlyReference.length) lines.push(`Only in the build from nothing (${onlyReference.length}): ${list(onlyReference)}`);
  if (differ.length) lines.push(`Different bytes (${differ.length}): ${list(differ)}`);
  const byFolder = new Map<string, number>();
  for (const f of [...onlyIncremental, ...onlyReference, ...differ])
    byFolder.set(f.slice(0, f.lastIndexOf('/')), (byFolder.get(f.slice(0, f.lastIndexOf('/'))) ?? 0) + 1);
  lines.push(`By folder: ${[...byFolder].map(([folder, n]) => `${folder} ${n}`).join(', ')}`);
  for (const file of differ.filter((f) => TEXT_FILE.test(f)).slice(0, 2)) {
    const [a, b] = [read(dirs.incremental, file), read(dirs.reference, file)];
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 80), at + 120));
    lines.push(`First difference in ${file}, at character ${at}:\n    incremental:  ${around(a)}\n    from nothing: ${around(b)}`);
  }
  return lines.join('\n  ');
}

function expectSame(step: string, incremental: Snapshot, reference: Snapshot) {
  const report = differences(incremental, reference);
  expect(
    report,
    `${step}: the output differs from a build from nothing of the same content, code and environment (its log was --verbose, which changes no file):\n  ${report}`,
  ).toBe('');
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
/** Output files whose bytes differ between two snapshots holding the same names. */
const changed = (before: Snapshot, after: Snapshot, which: RegExp) =>
  [...after.files].filter(([file, hash]) => which.test(file) && before.files.get(file) !== hash).map(([file]) => file);
const IMAGE_FILE = /^dist\/_images\//;
const CARD_FILE = /^dist\/og\/.*\.png$/;

/** A Markdown link to a path of the site (`[Quarry](/projects/quarry#numbers)`): its label, and its path's last segment. */
const SITE_LINK = /\[([^\]]*)\]\(\/(?:[^)\s#]*\/)?([^)\s#/]*)(?:#[^)\s]*)?\)/g;
/** A record's tags (`tags: [rust, search, indexing]`): the cut keeps the first, for fewer tag pages and cards. */
const TAGS = /^tags: \[([^,\]]+)[^\]]*\]$/m;
/** An image a Markdown file names (`../images/quarry.webp`, `images/mara.png`). */
const IMAGE_NAMED = /\bimages\/([\w.-]+)/g;

/**
 * The sample's content in `dir`, cut to KEEP: site.md features only kept projects, a record keeps its
 * first tag (three tag pages, not thirteen), a link to a removed record becomes its label, images no
 * kept file names are removed, and the rest are scaled down to SOURCE_WIDTH. Made once, so both
 * copies hold the same bytes.
 */
async function cutSample(dir: string) {
  cpSync(SAMPLE, dir, { recursive: true });
  const removed = new Set<string>();
  for (const [folder, keep] of Object.entries(KEEP))
    for (const name of readdirSync(join(dir, folder))) {
      const slug = name.replace(/\.md$/, '');
      if (keep.includes(slug)) continue;
      removed.add(slug);
      rmSync(join(dir, folder, name));
    }
  replaceIn(dir, 'site.md', /^featured: .*$/m, `featured: [${FEATURED.join(', ')}]`);
  const named = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.md'))) {
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text.replace(TAGS, 'tags: [$1]').replace(SITE_LINK, (link, label: string, slug: string) => (removed.has(slug) ? label : link)),
    );
    for (const [, image] of text.matchAll(IMAGE_NAMED)) named.add(image!);
  }
  const images = join(dir, 'images');
  for (const name of readdirSync(images)) {
    const file = join(images, name);
    if (!named.has(name)) rmSync(file);
    else if (RASTER.test(name)) {
      const format = name.endsWith('.png') ? 'png' : name.endsWith('.webp') ? 'webp' : 'jpeg';
      writeFileSync(file, await sharp(readFileSync(file)).resize({ width: SOURCE_WIDTH, withoutEnlargement: true }).toFormat(format).toBuffer());
    }
  }
}

// Step 1's edits, one session: each changes one thing the cache keys on, or nothing it keys on.
const SENTENCE = 'Incremental proof: this sentence was appended after the first build.';
const TITLE = 'Renamed for the incremental proof';
/** A cover's new bytes: lintel.webp mirrored, an image no build has encoded yet. */
let newCover: Buffer;
function editSession(copy: string) {
  // A body: its page changes; no image and no card shows it.
  appendTo(copy, 'content/projects/sluice.md', SENTENCE);
  // A cover's bytes (same file name): its image files are named anew, its project's card shows it.
  writeFileSync(join(copy, 'content/images/quarry.webp'), newCover);
  // A title: its page and its card change.
  replaceIn(copy, 'content/projects/tidewater.md', /^title: .*$/m, `title: "${TITLE}"`);
  // Folio's code, outside what makes images and cards: every page changes, the cache stays valid.
  replaceIn(copy, 'src/layouts/Base.astro', 'content="#141413"', 'content="#141414"');
}

describe(`${RULE}: a rebuild reuses what did not change and writes what a build from nothing writes`, () => {
  let first: Snapshot; // A from nothing: the sample
  let reference: Snapshot; // B from nothing: the edited state
  let rebuilt: Snapshot; // A rebuilt: the edited state
  let oldCover: string;

  it(
    `${RULE} — 0. the sample and its edited state, each built from nothing (every image encoded, every card drawn)`,
    async () => {
      const content = join(root, 'content');
      await cutSample(content);
      for (const copy of [A, B]) {
        mkdirSync(copy);
        copyProject(copy);
        cpSync(content, join(copy, 'content'), { recursive: true });
      }
      oldCover = digestOf(readFileSync(join(A, 'content/images/quarry.webp')));
      // Another of the sample's images (cut from the copies), scaled like theirs and mirrored.
      newCover = await sharp(readFileSync(join(SAMPLE, 'images/lintel.webp')))
        .resize({ width: SOURCE_WIDTH })
        .flop()
        .webp()
        .toBuffer();
      editSession(B);
      // The two copies share nothing but node_modules (which a build only reads): built side by side.
      [first, reference] = await Promise.all([
        build(A, cacheA, 'A from nothing, the sample'),
        build(B, join(root, 'cache-b'), 'B from nothing, edited, --verbose', ['--verbose']),
      ]);
      for (const [name, made] of [
        ['A', first],
        ['B', reference],
      ] as const) {
        expect(made.files.size, name).toBeGreaterThan(100);
        expect(made.output, `${name}: the cut links to no record it removed`).not.toContain('points at no project or page');
        expect(made.images.files, `${name}: images`).toBeGreaterThan(0);
        expect(made.images.encoded, `${name}: an empty cache: every image file encoded`).toBe(made.images.files);
        expect(made.cards.total, `${name}: cards`).toBeGreaterThan(0);
        expect(made.cards.drawn, `${name}: an empty cache: every card drawn`).toBe(made.cards.total);
      }
    },
    BUILD_TIMEOUT,
  );

  it('FO-BUILD-OUTPUT: a first build prints one line per phase with counts and a summary with the time, and no route of Astro’s', () => {
    expect(first, 'step 0 built A').toBeDefined();
    const out = first.output;
    const lines = out.split('\n');
    // Phases, in order, with their counts (the cut of the sample, KEEP: 5 source images, a résumé).
    const phases = [
      /^Building content\/ \(3 projects, 1 post, 1 page, a résumé\); --verbose shows Astro's log$/,
      /^pages: [\d,]+ rendered$/,
      /^social cards: (\d+), \1 drawn, 0 from the cache$/,
      /^llms\.txt: [\d,]+ characters, ~[\d,]+ tokens$/,
      /^data file: 3 projects, 1 post, 1 page, a résumé for the function \(build [\w-]+\)$/,
      // FO-IMAGES-NAMED: after the data file, the last output to name images.
      /^images: [\d,]+ files of 5 source images, [\d,]+ encoded, 0 from the cache$/,
      /^twins: \d+ Markdown files; (\d+) of \1 pages have a twin$/,
      /^function: \d+ files, \d+ KB$/,
      /^Built in \d+\.\d s: \d+ pages, \d+ Markdown files, [\d,]+ image files \(\d+ encoded now\), \d+ social cards \(\d+ drawn now\), in dist\/\.$/,
    ];
    let at = -1;
    for (const phase of phases) {
      const found = lines.findIndex((line, i) => i > at && phase.test(line));
      expect(found, `no line ${phase} after line ${at} in:\n${out}`).toBeGreaterThan(at);
      at = found;
    }
    // None of Astro's own lines: its route log, its headings, its per-page timings.
    expect(out).not.toContain('├─');
    expect(out).not.toContain('generating static routes');
    expect(out).not.toMatch(/\[build\]|\[vite\]|\[types\]/);
    expect(out).not.toContain('file not created');
  });

  it('FO-BUILD-OUTPUT: --verbose keeps Astro’s route-by-route log; the résumé’s twin route writes its file on a site with a résumé', () => {
    expect(reference, 'step 0 built B').toBeDefined();
    const out = reference.output;
    expect(out).toContain('generating static routes');
    expect(out).toMatch(/├─ \/og\/projects\/quarry\.png/);
    expect(out).toMatch(/^pages: [\d,]+ rendered$/m);
    // The résumé's twin is its route's file (src/pages/[...lang]/resume.md.ts) on a site that has a résumé.
    expect(out).toMatch(/├─ \/resume\.md/);
    expect(out).not.toMatch(/\/resume\.md.*file not created/);
    expect(out).not.toContain("--verbose shows Astro's log");
  });

  it(
    `${RULE} — 1. a body, a cover's bytes, a title and a page template edited: the rebuild equals the build from nothing, encoding only the new cover and drawing only the changed cards`,
    async () => {
      editSession(A);
      rebuilt = await build(A, cacheA, 'A rebuilt, edited');
      expectSame('1. edited', rebuilt, reference);

      expect(read(A, 'dist/projects/sluice.html')).toContain(SENTENCE);
      expect(read(A, 'dist/projects/tidewater.html')).toContain(TITLE);
      expect(read(A, 'dist/index.html')).toContain('content="#141414"');
      // The cover: its pages point at the new image files (named by the new bytes' digest), which are
      // the only files encoded; the replaced cover's are gone from the output.
      const cover = digestOf(newCover);
      expect(cover).not.toBe(oldCover);
      for (const page of ['dist/projects/quarry.html', 'dist/index.html']) {
        expect(read(A, page), `${page} shows the new cover`).toContain(cover);
        expect(read(A, page), `${page} still points at the replaced cover`).not.toContain(oldCover);
      }
      const coverFiles = [...rebuilt.files.keys()].filter((file) => IMAGE_FILE.test(file) && file.includes(cover));
      expect(coverFiles.length).toBeGreaterThan(0);
      expect([...rebuilt.files.keys()].filter((file) => file.includes(oldCover))).toEqual([]);
      expect(rebuilt.images.encoded, '1. only the new cover is encoded; every other image comes from the cache').toBe(coverFiles.length);
      // Cards: the retitled project's and the new cover's are drawn again, and only the cards whose
      // bytes changed (the body and the template are on no card).
      const cards = changed(first, rebuilt, CARD_FILE);
      expect(cards).toEqual(expect.arrayContaining(['dist/og/projects/tidewater.png', 'dist/og/projects/quarry.png']));
      expect(cards).not.toContain('dist/og/projects/sluice.png');
      expect(rebuilt.cards.drawn, `1. cards drawn again: exactly the changed ones (${cards.join(', ')})`).toBe(cards.length);
      expect(rebuilt.cards.total).toBe(first.cards.total);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 2. Folio's image encoding and card drawing code changed: the rebuild encodes every image and draws every card again, and nothing else changes but the build id`,
    async () => {
      // WebP one quality step lower; the cards' background a shade darker: every WebP file and card
      // changes, and no content does.
      const quality = Number(/webp: \{ quality: (\d+) \}/.exec(read(A, 'src/builder/write-images.ts'))?.[1]);
      replaceIn(A, 'src/builder/write-images.ts', /webp: \{ quality: \d+ \}/, `webp: { quality: ${quality - 1} }`);
      replaceIn(A, 'src/builder/social-cards.ts', /bg: '#fbfaf7'/, "bg: '#f0efe9'");
      const after = await build(A, cacheA, 'A rebuilt, image and card code changed');
      // Nothing made by the old code is read back: a build from nothing of this state would encode
      // and draw the same (step 1 showed that a fresh encoding and drawing equal the cached ones).
      expect(after.images.encoded, '2. every image file encoded again').toBe(after.images.files);
      expect(after.cards.drawn, '2. every card drawn again').toBe(after.cards.total);
      expect([...after.files.keys()], '2. the same files').toEqual([...rebuilt.files.keys()]);
      const webp = [...after.files.keys()].filter((file) => IMAGE_FILE.test(file) && file.endsWith('.webp'));
      const cards = [...after.files.keys()].filter((file) => CARD_FILE.test(file));
      expect(webp.length).toBeGreaterThan(0);
      // And the data file, whose build id names Folio's code (an ETag changes with any code that may change an answer).
      const dataFile = ['generated/folio-data.json', 'generated/folio-data.texts'];
      expect(changed(rebuilt, after, /./).sort(), '2. exactly the WebP files, the cards and the data file change').toEqual(
        [...webp, ...cards, ...dataFile].sort(),
      );
      // The cache keeps one folder per kind, this code's: the old code's files are gone.
      for (const kind of ['images', 'cards']) expect(readdirSync(join(cacheA, kind)), kind).toHaveLength(1);
    },
    BUILD_TIMEOUT,
  );
});
