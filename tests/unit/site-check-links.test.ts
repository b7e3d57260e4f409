// npm run check reads links out of pages, twins and llms files: what counts as an internal link.
import { describe, expect, test } from 'vitest';
import { FOLIO_BUG_FIX, htmlLinks, internalPath, isFolioOutput, linkFix, markdownLinks, reportLines } from '../../scripts/lib/site-check.ts';

const base = 'http://127.0.0.1:4321';

describe('FO-OWNER-CHECK: the links npm run check follows', () => {
  test('Markdown: inline links, images, titles and autolinks; code spans and fenced blocks are not links', () => {
    const md = [
      '[a](/about) ![b](/img/x.png "Title") <http://127.0.0.1:4321/llms.txt>',
      '`[not](/code-span)`',
      '```md',
      '[not](/fenced)',
      '```',
      '[mail](mailto:a@b.c) [frag](#top) [out](https://example.com/x)',
    ].join('\n');
    expect(markdownLinks(md)).toEqual(['/about', '/img/x.png', 'https://example.com/x', 'http://127.0.0.1:4321/llms.txt']);
  });

  test('HTML: href, src and srcset values and the social card, entities decoded; fragments and non-HTTP schemes left out', () => {
    const html =
      '<meta property="og:image" content="http://127.0.0.1:4321/og/index.png"><a href="/projects?type=app&amp;x=1">p</a><img src="/a.png"><a href="#main">s</a><a href="mailto:x@y.z">m</a>' +
      '<source type="image/webp" srcset="/_images/x-320.webp 320w, /_images/x-640.webp 640w">';
    expect(htmlLinks(html)).toEqual(['/projects?type=app&x=1', '/a.png', '/_images/x-320.webp', '/_images/x-640.webp', 'http://127.0.0.1:4321/og/index.png']);
  });

  test('internal paths: same origin or root-relative, fragment dropped; other origins and protocol-relative URLs are external', () => {
    expect(internalPath('/about#team', base)).toBe('/about');
    expect(internalPath(`${base}/projects/x.md?q=1`, base)).toBe('/projects/x.md?q=1');
    expect(internalPath('https://example.com/about', base)).toBeUndefined();
    expect(internalPath('//evil.example/about', base)).toBeUndefined();
  });
});

describe('the owner’s loop: a broken link gets the page it most likely meant', () => {
  const pages = ['/', '/about', '/now', '/projects', '/projects/palette', '/projects/quarry', '/projects/quarry-wasm'];
  test('a slug one or two letters off, in the same folder: "did you mean"', () => {
    expect(linkFix('/projects/quarri', pages)).toBe('did you mean /projects/quarry? Point the link there, or remove it');
    expect(linkFix('/projects/palete', pages)).toBe('did you mean /projects/palette? Point the link there, or remove it');
    expect(linkFix('/abuot', pages)).toBe('did you mean /about? Point the link there, or remove it');
  });
  test('nothing close: where pages come from', () => {
    expect(linkFix('/projects/zebra', pages)).toMatch(/^point the link at an existing project or page \(content\/projects\/zebra\.md/);
  });
});

describe('FO-OWNER-CHECK: a problem Folio causes is reported apart from the owner’s', () => {
  const owner = { where: 'content/pages/a.md', what: 'links to /b, which answers 404', fix: 'point the link at an existing page' };
  const folio = { where: 'content/projects/x.md', what: 'its surfaces disagree: the twin says title "y"', fix: FOLIO_BUG_FIX, folio: true as const };

  test('the owner’s problems come first; Folio’s follow under their own heading; each is counted apart', () => {
    const lines = reportLines([folio, owner, folio], 'Checked 3 pages.', '1.0 s');
    expect(lines[0]).toBe('✗ content/pages/a.md: links to /b, which answers 404. Fix: point the link at an existing page.');
    expect(lines.indexOf("Folio's own (not in your content; the fix is Folio's):")).toBe(2);
    expect(lines.at(-1)).toBe('1 problem in your content and 2 Folio bugs: nothing should deploy until they are fixed (1.0 s).');
    expect(reportLines([owner], 'Checked.', '1.0 s')).not.toContain("Folio's own (not in your content; the fix is Folio's):");
    expect(reportLines([folio], 'Checked.', '1.0 s').at(-1)).toBe('1 Folio bug: nothing should deploy until it is fixed (1.0 s).');
    expect(reportLines([], 'Checked.', '1.0 s').at(-1)).toBe('No problems (1.0 s).');
  });

  test('a broken link to a file only Folio writes (an encoded image, a social card) is Folio’s, not the owner’s', () => {
    expect(isFolioOutput('/_images/abc-320.webp')).toBe(true);
    expect(isFolioOutput('/og/projects/x.png')).toBe(true);
    expect(isFolioOutput('/projects/x')).toBe(false);
  });
});
