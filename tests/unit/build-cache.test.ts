// FO-INCREMENTAL: what one build keeps for the next (encoded images, social cards) sits in a folder
// named by a digest of the code that makes it, so it can never be read back once that code
// changed, and the folders of other code go when a build ends. Within one build, a body's render
// hands its links to the twins, so no body is parsed twice.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cacheRoot, codeFolder, MADE_BY, pruneCodeFolders } from '../../src/builder/disk-cache.ts';
import { tempDir } from '../support/temp-dir.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('FO-INCREMENTAL: the build cache', () => {
  test("each kind's folder is named by its code; a build's end removes the folders of other code and keeps this code's", () => {
    vi.stubEnv('FOLIO_CACHE_DIR', tempDir('folio-cache-'));
    const images = codeFolder('images');
    const cards = codeFolder('cards');
    expect(images.startsWith(join(cacheRoot(), 'images'))).toBe(true);
    expect(cards.startsWith(join(cacheRoot(), 'cards'))).toBe(true);
    const stale = join(cacheRoot(), 'images', 'made-by-older-code');
    for (const dir of [images, cards, stale]) mkdirSync(dir, { recursive: true });
    pruneCodeFolders();
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(join(cacheRoot(), 'images'))).toEqual([images.split('/').at(-1)]);
    expect(existsSync(cards)).toBe(true);
    expect(Object.keys(MADE_BY).sort()).toEqual(['cards', 'images']);
  });

  test('the render hands its links to the twins: a rendered body is not parsed again for them', async () => {
    // A text no other test has rendered: a process keeps the links of each text it has seen.
    const markdown = `See [the about page](/about) and ![a picture](p.png). ${randomUUID()}`;
    // The parse the twins would make (markdown-tree.ts, Sätteri's mdast) fails; the render (its HTML) does not use it.
    vi.resetModules();
    vi.doMock('satteri', async (importOriginal) => ({
      ...(await importOriginal<typeof import('satteri')>()),
      markdownToMdast: () => {
        throw new Error('parsed a second time');
      },
    }));
    try {
      await (await import('../../src/render/markdown.ts')).renderMarkdown(markdown);
      const { sourceLinks } = await import('../../src/records/source-links.ts');
      // The links came with the render.
      expect(sourceLinks(markdown)).toEqual([
        { url: '/about', start: 21, end: 27 },
        { url: 'p.png', start: 46, end: 51, image: true },
      ]);
      // The failing parse is the one source-links.ts calls: a text not rendered reaches it.
      expect(() => sourceLinks(`[not rendered](/x) ${randomUUID()}`)).toThrow('parsed a second time');
    } finally {
      vi.doUnmock('satteri');
    }
  });
});
