// The Markdown escapers (src/records/escape.ts), one per context, held to the parser an agent's
// renderer would use: mdast-util-from-markdown with GFM. For any string, the escaped form reads
// back as the string (one line) and parses to text, never to HTML, a link or a block of its own.
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, test } from 'vitest';
import { createAjv } from '../contract/validate.ts';
import {
  escapeAutolink,
  escapeClientText,
  escapeCodeSpan,
  escapeLinkDestination,
  isLinkAddress,
  escapeLinkText,
  escapeMarkdownText,
  markdownLine,
  normalizeUrl,
  unescapeAutolink,
  unescapeCodeSpan,
  unescapeLinkDestination,
  unescapeLinkText,
  unescapeMarkdownText,
} from '../../src/records/escape.ts';

type Node = { type: string; value?: string; url?: string; children?: Node[] };

const parse = (markdown: string, withGfm = true) =>
  fromMarkdown(markdown, withGfm ? { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] } : {}) as unknown as Node;

const nodes = (tree: Node): Node[] => [tree, ...(tree.children ?? []).flatMap(nodes)];

/** Strings rich in what Markdown reads as syntax, mixed with words, spaces, line breaks and the odd Unicode. */
const markdownish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...'\\`*_[]()<>&#!~|-+.=:;/?"\' \t\n\r'.split(''),
        '&amp;',
        '&#60;',
        '&#x3C;',
        '<script>',
        '</b>',
        '<!--',
        '<?',
        '<https://x.example>',
        'https://x.example/',
        'www.x.example',
        'a@b.example',
        'javascript:',
        '1.',
        '2)',
        '---',
        '***',
        '```',
        '~~~',
        '[^1]',
        '![x](y)',
        'snake_case',
        'é',
        '\u00a0',
        '\0',
      ),
      fc.string({ maxLength: 4 }),
      fc.constantFrom('a', 'Quarry', 'C++', 'x1'),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

/** The containers owner text stands in: a heading, a quote, a list item, a field's value, a paragraph. */
const PLAIN_CONTEXTS: [opening: string, text: string][] = [
  ['# ', ''],
  ['> ', ''],
  ['- ', ''],
  ['- Label: ', 'Label: '],
  ['', ''],
];

describe('FO-MARKDOWN-SAFE: one escaper per Markdown context, each read back exactly', () => {
  test('plain text: a title or summary that needs nothing is written as it is', () => {
    for (const s of ['Quarry', 'C++ & Rust: notes', 'snake_case and kebab-case', 'Q&A, 50% off (really)', 'Köln → Zürich', 'a < b > c', 'C#', '#1 in 2024'])
      expect(escapeMarkdownText(s)).toBe(s);
    expect(escapeLinkText('Lantern: a [tiny] log viewer')).toBe('Lantern: a \\[tiny\\] log viewer');
    expect(normalizeUrl('https://en.wikipedia.org/wiki/Rust_(programming_language)?a=1&b=2#x')).toBe(
      'https://en.wikipedia.org/wiki/Rust_(programming_language)?a=1&b=2#x',
    );
  });

  test('plain text: markup-looking owner text is escaped where it would be read as markup', () => {
    expect(escapeMarkdownText('<script>alert(1)</script>')).toBe('\\<script>alert(1)\\</script>');
    expect(escapeMarkdownText('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert(1)>');
    expect(escapeMarkdownText('[x](javascript:alert(1))')).toBe('\\[x](javascript:alert(1))');
    expect(escapeMarkdownText('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdownText('1. not a list')).toBe('1\\. not a list');
    expect(escapeMarkdownText('Fish &amp; chips')).toBe('Fish \\&amp; chips');
    expect(escapeMarkdownText('C #')).toBe('C \\#');
    expect(escapeMarkdownText('two\nlines')).toBe('two lines');
  });

  test('property: plain text reads back as the line, and parses to that text in every container, with no HTML and no link of its own', () => {
    fc.assert(
      fc.property(markdownish, (s) => {
        const escaped = escapeMarkdownText(s);
        const line = markdownLine(s);
        expect(unescapeMarkdownText(escaped)).toBe(line);
        expect(escaped).not.toMatch(/[\r\n]/);
        // An empty value is never written (fieldList leaves it out).
        fc.pre(line !== '');
        for (const [opening, text] of PLAIN_CONTEXTS) {
          const markdown = `${opening}${escaped}`;
          const expected = `${text}${line}`;
          // CommonMark alone: one block holding one text node, exactly the line.
          const strict = nodes(parse(markdown, false));
          expect(strict.filter((n) => !['root', 'heading', 'blockquote', 'list', 'listItem', 'paragraph', 'text'].includes(n.type))).toEqual([]);
          expect(strict.filter((n) => n.type === 'text').map((n) => n.value)).toEqual([expected]);
          // GFM: no HTML, and a link only where GFM links a bare address itself (its text is the address as written).
          const tree = parse(markdown);
          const all = nodes(tree);
          expect(all.filter((n) => n.type === 'html' || n.type === 'image' || n.type === 'delete' || n.type === 'inlineCode')).toEqual([]);
          for (const link of all.filter((n) => n.type === 'link')) expect(link.url).toMatch(/^(?:https?|mailto):/);
          expect(textOf(tree)).toBe(expected);
        }
      }),
      { numRuns: runs(400) },
    );
  });

  test('property: a client’s text reads back as the line and links nowhere, not even a bare address (GFM as GitHub reads it)', () => {
    fc.assert(
      fc.property(markdownish, (s) => {
        const escaped = escapeClientText(s);
        expect(unescapeMarkdownText(escaped)).toBe(markdownLine(s));
        fc.pre(markdownLine(s) !== '');
        // GFM's syntax without remark's extra pass, which links any address in text whatever its escapes.
        const tree = fromMarkdown(`# ${escaped}`, {
          extensions: [gfm()],
          mdastExtensions: gfmFromMarkdown().map((e) => ({ ...e, transforms: [] })),
        }) as unknown as Node;
        expect(nodes(tree).filter((n) => n.type !== 'root' && n.type !== 'heading' && n.type !== 'text')).toEqual([]);
        expect(textOf(tree as never)).toBe(markdownLine(s));
      }),
      { numRuns: runs(400) },
    );
  });

  test('property: link text reads back as the line and is the whole text of the one link it stands in', () => {
    fc.assert(
      fc.property(markdownish, (s) => {
        const escaped = escapeLinkText(s);
        expect(unescapeLinkText(escaped)).toBe(markdownLine(s));
        for (const markdown of [
          `[${escaped}](https://site.example/a.md)`,
          `- [${escaped}](https://site.example/a.md): note`,
          `![${escaped}](https://site.example/a.png)`,
        ]) {
          const all = nodes(parse(markdown));
          const links = all.filter((n) => n.type === 'link' || n.type === 'image');
          expect(links).toHaveLength(1);
          expect(links[0]!.url).toBe(markdown.startsWith('!') ? 'https://site.example/a.png' : 'https://site.example/a.md');
          expect(all.filter((n) => n.type !== 'text' && !['root', 'paragraph', 'list', 'listItem', 'link', 'image'].includes(n.type))).toEqual([]);
          const text = links[0]!.type === 'image' ? (links[0] as { alt?: string }).alt : textOf(links[0]!);
          expect(text).toBe(markdownLine(s));
        }
      }),
      { numRuns: runs(400) },
    );
  });

  /** http(s) URLs as the schema accepts them (z.url: whatever WHATWG URL parses), with markup and spaces in every part. */
  const hostileUrl = fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS'),
      fc.constantFrom('site.example', 'x.example:8080', 'bücher.example'),
      fc.array(fc.oneof(markdownish, fc.constantFrom('"><script>', ' ', '>', '<', '`', ')', '(', '&amp;', '%20', '\\')), { maxLength: 4 }),
    )
    .map(([scheme, host, parts]) => `${scheme}://${host}/${parts.join('')}`)
    .filter((u) => URL.canParse(u));

  test('property: a link destination keeps the link whole and its URL is the normalized URL', () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        const destination = escapeLinkDestination(url);
        expect(unescapeLinkDestination(destination)).toBe(normalizeUrl(url));
        expect(normalizeUrl(url)).not.toMatch(/[\s"<>`\\\p{Cc}]/u);
        // Still the address the URL names: parsed, the two are one URL (less what a query leaves raw and Markdown may not hold).
        expect(new URL(normalizeUrl(url)).href).toBe(normalizeUrl(new URL(url).href));
        const all = nodes(parse(`- [a label](${destination}): note`));
        const links = all.filter((n) => n.type === 'link');
        expect(links).toHaveLength(1);
        expect(links[0]!.url).toBe(normalizeUrl(url));
        expect(textOf(links[0]!)).toBe('a label');
        expect(all.filter((n) => n.type === 'html')).toEqual([]);
      }),
      { numRuns: runs(400) },
    );
  });

  test('property: an autolink is one link to the normalized URL, whatever the URL holds', () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        const autolink = escapeAutolink(url);
        expect(unescapeAutolink(autolink)).toBe(normalizeUrl(url));
        const all = nodes(parse(`- Repository: ${autolink}`));
        const links = all.filter((n) => n.type === 'link');
        expect(links).toHaveLength(1);
        expect(links[0]!.url).toBe(normalizeUrl(url));
        expect(all.filter((n) => n.type === 'html')).toEqual([]);
      }),
      { numRuns: runs(400) },
    );
  });

  test('a link URL with "><script> in its query stays one autolink, percent-encoded', () => {
    expect(escapeAutolink('https://x.example/?q="><script>alert(1)</script>')).toBe('<https://x.example/?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E>');
    expect(escapeLinkDestination('https://x.example/a b)')).toBe('https://x.example/a%20b\\)');
  });
});

describe('FO-LINK-SCHEMES and FO-URI-FIELDS: code spans, link addresses and URIs', () => {
  test('a code span holds any text whole: a backtick inside cannot end it (CommonMark § 6.1)', () => {
    expect(escapeCodeSpan('"quarry"')).toBe('`"quarry"`');
    expect(escapeCodeSpan('a`b')).toBe('``a`b``');
    expect(escapeCodeSpan('"Evil` [x](javascript:fetch(\'/pwned-dev\')) `"')).toBe('``"Evil` [x](javascript:fetch(\'/pwned-dev\')) `"``');
    expect(escapeCodeSpan('`x`')).toBe('`` `x` ``');
    expect(escapeCodeSpan('a ``` b')).toBe('````a ``` b````');
  });

  test('property: a code span reads back as the line and parses to one inline code node holding it, in every container', () => {
    fc.assert(
      fc.property(markdownish, (s) => {
        const line = markdownLine(s);
        fc.pre(line !== '');
        const span = escapeCodeSpan(s);
        expect(unescapeCodeSpan(span)).toBe(line);
        for (const [opening] of PLAIN_CONTEXTS) {
          const all = nodes(parse(`${opening}Answers 200; ${span}.`));
          expect(all.filter((n) => n.type === 'html' || n.type === 'link')).toEqual([]);
          const code = all.filter((n) => n.type === 'inlineCode');
          expect(code).toHaveLength(1);
          // A reader keeps the span's content, less the padding it strips (§ 6.1).
          expect(code[0]!.value).toBe(line);
        }
      }),
      { numRuns: runs(400) },
    );
  });

  test('a link address is kept only when it is http(s), relative or a fragment, its scheme read as a browser reads it', () => {
    for (const url of ['https://x.example/', 'HTTP://x.example', '/developers#errors', '#limits', '?q=1', 'relative/path', '//x.example/a', ''])
      expect(isLinkAddress(url), url).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '\x01javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>',
      'file:///etc/passwd',
      'mailto:a@b.example',
      'ftp://x.example/',
      'ui://folio/card',
    ])
      expect(isLinkAddress(url), JSON.stringify(url)).toBe(false);
  });

  test('property: a normalized URL is an RFC 3986 URI (JSON Schema format: uri), the same address WHATWG URL names, and normalizing twice changes nothing', () => {
    const isUri = createAjv().compile({ type: 'string', format: 'uri' });
    const uriHostile = fc
      .tuple(
        fc.constantFrom('https://x.example', 'http://bücher.example', 'https://例え.jp:8443', 'https://[::1]'),
        fc.array(fc.oneof(fc.constantFrom(...'|^{}[]%#"<>` \\()\'é€😀/?&='.split('')), fc.string({ maxLength: 3 }), fc.constantFrom('%20', '%zz', 'a')), {
          maxLength: 8,
        }),
      )
      .map(([origin, parts]) => `${origin}/${parts.join('')}`)
      .filter((u) => URL.canParse(u));
    fc.assert(
      fc.property(uriHostile, (url) => {
        const uri = normalizeUrl(url);
        expect(isUri(uri), uri).toBe(true);
        expect(normalizeUrl(uri)).toBe(uri);
        expect(new URL(uri).origin).toBe(new URL(url).origin);
      }),
      { numRuns: runs(400) },
    );
    // What a URI may hold is written as it is; what it may not is percent-encoded as UTF-8.
    expect(normalizeUrl('https://x.example/a(b)?c=d&e=f#g')).toBe('https://x.example/a(b)?c=d&e=f#g');
    expect(normalizeUrl('https://bücher.example/ä|b^{c}#x#y')).toBe('https://xn--bcher-kva.example/%C3%A4%7Cb%5E%7Bc%7D#x%23y');
    expect(normalizeUrl('https://docs.example/100%real/[v1]')).toBe('https://docs.example/100%25real/%5Bv1%5D');
  });
});
