// FO-INCREMENTAL: a stale cache can never leak into a build. An incremental build (one that
// starts from the cache the previous build left in FOLIO_CACHE_DIR) must write exactly the bytes a
// build from nothing writes for the same content, code and environment: every file under dist/ and
// generated/, same names, same contents.
//
// Two throwaway copies of the project (bench/site.ts copyProject: the work tree, node_modules
// linked) with the sample site's content. Copy A builds incrementally through a sequence of edits,
// always with the same cache folder; copy B gets the same edits and builds each state from nothing
// (no dist/, generated/ or .astro/, a new empty cache folder), side by side with A's build. After
// each edit both outputs must be equal. Each build also prints `pages: R rendered, K kept
// from the last build`: a build from nothing keeps nothing, an incremental build keeps at most the
// pages whose HTML did not change, and a rebuild with nothing changed keeps more than it renders.
//
// Speed: encoding the content images is most of a build from nothing (about 12 of 16 s for the
// sample's 202 image files). B's later builds from nothing therefore start from a cache folder
// holding only the images encoded by A's first build, which was from nothing (baseline). Those files
// are named by a digest of the source image's bytes, in a folder named by a digest of Folio's code,
// so a seeded one stands for the same source encoded by the same code; test 12, where the image
// encoder's code changes, builds B with an empty cache all the same.
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
const PAGES_LINE = /^pages: ([\d,]+) rendered, ([\d,]+) kept from the last build/gm;

type Env = Record<string, string | undefined>;

interface Snapshot {
  /** Every file under dist/ and generated/ (`dist/projects/quarry.html`) → sha256 of its bytes. */
  files: Map<string, string>;
  /** The build's `pages:` line, if it printed one. */
  counts?: { rendered: number; kept: number };
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
    FOLIO_RENDER_KEY: undefined, // the integration sets it from the code
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

/** Builds `dir` with `env` and returns what it wrote and the counts it printed; a failed build fails the test with its output. */
async function buildAndSnapshot(dir: string, env: Env, label: string): Promise<Snapshot> {
  const { ok, ms, output } = await npmBuild(dir, env);
  const line = [...output.matchAll(PAGES_LINE)].at(-1);
  timings.push(`${label}: ${(ms / 1000).toFixed(1)} s${line ? ` (${line[0]})` : ''}`);
  expect(ok, `${label}: npm run build failed:\n${output.split('\n').slice(-60).join('\n')}`).toBe(true);
  const number = (text: string) => Number(text.replaceAll(',', ''));
  return { files: snapshotFiles(dir), ...(line && { counts: { rendered: number(line[1]!), kept: number(line[2]!) } }), output, ms };
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

// The counts are checked with expect.soft: a wrong count fails the test, but the steps after it
// still build and compare (the output's equality is the guarantee; the counts say how much was kept).

/** The build's counts, or undefined (a soft failure) when it printed no `pages:` line. */
function counts(snapshot: Snapshot, which: string) {
  expect.soft(snapshot.counts, `${which}: the build printed no "pages: <R> rendered, <K> kept from the last build" line`).toBeDefined();
  return snapshot.counts;
}

/** The files of the single-page routes the page cache serves from the last build (keptResponse). */
const SINGLE_PAGE_FILES = new Set(['dist/llms.txt', 'dist/llms-full.txt', 'dist/feed.xml', 'dist/projects.md', 'dist/index.md', 'dist/posts.md']);
/**
 * The files a build may keep (page-cache.ts): HTML pages (and the search page template), tag pages'
 * twins, the projects and posts indexes' later and filtered pages' twins (FO-WORK, FO-POSTS), and
 * the single-page routes' files.
 */
const keepable = (file: string) =>
  file.endsWith('.html') ||
  /^dist\/tags\/[^/]+\.md$/.test(file) ||
  /^dist\/projects\/(page|category|type)\/.+\.md$/.test(file) ||
  /^dist\/posts\/page\/\d+\.md$/.test(file) ||
  SINGLE_PAGE_FILES.has(file);
/** Keepable files that are no HTML page: the tag twins, the projects index's page twins and the single-page routes' files, which use no component and no stylesheet. */
const notHtml = (snapshot: Snapshot) => [...snapshot.files.keys()].filter((f) => keepable(f) && !f.endsWith('.html')).length;

/** Keepable files that are new or changed from `before` to `after`. */
function changedPages(before: Snapshot, after: Snapshot): string[] {
  return [...after.files].filter(([f, hash]) => keepable(f) && before.files.get(f) !== hash).map(([f]) => f);
}

/**
 * The counts every step must print: the build from nothing kept nothing; the incremental build kept
 * at most the pages whose HTML did not change (a kept page is the last build's file, so a changed
 * page counted as kept would be a stale one the output comparison missed) and counted at most every page.
 */
function expectHonestCounts(step: string, before: Snapshot, after: Snapshot, reference: Snapshot) {
  const fromNothing = counts(reference, `${step}, build from nothing`);
  if (fromNothing) expect.soft(fromNothing.kept, `${step}: a build from nothing (empty cache) kept pages`).toBe(0);
  const incremental = counts(after, `${step}, incremental build`);
  if (!incremental) return undefined;
  const { rendered, kept } = incremental;
  const pages = [...after.files.keys()].filter(keepable).length;
  const changed = changedPages(before, after);
  expect
    .soft(kept, `${step}: ${kept} pages kept, but only ${pages - changed.length} of the ${pages} HTML pages and tag twins are unchanged since the last build`)
    .toBeLessThanOrEqual(pages - changed.length);
  expect.soft(rendered + kept, `${step}: ${rendered} rendered + ${kept} kept, more than the ${pages} HTML pages and tag twins`).toBeLessThanOrEqual(pages);
  return { rendered, kept };
}

/** The slugs each project page lists under "Related projects". */
function relatedLinks(copy: string): Map<string, string[]> {
  const related = new Map<string, string[]>();
  for (const file of readdirSync(join(copy, 'dist/projects')).filter((f) => f.endsWith('.html'))) {
    const section = /<section[^>]*aria-labelledby="folio-related"[^>]*>([\s\S]*?)<\/section>/.exec(read(copy, `dist/projects/${file}`))?.[1] ?? '';
    related.set(file.replace(/\.html$/, ''), [...new Set([...section.matchAll(/href="\/projects\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]);
  }
  return related;
}

const imageDigest = (copy: string, file: string) =>
  createHash('sha256')
    .update(readFileSync(join(copy, file)))
    .digest('hex')
    .slice(0, 16);

describe(`${RULE}: an incremental build writes what a build from nothing writes`, () => {
  let last: Snapshot; // copy A's previous build
  let lastReference: Snapshot; // copy B's build of the same state

  /** One step: the edit in both copies, A's incremental build, B's build from nothing; returns both, already compared. */
  async function step(name: string, change?: (copy: string) => void, options?: { seedImages?: boolean }) {
    if (change) edit(change);
    const before = last;
    // The two copies share nothing but node_modules (which a build only reads): built side by side.
    const [after, reference] = await Promise.all([incremental(name), fromNothing(name, options)]);
    expectSame(name, after, reference);
    last = after;
    lastReference = reference;
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
      last = first;
      lastReference = reference;
      // The images A encoded from nothing seed B's later builds from nothing (see the header).
      cpSync(join(cacheA, 'images'), imageSeed, { recursive: true });

      for (const [build, which] of [
        [first, 'A, from nothing'],
        [reference, 'B, from nothing'],
      ] as const) {
        const c = counts(build, which);
        if (c) expect.soft(c, `${which}: a build with an empty cache keeps nothing`).toEqual({ rendered: expect.any(Number), kept: 0 });
        if (c) expect.soft(c.rendered, `${which}: rendered`).toBeGreaterThan(0);
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 1. nothing changed: the rebuild equals both builds from nothing and keeps more pages than it renders`,
    async () => {
      const after = await incremental('1. nothing changed');
      expectSame('1. nothing changed (against B from nothing)', after, lastReference);
      expectSame("1. nothing changed (against A's own build from nothing)", after, last, { incremental: A, reference: A });
      const c = counts(after, '1. nothing changed');
      if (c) expect.soft(c.kept, `1. nothing changed: ${c.rendered} rendered, ${c.kept} kept`).toBeGreaterThan(c.rendered);
      last = after;
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 2. a sentence appended to one project's body: equality, the sentence on its page, other pages kept`,
    async () => {
      const sentence = 'Incremental proof: this sentence was appended after the first build.';
      const { before, after, reference } = await step('2. project body edited', (copy) => appendTo(copy, 'content/projects/sluice.md', sentence));
      expect(read(A, 'dist/projects/sluice.html')).toContain(sentence);
      const c = expectHonestCounts('2. project body edited', before, after, reference);
      if (c) expect.soft(c.kept, '2. one body edited: the other pages should be kept').toBeGreaterThan(0);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 3. the title of a project other projects list as related: equality, the new title on their pages`,
    async () => {
      // The project the most other pages list under "Related projects" (ties: by slug).
      const listedBy = new Map<string, string[]>();
      for (const [page, slugs] of relatedLinks(A)) for (const slug of slugs) listedBy.set(slug, [...(listedBy.get(slug) ?? []), page]);
      const [target, pages] = [...listedBy].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1))[0]!;
      expect(pages.length, `${target} is listed as related by other projects`).toBeGreaterThan(0);
      const title = 'Renamed for the incremental proof';
      const { before, after, reference } = await step('3. related project retitled', (copy) =>
        replaceIn(copy, `content/projects/${target}.md`, /^title: .*$/m, `title: "${title}"`),
      );
      for (const page of pages) expect(read(A, `dist/projects/${page}.html`), `${page} lists ${target} as related`).toContain(title);
      expectHonestCounts('3. related project retitled', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 4. a project's tags changed (a new tag): equality, the new tag page`,
    async () => {
      const { before, after, reference } = await step('4. new tag', (copy) =>
        replaceIn(copy, 'content/projects/tracejoin.md', /^tags: \[/m, 'tags: [incremental-proof, '),
      );
      expect(read(A, 'dist/tags/incremental-proof.html')).toContain('/projects/tracejoin');
      expectHonestCounts('4. new tag', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 5. the body of a page in the site header edited, then a new page that enters the header: equality after each`,
    async () => {
      const sentence = 'Incremental proof: the about page grew a sentence.';
      let { before, after, reference } = await step('5a. header page body edited', (copy) => appendTo(copy, 'content/pages/about.md', sentence));
      expect(read(A, 'dist/about.html')).toContain(sentence);
      expect(read(A, 'dist/projects/quarry.html'), 'about is in the header').toContain('href="/about"');
      expectHonestCounts('5a. header page body edited', before, after, reference);

      // order 2 puts it among the header's first NAV_PAGES pages: every page's header changes.
      const page =
        '---\ntitle: Field log\nsummary: A new page added between two builds.\ntags: [writing]\norder: 2\n---\n\nNotes written after the first build.\n';
      ({ before, after, reference } = await step('5b. new page in the header', (copy) => writeFileSync(join(copy, 'content/pages/field-log.md'), page)));
      expect(read(A, 'dist/field-log.html')).toContain('Notes written after the first build.');
      expect(read(A, 'dist/projects/quarry.html'), 'the new page is in every header').toContain('href="/field-log"');
      expectHonestCounts('5b. new page in the header', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 6. site.md's name changed: equality`,
    async () => {
      const { before, after, reference } = await step('6. site name', (copy) =>
        replaceIn(copy, 'content/site.md', /^name: .*$/m, 'name: Mara Lindqvist-Incremental'),
      );
      expect(read(A, 'dist/index.html')).toContain('Mara Lindqvist-Incremental');
      expect(read(A, 'dist/projects/bisector.html')).toContain('Mara Lindqvist-Incremental');
      expectHonestCounts('6. site name', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 7. a project file deleted: equality, its page and twin gone from the incremental build`,
    async () => {
      const gone = 'write-amplification-study'; // listed as related by others; two bodies link to it (a warning, not an error)
      expect(last.files.has(`dist/projects/${gone}.html`)).toBe(true);
      const { before, after, reference } = await step('7. project deleted', (copy) => rmSync(join(copy, `content/projects/${gone}.md`)));
      for (const file of [`dist/projects/${gone}.html`, `dist/projects/${gone}.md`])
        expect(after.files.has(file), `${file} after its project was deleted`).toBe(false);
      expect(read(A, 'generated/pages-manifest.json')).not.toContain(`/projects/${gone}`);
      expectHonestCounts('7. project deleted', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 8. a cover image's bytes replaced (same file name): equality, pages point at the new image`,
    async () => {
      const oldDigest = imageDigest(A, 'content/images/quarry.webp');
      const { before, after, reference } = await step('8. cover replaced', (copy) =>
        cpSync(join(copy, 'content/images/lintel.webp'), join(copy, 'content/images/quarry.webp')),
      );
      const newDigest = imageDigest(A, 'content/images/quarry.webp');
      expect(newDigest).not.toBe(oldDigest);
      for (const page of ['dist/projects/quarry.html', 'dist/index.html']) {
        expect(read(A, page), `${page} shows the new cover`).toContain(newDigest);
        expect(read(A, page), `${page} still points at the replaced cover`).not.toContain(oldDigest);
      }
      expectHonestCounts('8. cover replaced', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 9. FOLIO_SITE_URL changed to another loopback port: equality, no page keeps the old address`,
    async () => {
      env = { ...env, FOLIO_SITE_URL: 'http://127.0.0.1:4329' };
      const { before, after, reference } = await step('9. site URL');
      expect(read(A, 'dist/projects/quarry.html')).toContain('http://127.0.0.1:4329/projects/quarry');
      const stale = [...after.files.keys()].filter((f) => f.endsWith('.html') && read(A, f).includes('127.0.0.1:4321'));
      expect(stale, 'pages still naming the old FOLIO_SITE_URL').toEqual([]);
      expectHonestCounts('9. site URL', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 10. social cards turned on after builds without them, then a body edit: equality after each`,
    async () => {
      env = { ...env, FOLIO_SOCIAL_CARDS: undefined };
      let { before, after, reference } = await step('10a. social cards on');
      expect(after.files.has('dist/og/projects/quarry.png')).toBe(true);
      expect(read(A, 'dist/projects/quarry.html')).toContain('/og/projects/quarry.png');
      expectHonestCounts('10a. social cards on', before, after, reference);

      const sentence = 'Incremental proof: written with social cards on.';
      ({ before, after, reference } = await step('10b. body edited, cards on', (copy) => appendTo(copy, 'content/projects/tidewater.md', sentence)));
      expect(read(A, 'dist/projects/tidewater.html')).toContain(sentence);
      expectHonestCounts('10b. body edited, cards on', before, after, reference);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 11. Folio's code changed (a component's markup): equality, every HTML page rendered again, only Markdown and text files kept`,
    async () => {
      const { before, after, reference } = await step('11. component changed', (copy) =>
        replaceIn(copy, 'src/components/TwinLink.astro', '<span class="twin-link__path">', '<span class="twin-link__path" data-proof="component">'),
      );
      expect(read(A, 'dist/projects/quarry.html')).toContain('<span class="twin-link__path" data-proof="component">');
      const c = expectHonestCounts('11. component changed', before, after, reference);
      if (c) expect.soft(c.kept, '11. a component changed: every HTML page must be rendered again').toBeLessThanOrEqual(notHtml(after));
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 12. the stylesheet changed: equality, /folio.css is the new stylesheet, and no page is rendered again (each links it by the same name)`,
    async () => {
      const { before, after, reference } = await step('12. stylesheet changed', (copy) =>
        appendTo(copy, 'src/styles/global.css', '.incremental-proof { color: inherit; }'),
      );
      expect(read(A, 'dist/folio.css')).toContain('.incremental-proof');
      const c = expectHonestCounts('12. stylesheet changed', before, after, reference);
      if (c) expect.soft(c.rendered, '12. the stylesheet changed: no page is rendered again').toBe(0);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 13. code only the function runs changed: equality, and no project, content or tag page is rendered again`,
    async () => {
      const { before, after, reference } = await step('13. function code changed', (copy) =>
        appendTo(copy, 'src/server/portfolio/projects.ts', '// An edit only the function sees.'),
      );
      const c = expectHonestCounts('13. function code changed', before, after, reference);
      // Only llms.txt renders again: it names the API's documents, so its code reaches the route
      // table. Every page of a record is kept, and so are the other single-page files
      // (llms-full.txt is a module of its own, src/build/llms-full.ts, for this).
      if (c) expect.soft(c.rendered, '13. an edit only the function sees: only llms.txt renders again').toBe(1);
    },
    BUILD_TIMEOUT,
  );

  it(
    `${RULE} — 14. Folio's image encoding and card drawing code changed: equality with a build from an empty cache (encoded images and cards included)`,
    async () => {
      const { before, after, reference } = await step(
        '14. image and card code changed',
        (copy) => {
          // WebP one quality step lower; the cards' background a shade darker: every encoded image
          // and card changes, and no content does.
          const quality = Number(/webp: \{ quality: (\d+) \}/.exec(read(copy, 'src/build/write-images.ts'))?.[1]);
          replaceIn(copy, 'src/build/write-images.ts', /webp: \{ quality: \d+ \}/, `webp: { quality: ${quality - 1} }`);
          replaceIn(copy, 'src/build/social-cards.ts', /bg: '#fbfaf7'/, "bg: '#f0efe9'");
        },
        { seedImages: false },
      );
      const c = expectHonestCounts('14. image and card code changed', before, after, reference);
      if (c) expect.soft(c.kept, "14. Folio's code changed: every page must be rendered again").toBe(0);
    },
    BUILD_TIMEOUT,
  );
});
