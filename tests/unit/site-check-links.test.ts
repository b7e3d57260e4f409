// npm run check reads links out of pages, twins and llms files: what counts as an internal link.
import { describe, expect, test } from 'vitest';
import { htmlLinks, internalPath, markdownLinks, linkFix } from '../../scripts/lib/site-check.ts';

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
