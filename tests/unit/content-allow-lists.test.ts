// FO-SVG-ALLOW, FO-HTML-ALLOW: an SVG image and a body's raw HTML are accepted only when every
// construct in them is on an allow-list; anything else is a content error naming the file, the
// line, the construct and a stable code. The corpora (tests/support/svg-tricks.ts,
// tests/support/html-tricks.ts) hold the attack's reproductions and the classics; each is answered
// as it says. The check is held against the renderer: whatever body it accepts, rendered as the
// site renders it and parsed as a browser parses it, has only allowed elements and attributes.
// tests/integration/content-allow-lists-browser.test.ts opens every accepted one in Chromium.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { describe, expect, test } from 'vitest';
import { SVG_CODES, svgProblem } from '../../src/images/svg-safety.ts';
import { BODY_CODES, GLOBAL_ATTRIBUTES, HTML_ELEMENTS, unsafeUrl } from '../../src/records/body-safety.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { HTML_TRICKS } from '../support/html-tricks.ts';
import { runs } from '../support/property-runs.ts';
import { SVG_TRICKS } from '../support/svg-tricks.ts';
import { contentProblemsOf } from '../support/content-fixtures.ts';
import { tempDir } from '../support/temp-dir.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const VALID = join(FIXTURES, 'content-valid', 'content');
const text = (s: string) => new TextEncoder().encode(s);

/** The code a content problem carries (`[svg-element]`), in order. */
const codes = (problem: string | undefined) => [...(problem ?? '').matchAll(/\[((?:svg|body)-[a-z-]+)\]/g)].map((m) => m[1]);

/** One copy of the small valid site; `refusedIn` writes a body into its one project (from line 10 of the file) and loads it. */
const site = (() => {
  const dir = tempDir('folio-allow-', 'file');
  cpSync(VALID, dir, { recursive: true });
  return { dir, file: join(dir, 'projects', 'alpha.md'), template: readFileSync(join(dir, 'projects', 'alpha.md'), 'utf8') };
})();
function refusedIn(body: string): string[] {
  writeFileSync(
    site.file,
    site.template.replace('Alpha body.', () => body),
  );
  return contentProblemsOf(site.dir).map((p) => p.replace(/^[^:]*?projects\/alpha\.md/, 'projects/alpha.md'));
}

describe('FO-SVG-ALLOW: an SVG is accepted only when every construct is on the allow-list of drawing elements and attributes', () => {
  test('FO-SVG-ALLOW: the attack: a DTD internal subset giving <svg> a default onload is refused, naming the file, line and construct', () => {
    const attack = text(
      `<!DOCTYPE svg [<!ATTLIST svg onload CDATA "fetch('/pwned')">]>\n<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>`,
    );
    expect(svgProblem(attack, 'content/images/logo.svg')).toBe(
      'content/images/logo.svg is an SVG with more than a drawing in it, which could run script or load other files when the image is opened by its address: line 1: a <!DOCTYPE> other than the standard SVG one (an internal subset [ … ] declares entities or default attributes, such as an onload) [svg-doctype]; remove it in a text editor, or export the drawing again as plain SVG or as a PNG (docs/content.md lists what an SVG image may hold)',
    );
  });

  test('FO-SVG-ALLOW: the corpus holds at least 50 tricks and the drawings they resemble', () => {
    expect(SVG_TRICKS.filter((t) => t.refused).length).toBeGreaterThanOrEqual(50);
    expect(SVG_TRICKS.filter((t) => !t.refused).length).toBeGreaterThanOrEqual(10);
    expect(new Set(SVG_TRICKS.map((t) => t.name)).size).toBe(SVG_TRICKS.length);
  });

  test.each(SVG_TRICKS.map((t) => [t.name, t.refused, t] as const))('FO-SVG-ALLOW: %s is %s', (name, refused, trick) => {
    const problem = svgProblem(trick.bytes, `content/images/${name}.svg`);
    if (refused === null) expect(problem).toBeUndefined();
    else {
      expect(problem).toMatch(new RegExp(`^content/images/${name}\\.svg is (?:an SVG with more than a drawing in it|not an SVG image a browser can show)`));
      expect(codes(problem)[0]).toBe(refused);
    }
  });

  test('FO-SVG-ALLOW: each refusal names its line, and every construct found, not only the first', () => {
    const problem = svgProblem(
      text('<svg xmlns="http://www.w3.org/2000/svg"\n  width="9">\n<rect width="9"/>\n<script>x</script>\n<rect filter="url(/f.svg#a)" onclick="x"/></svg>'),
      'x.svg',
    );
    expect(problem).toContain('line 4: <script> is not a drawing element: it runs script [svg-element]');
    expect(problem).toContain(
      '(and 2 more: line 5: the attribute filter on <rect>: url("/f.svg#a") loads from elsewhere (only url(#id) and inline data: images and fonts stay in the file) [svg-css]; line 5: the attribute onclick on <rect> is an event handler, which runs script [svg-attribute])',
    );
  });

  test('FO-SVG-ALLOW: every SVG of the fixture sites but the hostile site’s refused ones is accepted', () => {
    const svgs = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
    const refused = ['avatar-onload.svg', 'body-script.svg', 'entity.svg', 'external-href.svg'].map((f) => join('hostile-site', 'content', 'images', f));
    expect(svgs.length).toBeGreaterThan(refused.length);
    for (const file of svgs)
      if (!refused.includes(file)) expect(svgProblem(readFileSync(join(FIXTURES, file)), file), file).toBeUndefined();
      else expect(svgProblem(readFileSync(join(FIXTURES, file)), file), file).toBeDefined();
  });
});

describe('FO-HTML-ALLOW: raw HTML in a body is accepted only when every element and attribute is on the allow-list', () => {
  test.each([
    [
      '<meta name="referrer" content="unsafe-url">',
      'projects/alpha.md: line 10: a raw <meta> in the text: it is not one of the HTML elements a body may use; it can change how the page loads or what it tells other sites; remove it [body-element]',
    ],
    [
      '<a href="https://example.com/" ping="https://tracker.example/">x</a>',
      'projects/alpha.md: line 10: the attribute ping on <a>: it is not one of the attributes a body may give <a>; remove it (docs/content.md lists them) [body-attribute]',
    ],
    [
      '<div><template shadowrootmode="open"><b>x</b></template></div>',
      'projects/alpha.md: line 10: a raw <template> in the text: it is not one of the HTML elements a body may use; it can attach a hidden document of its own (shadowrootmode); remove it [body-element]',
    ],
    [
      '<button formaction="https://example.com/">Go</button>',
      'projects/alpha.md: line 10: a raw <button> in the text: it is not one of the HTML elements a body may use; a body may not send what visitors type anywhere; link to the form instead [body-element]',
    ],
    [
      'Text\n\n<div popover id="p">x</div>',
      'projects/alpha.md: line 12: the attribute popover on <div>: it is not one of the attributes a body may give <div>; remove it (docs/content.md lists them) [body-attribute]',
    ],
  ])('FO-HTML-ALLOW: the attack: %s is refused with file, line, construct, code and hint', (body, problem) => {
    expect(refusedIn(body)).toEqual([problem]);
  });

  test('FO-HTML-ALLOW: the corpus holds the tricks and what authors write', () => {
    expect(HTML_TRICKS.filter((t) => t.refused).length).toBeGreaterThanOrEqual(40);
    expect(HTML_TRICKS.filter((t) => !t.refused).length).toBeGreaterThanOrEqual(10);
  });

  test.each(HTML_TRICKS.map((t) => [t.name, t.refused, t] as const))('FO-HTML-ALLOW: %s is %s', (_, refused, trick) => {
    const problems = refusedIn(trick.body);
    if (refused === null) expect(problems).toEqual([]);
    else {
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect(p).toMatch(/^projects\/alpha\.md: line \d+: .+ \[(?:body|svg)-[a-z-]+\]$/);
      expect(problems.flatMap(codes)).toContain(refused);
    }
  });
});

test('FO-SVG-ALLOW, FO-HTML-ALLOW: docs/content.md names every element and attribute of the HTML allow-list, and every code either check gives', () => {
  const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'content.md'), 'utf8');
  const section = docs.slice(docs.indexOf('**What you write is shown, never run.**'), docs.indexOf('Dates must exist'));
  const named = new Set([...section.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]));
  // `h2`–`h6` names the headings between.
  const listed = [
    ...Object.keys(HTML_ELEMENTS).filter((e) => !/^h[3-5]$/.test(e)),
    ...GLOBAL_ATTRIBUTES,
    ...Object.values(HTML_ELEMENTS).flat(),
    ...BODY_CODES,
    ...SVG_CODES,
  ];
  expect(listed.filter((name) => !named.has(name))).toEqual([]);
  // And every code a check gives is one of the documented ones.
  const given = [...SVG_TRICKS.map((t) => t.refused), ...HTML_TRICKS.map((t) => t.refused)].filter((c) => c !== null);
  expect(given.filter((c) => !(SVG_CODES as readonly string[]).includes(c) && !(BODY_CODES as readonly string[]).includes(c))).toEqual([]);
});

// The differential: what the check accepts against what the renderer makes of it, as a browser reads it.
const ELEMENTS = [
  ...Object.keys(HTML_ELEMENTS),
  'script',
  'SCRIPT',
  'iframe',
  'meta',
  'template',
  'button',
  'svg',
  'math',
  'style',
  'form',
  'input',
  'textarea',
  'title',
  'noscript',
  'xmp',
  'select',
  'video',
  'object',
  'base',
  'link',
  'dialog',
  'h1',
  'img',
  'a',
];
const ATTRIBUTES = [
  ...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(HTML_ELEMENTS).flat()]),
  'onerror',
  'ONCLICK',
  'onload',
  'style',
  'ping',
  'popover',
  'formaction',
  'srcdoc',
  'shadowrootmode',
  'referrerpolicy',
  'http-equiv',
  'content',
  'name',
  'download',
  'data-x',
  'xmlns',
  'is',
  'src',
  'href',
];
const VALUES = [
  'x',
  'https://example.com/a',
  '/ok/b.png 1x',
  '_blank',
  'noopener',
  'opener',
  'javascript:fetch(1)',
  'java&#9;script:x',
  '&#106;avascript:x',
  'data:text/html,x',
  'data:image/png;base64,AA',
  '"><img src=x onerror=fetch(1)>',
  "' onerror='x",
  'unsafe-url',
  '--><b onclick=x>',
];
const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...VALUES), fc.constantFrom('"', "'", ''), fc.constantFrom(' ', '/', '\n', '\t'))
  .map(([name, value, quote, sep]) => `${sep}${name}=${quote}${quote ? value.replaceAll(quote, '') : value.replace(/[\s>]/g, '')}${quote}`);
const tag = fc
  .tuple(
    fc.constantFrom(...ELEMENTS),
    fc.array(attribute, { maxLength: 3 }),
    fc.constantFrom('>', '/>', ' >'),
    fc.constantFrom('x', '', '<!-- c -->', '**b**', '[l](/ok)'),
    fc.boolean(),
  )
  .map(([name, attrs, end, inner, close]) => `<${name}${attrs.join('')}${end}${inner}${close ? `</${name}>` : ''}`);
const body = fc
  .tuple(fc.array(tag, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '\n', '\n\n'), fc.constantFrom('', '> ', '- ', 'Text ', '| a |\n|---|\n| '))
  .map(([tags, join, prefix]) => `${prefix}${tags.join(join)}`);

/** The elements and attributes a rendered body holds, as parse5 (the WHATWG parser) reads them, that the allow-list does not name. */
function unlisted(html: string): string[] {
  // What the renderer itself adds around a body's HTML: paragraphs, the table wrapper (a focusable, labelled region that scrolls).
  const RENDERER: Record<string, readonly string[]> = { section: ['class', 'tabindex', 'aria-label'], td: ['align'], th: ['align'] };
  const found: string[] = [];
  const walk = (node: { tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: unknown[]; content?: unknown }) => {
    if (node.tagName) {
      const allowed = HTML_ELEMENTS[node.tagName] ?? RENDERER[node.tagName];
      if (!allowed) found.push(`<${node.tagName}>`);
      for (const { name, value } of node.attrs ?? []) {
        if (!GLOBAL_ATTRIBUTES.includes(name) && !allowed?.includes(name) && !RENDERER[node.tagName]?.includes(name)) found.push(`<${node.tagName} ${name}>`);
        if (['href', 'src', 'srcset', 'cite'].includes(name) && value.split(',').some((u) => unsafeUrl(u.trim().split(/\s+/)[0] ?? '')))
          found.push(`<${node.tagName} ${name}=${value}>`);
      }
    }
    for (const child of node.childNodes ?? []) walk(child as never);
    if (node.content) walk(node.content as never);
  };
  walk(parseFragment(html) as never);
  return found;
}

test('FO-HTML-ALLOW: the differential: every body the loader accepts renders to only allowed elements, attributes and addresses, as a browser parses the page', async () => {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(body, async (markdown) => {
      if (refusedIn(markdown).length) return;
      accepted++;
      const { html } = await renderMarkdown(markdown);
      expect(unlisted(html), `${JSON.stringify(markdown)} → ${html}`).toEqual([]);
    }),
    { numRuns: runs(1000) },
  );
  // The property is not empty: a fair share of the generated bodies is accepted and rendered.
  expect(accepted).toBeGreaterThan(runs(1000) / 20);
});
