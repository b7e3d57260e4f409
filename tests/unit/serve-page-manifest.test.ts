// The page manifest the build writes for the middleware: pages, twins, token estimates, the 404.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { estimateTokens } from '../../src/builder/integration.ts';
import { buildPageManifest, FALLBACK_NOT_FOUND, pagePathOf, twinPathOf, type PageManifest } from '../../src/routing/page-manifest.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-manifest-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('page and twin paths', () => {
  test('cleanUrls shapes: about.html → /about, index.html → /, x/index.html → /x', () => {
    expect(pagePathOf('about.html')).toBe('/about');
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf(join('projects', 'quarry.html'))).toBe('/projects/quarry');
    expect(pagePathOf(join('docs', 'index.html'))).toBe('/docs');
  });
  test('the home page’s twin is /index.md; others add .md', () => {
    expect(twinPathOf('/')).toBe('/index.md');
    expect(twinPathOf('/projects/quarry')).toBe('/projects/quarry.md');
  });
});

describe('buildPageManifest', () => {
  test('pages with and without twins, every Markdown file with its tokens, the site’s 404.md (the 404 page is not a page)', () => {
    const dir = fixture({
      'index.html': '<h1>',
      'index.md': 'x'.repeat(40),
      'about.html': '<h1>',
      'about.md': 'y'.repeat(9),
      'developers.html': '<h1>',
      'auth.md': 'z'.repeat(4),
      '404.html': '<h1>',
      '404.md': '# Gone\n',
      '_astro/a.css': 'body{}',
      'llms.txt': 'llms',
    });
    expect(buildPageManifest(dir, estimateTokens)).toEqual({
      pages: { '/': '/index.md', '/about': '/about.md', '/developers': null },
      markdown: { '/about.md': 3, '/auth.md': 1, '/index.md': 10 },
      notFound: { body: '# Gone\n', tokens: 2 },
    } satisfies PageManifest);
  });

  test('without dist/404.md the Markdown 404 falls back to a short built-in page', () => {
    const manifest = buildPageManifest(fixture({ 'index.html': '<h1>' }), estimateTokens);
    expect(manifest.notFound).toEqual({ body: FALLBACK_NOT_FOUND, tokens: estimateTokens(FALLBACK_NOT_FOUND) });
  });
});
