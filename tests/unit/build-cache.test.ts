// build-scale issue § 3: what one build keeps for the next (rendered bodies, parsed links) is named
// by a digest of the content and of Folio's code (FOLIO_RENDER_KEY), so it is reused when nothing
// changed and can never be read back once the code changed.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { codeHash } from '../../src/build/code-hash.ts';
import { tempDir } from './temp-dir.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** A fresh copy of the renderer (its in-process memo empty), as the next build would load it. */
const freshRender = async () => (await import('../../src/records/render.ts')).renderMarkdown;
const freshLinks = async () => {
  // Its memo is one per process (shared by the build's setup and its pages): a new build is a new process.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('folio.sourceLinks')];
  return (await import('../../src/records/source-links.ts')).sourceLinks;
};

function poisonEvery(dir: string, replace: (json: string) => string) {
  for (const file of readdirSync(dir)) writeFileSync(join(dir, file), replace(readFileSync(join(dir, file), 'utf8')));
}

describe('the build cache', () => {
  test('a rendered body is kept, reused by the next build with the same code, and never by a build with other code', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const markdown = 'A body with **bold** text.';
    expect((await (await freshRender())(markdown)).html).toBe('<p>A body with <strong>bold</strong> text.</p>');
    const kept = join(cache, 'html');
    expect(readdirSync(kept)).toHaveLength(1);
    // Mark what is kept, to see whether the next build reads it back.
    poisonEvery(kept, (json) => json.replace('bold', 'KEPT'));

    vi.resetModules();
    expect((await (await freshRender())(markdown)).html).toContain('KEPT');

    vi.resetModules();
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-B');
    expect((await (await freshRender())(markdown)).html).toBe('<p>A body with <strong>bold</strong> text.</p>');
  });

  test('parsed links follow the same rule', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-A');
    const markdown = 'See [the about page](/about).';
    expect((await freshLinks())(markdown)).toEqual([{ url: '/about', start: 21, end: 27 }]);
    poisonEvery(join(cache, 'links'), (json) => json.replace('/about', '/KEPT!'));
    vi.resetModules();
    expect((await freshLinks())(markdown)[0]!.url).toBe('/KEPT!');
    vi.resetModules();
    vi.stubEnv('FOLIO_RENDER_KEY', 'code-B');
    expect((await freshLinks())(markdown)[0]!.url).toBe('/about');
  });

  test('outside a build (no FOLIO_RENDER_KEY: astro dev, tests) nothing is kept', async () => {
    const cache = tempDir('folio-cache-');
    vi.stubEnv('FOLIO_CACHE_DIR', cache);
    vi.stubEnv('FOLIO_RENDER_KEY', '');
    await (await freshRender())('Dev render.');
    expect(readdirSync(cache)).toEqual([]);
  });

  test("the key is a digest of Folio's code: editing the renderer changes it", () => {
    // A copy of the code, not the code itself: other suites copy and build the repository meanwhile.
    const root = tempDir('folio-code-');
    cpSync(join(import.meta.dirname, '..', '..', 'src'), join(root, 'src'), { recursive: true });
    const before = codeHash(root);
    const file = join(root, 'src/records/render.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// an edit\n`);
    expect(codeHash(root)).not.toBe(before);
  });
});
