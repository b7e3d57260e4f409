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
  for (const name of ['folio.sourceLinks', 'folio.renderMarkdown', 'folio.buildCache', 'folio.buildCacheNames', 'folio.buildCacheCodes'])
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
