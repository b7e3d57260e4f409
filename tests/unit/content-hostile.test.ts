// FO-CONTENT-DATA: what an owner pastes in is shown, never run. The hostile fixture's bodies hold
// every construct of raw HTML and Markdown that could run script, frame, restyle or redirect a page,
// and its SVGs script, handlers, foreignObject, outside references and entities: the loader
// refuses each, naming its file and line; code spans and blocks stay text, and clean SVGs pass.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type ContentError, loadContent } from '../../src/records/load.ts';
import { MAY_BE_UNSAFE, unsafeHtml, unsafeUrl } from '../../src/records/body-safety.ts';
import { svgProblem } from '../../src/images/svg-safety.ts';
import { contentProblemsOf } from '../support/content-fixtures.ts';
import { tempDir } from '../support/temp-dir.ts';

const HOSTILE = join(import.meta.dirname, '..', 'fixtures', 'hostile-site', 'content');
const VALID = join(import.meta.dirname, '..', 'fixtures', 'content-valid', 'content');

/** The problems of the small valid site with `body` as its one project's text (line 10 of the file). */
function refusedIn(body: string): string[] {
  const dir = tempDir('folio-hostile-');
  cpSync(VALID, dir, { recursive: true });
  const file = join(dir, 'projects', 'alpha.md');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace('Alpha body.', () => body),
  );
  return contentProblemsOf(dir);
}

const problems = (() => {
  const found = contentProblemsOf(HOSTILE);
  if (!found.length) throw new Error('the hostile fixture loaded without a content error');
  return found;
})();

/** The 1-based line of `content/<file>` that holds `marker` (the first, or the `nth`). */
function lineOf(file: string, marker: string, nth = 1): number {
  const lines = readFileSync(join(HOSTILE, file), 'utf8').split('\n');
  let seen = 0;
  const at = lines.findIndex((l) => l.includes(marker) && ++seen === nth);
  if (at < 0) throw new Error(`${marker} is not in ${file}`);
  return at + 1;
}

/** What is refused: the file, a text on the refused line, and what the problem says. */
const REFUSED: [file: string, marker: string, says: string][] = [
  ['site.md', "javascript:alert('bio')", 'the link "javascript:alert(\'bio\')": a javascript: address runs script'],
  ['projects/html-attributes.md', 'onerror=', 'the attribute onerror on <img>: an event handler is script'],
  ['projects/html-attributes.md', 'javascript:alert(2)', 'href="javascript:alert(2)" on <a>: a javascript: address runs script'],
  ['projects/html-attributes.md', 'java&#9;script', 'href="java\\tscript:alert(3)" on <a>: a javascript: address runs script'],
  ['projects/html-attributes.md', 'VBScript:', 'href="VBScript:msgbox(4)" on <a>: a vbscript: address runs script'],
  [
    'projects/html-attributes.md',
    'style="position',
    'the attribute style on <p>: a body may not style the page; give the element a class and style it in content/custom.css',
  ],
  ['projects/html-attributes.md', 'data:text/html', 'on <a>: a data: address other than a PNG, JPEG, GIF, WebP or AVIF image opens a document of its own'],
  [
    'projects/html-attributes.md',
    'formaction=',
    'a raw <button> in the text: it is not one of the HTML elements a body may use; a body may not send what visitors type anywhere; link to the form instead [body-element]',
  ],
  ['projects/html-attributes.md', 'srcset=', 'srcset="javascript:alert(8)" on <img>'],
  ['projects/html-attributes.md', 'title="', 'a tag in the text is never closed with ">"'],
  [
    'projects/elements.md',
    "<script>alert('script')",
    'a raw <script> in the text: a body may not frame pages or run script; to show a video, put the video address alone',
  ],
  ['projects/elements.md', '<style>', 'a raw <style> in the text: a body may not style the page'],
  ['projects/elements.md', '<object', 'a raw <object> in the text'],
  ['projects/elements.md', '<embed', 'a raw <embed> in the text'],
  ['projects/elements.md', '<form', 'a raw <form> in the text: a body may not send what visitors type anywhere'],
  ['projects/elements.md', '<base', 'a raw <base> in the text'],
  ['projects/elements.md', '<form', 'a raw <input> in the text: it is not one of the HTML elements a body may use'],
  ['projects/elements.md', '<meta', 'a raw <meta> in the text: it is not one of the HTML elements a body may use; it can change how the page loads'],
  ['projects/elements.md', '<link', 'a raw <link> in the text'],
  ['projects/elements.md', '<svg>', 'a raw <svg> in the text: inline SVG is read by other rules than HTML'],
  ['projects/elements.md', '<svg>', 'a raw <script> in the text'],
  ['projects/elements.md', '<math>', 'a raw <math> in the text'],
  ['projects/elements.md', '<math>', 'a raw <style> in the text'],
  [
    'projects/elements.md',
    '<math>',
    'a raw <mtext> in the text: it is not one of the HTML elements a body may use; docs/content.md lists the HTML a body may use',
  ],
  ['projects/elements.md', '<noscript>', 'a raw <noscript> in the text: it changes how the browser reads the rest of the page'],
  ['projects/elements.md', '<iframe', 'a raw <iframe> in the text'],
  ['projects/markdown-links.md', '[link](javascript:', 'the link "javascript:alert(1)": a javascript: address runs script'],
  ['projects/markdown-links.md', 'javascript\\:alert(2)', 'the link "javascript:alert(2)"'],
  ['projects/markdown-links.md', '&#106;avascript', 'the link "javascript:alert(3)"'],
  ['projects/markdown-links.md', 'vbscript:msgbox', 'the link "vbscript:msgbox(4)": a vbscript: address runs script'],
  ['projects/markdown-links.md', '![alt](javascript:', 'the image "javascript:alert(5)"'],
  ['projects/markdown-links.md', 'data:text/html', 'the link "data:text/html,<script>alert(6)</script>": a data: address other than'],
  ['projects/markdown-links.md', 'data:image/svg+xml', 'the link "data:image/svg+xml,<svg/onload=alert(7)>"'],
  ['projects/markdown-links.md', '<javascript:alert(8)>', 'the link "javascript:alert(8)"'],
  ['projects/markdown-links.md', '[evil]: javascript:', 'the link definition "javascript:alert(9)"'],
  ['projects/markdown-links.md', 'onclick=', 'the attribute onclick on <b>'],
  [
    'projects/markdown-links.md',
    'body-script.svg',
    'the image content/images/body-script.svg is an SVG with more than a drawing in it, which could run script or load other files when the image is opened by its address: line 3: <script> is not a drawing element: it runs script [svg-element]',
  ],
  [
    'pages/about.md',
    'entity.svg',
    'the image content/images/entity.svg is an SVG with more than a drawing in it, which could run script or load other files when the image is opened by its address: line 5: a <!DOCTYPE> other than the standard SVG one',
  ],
  ['pages/about.md', 'external-href.svg', 'xlink:href="https://tracker.example/pixel.png" on <image> refers to another file or address'],
];

describe('FO-CONTENT-DATA: raw HTML and Markdown that could run, frame or restyle are refused with file and line', () => {
  test.each(REFUSED)('%s, the line with %s: %s', (file, marker, says) => {
    const at = `content/${file}: line ${lineOf(file, marker)}: `;
    expect(problems.filter((p) => p.startsWith(at) && p.includes(says))).toHaveLength(1);
  });

  test('nothing else is refused: code spans and blocks, prose, safe links, a class, data: images and the clean SVG pass', () => {
    // The avatar is a front-matter field: its problem names the field, not a line.
    expect(problems.filter((p) => p.startsWith('content/site.md: field "avatar"'))).toEqual([
      expect.stringContaining(
        'content/images/avatar-onload.svg is an SVG with more than a drawing in it, which could run script or load other files when the image is opened by its address: line 2: the attribute onload on <svg> is an event handler',
      ),
    ]);
    expect(problems).toHaveLength(REFUSED.length + 1);
    expect(problems.filter((p) => /safe-code\.md|alpha\.md|clean\.svg/.test(p))).toEqual([]);
  });

  test('ContentError points the dev overlay at the first problem, in its file', () => {
    let loc: ContentError['loc'];
    try {
      loadContent(HOSTILE);
    } catch (error) {
      loc = (error as ContentError).loc;
    }
    expect(loc?.file).toBe(join(HOSTILE, 'site.md'));
  });
});

describe('FO-CONTENT-DATA: addresses are read as a browser reads them', () => {
  test('each hostile construct alone is parsed (the cheap test that skips most bodies lets none through); plain prose is not', () => {
    for (const body of [
      '[x](javascript:alert(1))',
      '[x](JavaScript\\:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '[x](&#x6A;avascript:alert(1))',
      '[x](java&Tab;script:alert(1))',
      '[x](vbscript:x)',
      '![x](data:text/html,x)',
      '<javascript:alert(1)>',
      '[r]: javascript:x',
      'a <b onclick=x>b</b>',
      '<p style="x">',
    ]) {
      expect(MAY_BE_UNSAFE.test(body), body).toBe(true);
      expect(refusedIn(body), body).toEqual([expect.stringMatching(/\/projects\/alpha\.md: line 10: /)]);
    }
    // GFM's reading, as the renderer's: a footnote's text is Markdown (CommonMark alone reads a link definition).
    expect(refusedIn('Text[^1].\n\n[^1]: <img src=x onerror=alert(1)>')).toEqual([expect.stringMatching(/alpha\.md: line 12: the attribute onerror on <img>/)]);
    const prose = 'R&D, a < b, 3 <= 4, [a link](https://example.com/x) about metadata and JavaScript.';
    expect(MAY_BE_UNSAFE.test(prose)).toBe(false);
    expect(refusedIn(prose)).toEqual([]);
  });

  test('javascript:, vbscript: and data: other than raster images are refused however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:x',
      'java\tscript:x',
      'java\nscript:x',
      '\u0001javascript:x',
      'VBSCRIPT:x',
      'data:text/html,x',
      'data:image/svg+xml,<svg/>',
      'DATA:application/xhtml+xml,x',
    ])
      expect(unsafeUrl(url), url).toBeDefined();
    for (const url of [
      'https://example.com/javascript:x',
      '/javascript:x',
      '#data:x',
      'mailto:a@b.example',
      'data:image/png;base64,AAAA',
      'DATA:IMAGE/WEBP,x',
      'java script:x',
      'tel:+100',
    ])
      expect(unsafeUrl(url), url).toBeUndefined();
  });

  test('raw HTML is tokenized as a browser does: character references decoded, slashes as separators, the first of two attributes kept', () => {
    expect(unsafeHtml('<a href="&#x6A;avascript&colon;x">x</a>')[0]?.problem).toContain('a javascript: address runs script');
    expect(unsafeHtml('<img/src="x"/onerror=alert(1)>')[0]?.problem).toContain('the attribute onerror on <img>');
    expect(unsafeHtml('<a href="/ok" href="javascript:x">')[0]?.problem).toContain('names an attribute twice');
    expect(unsafeHtml('<div\n  class="a"\n  onclick="x">')).toEqual([{ line: 3, problem: expect.stringContaining('the attribute onclick on <div>') }]);
    expect(unsafeHtml('<a href="https://example.com" class="x" title="javascript: a guide">ok</a><span class="note">x</span>')).toEqual([]);
  });
});

const IMAGES = join(HOSTILE, 'images');
const svg = (name: string) => svgProblem(readFileSync(join(IMAGES, name)), `content/images/${name}`);
const drawn = (body: string, attrs = '') =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="9" height="9"${attrs}>${body}</svg>`);

describe('FO-CONTENT-DATA: an SVG that could run script or load from elsewhere is a content error naming the file and the reason', () => {
  test('the fixture SVGs: the clean one passes; each hostile one names its file, line and reason', () => {
    expect(svg('clean.svg')).toBeUndefined();
    expect(svg('avatar-onload.svg')).toMatch(
      /^content\/images\/avatar-onload\.svg is an SVG .*line 2: the attribute onload on <svg> is an event handler, which runs script \[svg-attribute\]/,
    );
    expect(svg('body-script.svg')).toMatch(/^content\/images\/body-script\.svg .*line 3: <script> is not a drawing element: it runs script \[svg-element\]/);
    expect(svg('entity.svg')).toContain(
      'a <!DOCTYPE> other than the standard SVG one (an internal subset [ … ] declares entities or default attributes, such as an onload) [svg-doctype]',
    );
    expect(svg('external-href.svg')).toContain('refers to another file or address');
    expect(svg('external-href.svg')).toContain('<foreignObject> is not a drawing element: it holds HTML, which can run script [svg-element]');
    expect(readdirSync(IMAGES).filter((f) => f.endsWith('.svg'))).toHaveLength(5);
  });

  test('every way an SVG runs script or loads from elsewhere, each with its reason', () => {
    const cases: [Uint8Array, string][] = [
      [drawn('<script>alert(1)</script>'), '<script> is not a drawing element: it runs script [svg-element]'],
      [drawn('<rect/>', ' onload="alert(1)"'), 'the attribute onload on <svg> is an event handler'],
      [drawn('<foreignObject/>'), '<foreignObject> is not a drawing element: it holds HTML'],
      [
        drawn('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>'),
        '<h:iframe> is in the namespace "http://www.w3.org/1999/xhtml", not SVG\'s',
      ],
      [drawn('<g xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></g>'), '<script> is in the namespace "http://www.w3.org/1999/xhtml"'],
      [drawn('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'), '<set attributeName="href"> animates what is not a drawing attribute'],
      [drawn('<animate attributeName="onbegin" values="alert(1)"/>'), 'a link or an event handler can become script) [svg-animation]'],
      [drawn('<use href="other.svg#icon"/>'), 'href="other.svg#icon" on <use> refers to another file'],
      [drawn('<image xlink:href="data:image/svg+xml,&lt;svg/&gt;"/>'), 'refers to another file or address'],
      [drawn('<style>@import "https://x.example/a.css";</style>'), 'a <style>: @import loads a stylesheet from elsewhere [svg-css]'],
      [drawn('<style><![CDATA[rect { fill: url("https://x.example/p.svg#a") }]]></style>'), 'url("https://x.example/p.svg#a") loads from elsewhere'],
      [drawn('<style>rect { fill: \\75 rl(https://x.example/) }</style>'), 'a CSS escape (\\) can hide what it loads'],
      [drawn('<rect filter="url(https://x.example/f.svg#blur)"/>'), 'the attribute filter on <rect>: url("https://x.example/f.svg#blur") loads from elsewhere'],
      [drawn('<rect style="fill: url(//x.example/p)"/>'), 'the attribute style on <rect>: url("//x.example/p") loads from elsewhere'],
      [new TextEncoder().encode(`<?xml-stylesheet href="https://x.example/a.xsl"?>${new TextDecoder().decode(drawn(''))}`), 'an <?xml-stylesheet?> loads'],
    ];
    for (const [bytes, reason] of cases) expect(svgProblem(bytes, 'x.svg'), reason).toContain(reason);
  });

  test('a file a browser would not show as SVG says so: not well-formed, or not an <svg> in the SVG namespace', () => {
    expect(svgProblem(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'), 'x.svg')).toMatch(
      /^x\.svg is not an SVG image a browser can show: it is not well-formed XML \(line 1, column \d+: /,
    );
    expect(svgProblem(new TextEncoder().encode('<svg width="1" height="1"/>'), 'x.svg')).toContain(
      'its root element is <svg>, not <svg xmlns="http://www.w3.org/2000/svg">',
    );
  });

  test('what drawing programs write stays allowed: internal references, gradients by url(#id), data: raster images, a standard DOCTYPE, editor namespaces', () => {
    const inkscape = new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="9" height="9" inkscape:version="1.3"><defs><radialGradient id="r"/></defs><rect fill="url(#r)" style="stroke:url('#r')"/><use xlink:href="#r"/><image href="data:image/png;base64,iVBORw0KGgo="/><a href="#r"><text>x</text></a><animate attributeName="opacity" values="0;1"/></svg>`,
    );
    expect(svgProblem(inkscape, 'x.svg')).toBeUndefined();
  });
});
