// FO-INCREMENTAL: what one build keeps for the next (rendered bodies, parsed links) is named
// by a digest of the content and of the code that makes it, so it is reused when nothing changed
// and can never be read back once that code changed. Here the code's digest is the build's key
// (FOLIO_RENDER_KEY, mocked below), so a new key is a code change; which edits change which
// digest is tests/unit/build-code-digest.test.ts.
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { codeHash } from '../../src/build/code-hash.ts';
import { flushCache } from '../../src/build/disk-cache.ts';
import { tempDir } from './temp-dir.ts';

vi.mock('../../src/build/code-hash.ts', async (original) => ({
  ...(await original<typeof import('../../src/build/code-hash.ts')>()),
  codeDigest: (entries: readonly string[]) => `${process.env.FOLIO_RENDER_KEY}:${entries.join(',')}`,
}));

afterEach(() => {
  vi.unstubAllEnvs();
  newProcess();
});

/** What a new build process starts from: no memo of renders, links or cache packs in memory. */
function newProcess() {
  for (const name of [
    'folio.sourceLinks',
    'folio.renderMarkdown',
    'folio.buildCache',
    'folio.buildCacheNames',
    'folio.buildCacheCodes',
    'folio.routeFacts',
    'folio.pagePlan',
  ])
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(name)];
  vi.resetModules();
}
const freshRender = async () => (await import('../../src/build/render.ts')).renderMarkdown;
const freshLinks = async () => (await import('../../src/build/source-links.ts')).sourceLinks;

/** The shard files of a pack (disk-cache.ts). */
const shardsOf = (cache: string, kind: string) =>
  existsSync(join(cache, kind))
    ? readdirSync(join(cache, kind))
        .filter((f) => /^[0-9a-f]\.json$/.test(f))
        .map((f) => join(cache, kind, f))
    : [];
/** What a pack holds, all shards together. */
const packOf = (cache: string, kind: string) => Object.assign({}, ...shardsOf(cache, kind).map((f) => JSON.parse(readFileSync(f, 'utf8'))));

/** Ends the build (writes the packs), then edits what it kept, to see whether the next build reads it back. */
function endBuildAndMark(cache: string, kind: string, from: string, to: string) {
  flushCache();
  for (const shard of shardsOf(cache, kind)) writeFileSync(shard, readFileSync(shard, 'utf8').replaceAll(from, to));
  newProcess();
}

describe('FO-INCREMENTAL: the build cache', () => {
  test('a rendered body is kept, reused by the next build with the same code, and never by a build with other code', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const markdown = 'A body with **bold** text.';
    expect((await (await freshRender())(markdown)).html).toBe('<p>A body with <strong>bold</strong> text.</p>');
    endBuildAndMark(cache, 'html', 'bold', 'KEPT');
    expect(Object.keys(packOf(cache, 'html'))).toHaveLength(1);

    expect((await (await freshRender())(markdown)).html).toContain('KEPT');
    newProcess();
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-B');
    expect((await (await freshRender())(markdown)).html).toBe('<p>A body with <strong>bold</strong> text.</p>');
  });

  test('the render hands its links to the twins: a rendered body is not parsed again for them', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const markdown = 'See [the about page](/about) and ![a picture](p.png).';
    await (await freshRender())(markdown);
    // The links came with the render: the parser the twins would use is never called.
    vi.doMock('mdast-util-from-markdown', () => ({
      fromMarkdown: () => {
        throw new Error('parsed a second time');
      },
    }));
    try {
      expect((await freshLinks())(markdown)).toEqual([
        { url: '/about', start: 21, end: 27 },
        { url: 'p.png', start: 46, end: 51, image: true },
      ]);
    } finally {
      vi.doUnmock('mdast-util-from-markdown');
    }
  });

  test('parsed links follow the same rule as renders', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const markdown = 'See [the about page](/about).';
    expect((await freshLinks())(markdown)).toEqual([{ url: '/about', start: 21, end: 27 }]);
    endBuildAndMark(cache, 'links', '/about', '/KEPT!');
    expect((await freshLinks())(markdown)[0]!.url).toBe('/KEPT!');
    newProcess();
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-B');
    expect((await freshLinks())(markdown)[0]!.url).toBe('/about');
  });

  test('a pack keeps only what the last build used', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const render = await freshRender();
    await render('First body.');
    await render('Second body.');
    flushCache();
    newProcess();
    await (await freshRender())('Second body.');
    flushCache();
    expect(Object.values(packOf(cache, 'html'))).toEqual([{ html: '<p>Second body.</p>', headings: [] }]);
  });

  test('outside a build (no FOLIO_RENDER_KEY: astro dev, tests) nothing is kept', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', '');
    await (await freshRender())('Dev render.');
    flushCache();
    expect(shardsOf(cache, 'html')).toEqual([]);
    expect(readdirSync(cache)).toEqual([]);
  });

  test("the key is a digest of Folio's code: editing the renderer changes it", () => {
    // A copy of the code, not the code itself: other suites copy and build the repository meanwhile.
    const root = tempDir('folio-code-');
    cpSync(join(import.meta.dirname, '..', '..', 'src'), join(root, 'src'), { recursive: true });
    const before = codeHash(root);
    const file = join(root, 'src/build/render.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// an edit\n`);
    expect(codeHash(root)).not.toBe(before);
  });

  test('a render a build keeps without reading (its page was kept) is there for the next build; one neither read nor kept is dropped', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const render = await freshRender();
    await render('Kept body.');
    await render('Dropped body.');
    flushCache();
    newProcess();
    const { keepCached } = await import('../../src/build/disk-cache.ts');
    expect(keepCached('html', 'Kept body.')).toBe(true);
    expect(keepCached('html', 'Never rendered.')).toBe(false);
    flushCache();
    expect(Object.values(packOf(cache, 'html'))).toEqual([{ html: '<p>Kept body.</p>', headings: [] }]);
  });

  test('a shard whose names did not change is not written again (a rebuild rewrites only what changed)', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const bodies = Array.from({ length: 40 }, (_, i) => `Body number ${i}.`);
    for (const body of bodies) await (await freshRender())(body);
    flushCache();
    const before = new Map(shardsOf(cache, 'html').map((f) => [f, statSync(f).mtimeMs]));
    newProcess();
    const render = await freshRender();
    for (const body of bodies.slice(1)) await render(body);
    await render('A new body.');
    flushCache();
    const rewritten = shardsOf(cache, 'html').filter((f) => statSync(f).mtimeMs !== before.get(f));
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThanOrEqual(2);
    expect(Object.keys(packOf(cache, 'html'))).toHaveLength(40);
  });
});

describe('FO-INCREMENTAL: the page cache (page-cache.ts)', () => {
  // In a build (a key) long texts' digests are remembered (disk-cache.ts textDigest); outside one they are not.
  test.each(['', 'code-A'])(
    'digestOf: equal data, equal digest (key order aside); any difference, another digest; only plain data (FOLIO_RENDER_KEY=%j)',
    async (key) => {
      vi.stubEnv('FOLIO_RENDER_KEY', key);
      const { digestOf } = await import('../../src/build/page-cache.ts');
      const long = 'x'.repeat(5000);
      expect(digestOf({ a: long, b: [1, 'two', null, undefined, true] })).toBe(digestOf({ b: [1, 'two', null, undefined, true], a: long }));
      expect(digestOf({ a: long })).not.toBe(digestOf({ a: `${long}y` }));
      expect(digestOf(['ab', 'c'])).not.toBe(digestOf(['a', 'bc']));
      expect(digestOf([1])).not.toBe(digestOf(['1']));
      expect(digestOf({ a: [] })).not.toBe(digestOf({ a: {} }));
      // A lone surrogate becomes U+FFFD in UTF-8: it must not share a digest with one.
      expect(digestOf(['\uD800'.repeat(2000)])).not.toBe(digestOf(['\uFFFD'.repeat(2000)]));
      expect(() => digestOf({ when: new Date(0) })).toThrow(/plain data/);
      expect(() => digestOf({ map: new Map() })).toThrow(/plain data/);
    },
  );

  test("a page whose inputs are unchanged is the last build's file; one edited in place after the build (a post-build script) is rendered again", async () => {
    const cache = tempDir('folio-cache-');
    const dist = tempDir('folio-dist-');
    const file = join(dist, 'projects/quarry.html');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    /** One build of one page: Astro writes it when asked to render it; each build starts from an empty dist/, as npm run build does. */
    const build = async (title: string) => {
      newProcess();
      rmSync(dist, { recursive: true, force: true });
      const { keepPages, pagesToRender } = await import('../../src/build/page-cache.ts');
      const render = pagesToRender([{ params: { slug: 'quarry' }, path: '/projects/quarry', inputs: { title } }], 'src/pages/projects/[slug].astro');
      if (render.length) {
        mkdirSync(join(dist, 'projects'), { recursive: true });
        writeFileSync(file, `<h1>${title}</h1>`);
      }
      return keepPages(dist);
    };
    expect(await build('Quarry')).toEqual({ rendered: 1, kept: 0 });
    expect(await build('Quarry')).toEqual({ rendered: 0, kept: 1 });
    expect(readFileSync(file, 'utf8')).toBe('<h1>Quarry</h1>');
    expect(await build('Quarry 2')).toEqual({ rendered: 1, kept: 0 });
    expect(readFileSync(file, 'utf8')).toBe('<h1>Quarry 2</h1>');
    // A kept file is a hard link to the cache's: editing it in place edits the cache's too.
    appendFileSync(file, '<script>analytics()</script>');
    expect(await build('Quarry 2')).toEqual({ rendered: 1, kept: 0 });
    expect(readFileSync(file, 'utf8')).toBe('<h1>Quarry 2</h1>');
  });

  test("a single-page route (the projects index) answers with the last build's file while its listing is unchanged, and renders when it changes", async () => {
    const cache = tempDir('folio-cache-');
    const dist = tempDir('folio-dist-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    /** One build of /projects: the route's answer is what Astro writes. Returns what was served from the cache, if anything. */
    const build = async (titles: string[]) => {
      newProcess();
      rmSync(dist, { recursive: true, force: true });
      mkdirSync(dist);
      const { keepPages, keptResponse } = await import('../../src/build/page-cache.ts');
      const kept = keptResponse('/projects', { titles }, 'src/pages/projects.astro');
      writeFileSync(join(dist, 'projects.html'), kept ? Buffer.from(await kept.arrayBuffer()) : `<ul>${titles.map((t) => `<li>${t}</li>`).join('')}</ul>`);
      const counts = keepPages(dist);
      return { served: kept !== undefined, counts, file: readFileSync(join(dist, 'projects.html'), 'utf8') };
    };
    vi.stubEnv('FOLIO_RENDER_KEY', '');
    expect((await build(['Quarry'])).served).toBe(false);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    expect(await build(['Quarry'])).toEqual({ served: false, counts: { rendered: 1, kept: 0 }, file: '<ul><li>Quarry</li></ul>' });
    expect(await build(['Quarry'])).toEqual({ served: true, counts: { rendered: 0, kept: 1 }, file: '<ul><li>Quarry</li></ul>' });
    // Served twice in a row: the file Astro wrote from the cache's bytes became the cache's file.
    expect(await build(['Quarry'])).toEqual({ served: true, counts: { rendered: 0, kept: 1 }, file: '<ul><li>Quarry</li></ul>' });
    expect(await build(['Quarry', 'Lantern'])).toEqual({ served: false, counts: { rendered: 1, kept: 0 }, file: '<ul><li>Quarry</li><li>Lantern</li></ul>' });
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-B');
    expect((await build(['Quarry', 'Lantern'])).served).toBe(false);
  });
});
