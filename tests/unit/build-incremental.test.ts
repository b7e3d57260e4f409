// FO-INCREMENTAL: a stale cache can never leak into a build. A rebuild (one that starts from the
// cache the previous build left in FOLIO_CACHE_DIR: encoded images and social cards, each named by
// a digest of its source and of the code that makes it) must write exactly the bytes a build from
// nothing writes for the same content, code and environment: every file under dist/ and generated/,
// same names, same contents.
//
// Two throwaway copies of the project (bench/site.ts copyProject: the work tree, node_modules
// linked) with the sample site's content. Copy A builds through a sequence of edits, always with
// the same cache folder; copy B gets the same edits and builds each state from nothing (no dist/,
// generated/ or .astro/, a new empty cache folder), side by side with A's build. After each edit
// both outputs must be equal.
//
// Speed: encoding the content images is most of a build from nothing (about 12 of 16 s for the
// sample's 202 image files). B's later builds from nothing therefore start from a cache folder
// holding only the images encoded by A's first build, which was from nothing (baseline). Those files
// are named by a digest of the source image's bytes, in a folder named by a digest of Folio's code,
// so a seeded one stands for the same source encoded by the same code; the last step, where the
// image encoder's code changes, builds B with an empty cache all the same.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject, REPO_ROOT } from '../../bench/site.ts';
import { tempDir } from './temp-dir.ts';

const SAMPLE = join(REPO_ROOT, 'tests/fixtures/sample-site/content');
const RULE = 'FO-INCREMENTAL: a stale cache can never leak into a build';
const BUILD_TIMEOUT = 180_000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a terminal colour code starts with ESC.
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** What `npm run build` writes: the site and the function's files. */
const OUTPUTS = ['dist', 'generated'];
/** The build's images line (integration.ts): how many image files it encoded rather than took from the cache. */
const IMAGES_LINE = /^images: .*, ([\d,]+) encoded, /m;

type Env = Record<string, string | undefined>;

interface Snapshot {
  /** Every file under dist/ and generated/ (`dist/projects/quarry.html`) → sha256 of its bytes. */
  files: Map<string, string>;
  /** Image files the build encoded (not taken from the cache), if it printed its images line. */
  encoded?: number;
  output: string;
  ms: number;
}

const root = tempDir('folio-incremental-', 'file');
const A = join(root, 'a'); // builds incrementally
const B = join(root, 'b'); // builds each state from nothing
const cacheA = join(root, 'cache-a');
const imageSeed = join(root, 'image-seed');
const timings: string[] = [];
let refs = 0;

afterAll(() => {
  if (timings.length) console.log(`build-incremental builds:\n  ${timings.join('\n  ')}`);
});

/** `npm run build` in `dir` (Node 24 first on PATH, like bench/site.ts projectBuild), keeping the whole output. */
function npmBuild(dir: string, env: Env): Promise<{ ok: boolean; ms: number; output: string }> {
  const merged: Env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    PATH: `${join(dir, 'node_modules/.bin')}:${join(process.execPath, '..')}:${process.env.PATH ?? ''}`,
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: dir, env: merged as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
async function buildAndSnapshot(dir: string, env: Env, label: string): Promise<Snapshot> {
  const { ok, ms, output } = await npmBuild(dir, env);
  timings.push(`${label}: ${(ms / 1000).toFixed(1)} s`);
  expect(ok, `${label}: npm run build failed:\n${output.split('\n').slice(-60).join('\n')}`).toBe(true);
  const encoded = IMAGES_LINE.exec(output)?.[1];
  return { files: snapshotFiles(dir), ...(encoded && { encoded: Number(encoded.replaceAll(',', '')) }), output, ms };
}

const baseEnv: Env = { FOLIO_CONTENT: '', FOLIO_SITE_URL: 'http://127.0.0.1:4321', FOLIO_SOCIAL_CARDS: '0' };
let env: Env = { ...baseEnv };

/** Copy A's next build: the same cache folder as every build before it. */
const incremental = (label: string) => buildAndSnapshot(A, { ...env, FOLIO_CACHE_DIR: cacheA }, `A incremental, ${label}`);

/** Copy B's build of its current state from nothing (a new cache folder; by default seeded with encoded images only, see the header). */
async function fromNothing(label: string, { seedImages = true } = {}): Promise<Snapshot> {
  for (const name of [...OUTPUTS, '.astro', ...readdirSync(B).filter((n) => n.startsWith('.dist-old-'))])
    rmSync(join(B, name), { recursive: true, force: true });
  const cache = join(root, `cache-b-${refs++}`);
  if (seedImages && existsSync(imageSeed)) cpSync(imageSeed, join(cache, 'images'), { recursive: true });
  try {
    return await buildAndSnapshot(
      B,
      { ...env, FOLIO_CACHE_DIR: cache },
      `B from nothing${seedImages && existsSync(imageSeed) ? ' (images seeded)' : ''}, ${label}`,
    );
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** The same edit in both copies. */
function edit(change: (copy: string) => void) {
  for (const copy of [A, B]) change(copy);
}

/** Replaces `from` with `to` in a file of the copy, failing when `from` is not there (the fixture or the code moved). */
function replaceIn(copy: string, file: string, from: string | RegExp, to: string) {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
    throw new Error(`${file} no longer contains ${String(from)}: update this test's edit`);
  writeFileSync(path, text.replace(from, to));
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

function expectSame(step: string, incremental: Snapshot, reference: Snapshot, dirs?: { incremental: string; reference: string }) {
  const report = differences(incremental, reference, dirs);
  expect(report, `${step}: the output differs from a build from nothing of the same content, code and environment:\n  ${report}`).toBe('');
}

const imageDigest = (copy: string, file: string) =>
  createHash('sha256')
    .update(readFileSync(join(copy, file)))
    .digest('hex')
    .slice(0, 16);

describe(`${RULE}: a rebuild writes what a build from nothing writes`, () => {
  let last: Snapshot; // copy A's previous build

  /** One step: the edit in both copies, A's rebuild, B's build from nothing; returns both, already compared. */
  async function step(name: string, change?: (copy: string) => void, options?: { seedImages?: boolean }) {
    if (change) edit(change);
    const before = last;
    // The two copies share nothing but node_modules (which a build only reads): built side by side.
    const [after, reference] = await Promise.all([incremental(name), fromNothing(name, options)]);
    expectSame(name, after, reference);
    last = after;
    return { before, after, reference };
  }

  it(
    `${RULE} — baseline: two builds from nothing of the same state, in two copies, are byte-identical (nondeterminism shows up here, not in the steps)`,
    async () => {
      for (const copy of [A, B]) {
        mkdirSync(copy);
        copyProject(copy);
        cpSync(SAMPLE, join(copy, 'content'), { recursive: true });
      }
      const [first, reference] = await Promise.all([
        buildAndSnapshot(A, { ...env, FOLIO_CACHE_DIR: cacheA }, 'A from nothing, baseline'),
        fromNothing('baseline'),
      ]);
      expect(differences(first, reference), `two builds from nothing differ: the build is not deterministic (or depends on the project's path)`).toBe('');
      expect(first.files.size).toBeGreaterThan(300);
      expect(first.encoded, 'A from nothing: its images line').toBeGreaterThan(0);
      last = first;
      // The images A encoded from nothing seed B's later builds from nothing (see the header).
      cpSync(join(cacheA, 'images'), imageSeed, { recursive: true });
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 1. a sentence appended to one project's body: equality, the sentence on its page, no image encoded again`,
    async () => {
      const sentence = 'Incremental proof: this sentence was appended after the first build.';
      const { after } = await step('1. project body edited', (copy) => appendTo(copy, 'content/projects/sluice.md', sentence));
      expect(read(A, 'dist/projects/sluice.html')).toContain(sentence);
      expect(after.encoded, '1. no image changed: every image file is taken from the cache').toBe(0);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 2. a cover image's bytes replaced (same file name): equality, pages point at the new image`,
    async () => {
      const oldDigest = imageDigest(A, 'content/images/quarry.webp');
      const { after } = await step('2. cover replaced', (copy) => cpSync(join(copy, 'content/images/lintel.webp'), join(copy, 'content/images/quarry.webp')));
      const newDigest = imageDigest(A, 'content/images/quarry.webp');
      expect(newDigest).not.toBe(oldDigest);
      for (const page of ['dist/projects/quarry.html', 'dist/index.html']) {
        expect(read(A, page), `${page} shows the new cover`).toContain(newDigest);
        expect(read(A, page), `${page} still points at the replaced cover`).not.toContain(oldDigest);
      }
      // The new bytes are lintel.webp's, which the site already shows: an image is named by its
      // bytes, so the replaced cover is taken from the cache, not encoded again.
      expect(after.encoded, '2. the new cover is an image the cache already holds').toBe(0);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 3. social cards turned on after builds without them, then a project retitled: equality after each`,
    async () => {
      env = { ...env, FOLIO_SOCIAL_CARDS: undefined };
      await step('3a. social cards on');
      expect(last.files.has('dist/og/projects/quarry.png')).toBe(true);
      expect(read(A, 'dist/projects/quarry.html')).toContain('/og/projects/quarry.png');
      // The card shows the title: the rebuild draws this one card again and takes the others from the cache.
      const title = 'Renamed for the incremental proof';
      const { before, after } = await step('3b. project retitled, cards on', (copy) =>
        replaceIn(copy, 'content/projects/tidewater.md', /^title: .*$/m, `title: "${title}"`),
      );
      expect(read(A, 'dist/projects/tidewater.html')).toContain(title);
      expect(after.files.get('dist/og/projects/tidewater.png')).not.toBe(before.files.get('dist/og/projects/tidewater.png'));
      expect(after.files.get('dist/og/projects/quarry.png')).toBe(before.files.get('dist/og/projects/quarry.png'));
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 4. Folio's image encoding and card drawing code changed: equality with a build from an empty cache (encoded images and cards included)`,
    async () => {
      await step(
        '4. image and card code changed',
        (copy) => {
          // WebP one quality step lower; the cards' background a shade darker: every encoded image
          // and card changes, and no content does.
          const quality = Number(/webp: \{ quality: (\d+) \}/.exec(read(copy, 'src/generators/write-images.ts'))?.[1]);
          replaceIn(copy, 'src/generators/write-images.ts', /webp: \{ quality: \d+ \}/, `webp: { quality: ${quality - 1} }`);
          replaceIn(copy, 'src/generators/social-cards.ts', /bg: '#fbfaf7'/, "bg: '#f0efe9'");
        },
        { seedImages: false },
      );
    },
    BUILD_TIMEOUT,
  );
});
