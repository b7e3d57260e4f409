// Text put into HTML (text and double-quoted attribute values) or Markdown, written by hand rather
// than through a template engine: the developer guide's inline Markdown and the search results page.
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/*
 * Owner text in Markdown (twins, llms.txt, the search twin, MCP text answers): one escaper per
 * Markdown context, each with the reader that undoes it (`npm run check` reads twins back).
 * Hand-written rather than mdast-util-to-markdown: that serializes whole nodes, while these
 * surfaces put fragments into template lines; and the function's search page must not load a
 * Markdown library (FO-FUNCTION-GRAPH). The parser (mdast-util-from-markdown with GFM) is their
 * test oracle. Each escapes only what its context would read as syntax, so the common title
 * ("Quarry", "C++ & Rust: notes") is written as it is: agents read these files (FO-MARKDOWN-SAFE).
 */

/**
 * The text on one line: CommonMark's line endings (§ 2.1) with the spaces and tabs around them
 * become one space, spaces and tabs at either end go (a paragraph or heading strips them, § 4.8),
 * and U+0000 becomes U+FFFD as a parser would make it (§ 2.3). Every escaper writes one line.
 */
export const markdownLine = (text: string) =>
  text
    .replace(/[ \t]*(?:\r\n?|\n)[ \t]*/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/g, '')
    .replace(/\0/g, '\uFFFD');

/** ASCII punctuation: what a backslash escapes (CommonMark § 2.4). */
const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
/** `&name;`, `&#123;`, `&#x1F;`: an `&` that would start a character reference (§ 2.5). */
const REFERENCE = /^&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/;
/** After `<`, what starts raw HTML (§ 6.6: a tag, a closing tag, a comment, a declaration, an instruction) or an autolink (§ 6.5). */
const TAG_START = /[A-Za-z/!?]/;

/**
 * Whether position `at` of `text` (one line) is what an inline reader would take as syntax
 * (CommonMark § 6, GFM strikethrough). With every `[` escaped no link opens, so a `]` matters
 * only inside link text, where it would close the text early.
 */
function inlineSyntax(text: string, at: number, inLink: boolean): boolean {
  const c = text[at]!;
  const next = text[at + 1];
  switch (c) {
    case '\\':
      return next === undefined || PUNCTUATION.test(next);
    case '`':
    case '*':
    case '[':
    case '~':
      return true;
    case ']':
      return inLink;
    // Between two letters or digits `_` can neither open nor close emphasis (§ 6.2: snake_case stays as written).
    case '_':
      return !(at > 0 && WORD.test(text[at - 1]!) && next !== undefined && WORD.test(next));
    case '<':
      return next === undefined || TAG_START.test(next);
    case '&':
      return REFERENCE.test(text.slice(at, at + 40));
    default:
      return false;
  }
}

/**
 * Where a line's start would open a block (§ 4–5): an ATX heading, a block quote, a bullet or
 * ordered list item, a thematic break; and a run of `#` a heading would take as its closing
 * sequence (§ 4.2). Other block starts (fences, HTML, link definitions) begin with characters
 * the inline rules escape anyway.
 */
function blockSyntax(text: string): Set<number> {
  const at = new Set<number>();
  if (/^(?:#{1,6}|[-+])(?:[ \t]|$)|^>/.test(text) || /^-[-\t ]*$/.test(text)) at.add(0);
  const ordered = /^\d{1,9}[.)](?:[ \t]|$)/.exec(text);
  if (ordered) at.add(ordered[0].search(/[.)]/));
  const closing = /(?:^|[ \t])(#+)$/.exec(text);
  if (closing) at.add(text.length - closing[1]!.length);
  return at;
}

/**
 * GFM's literal autolinks (`https://…`, `www.…`, GFM § 6.9) take the rest of their word raw, our
 * backslashes too: `https://x/\<b>` would end the link at `<` with the `\` in it and leave `<b>`
 * as HTML. A word that starts one and holds anything escaped gets its `:` (or `www`'s `.`)
 * escaped too, so it is text to the parser; a plain address is left to be linked as written.
 */
function literalBreaks(text: string, at: Set<number>, always: boolean) {
  // An `@` escaped is no email address to GFM's tokenizer either.
  if (always) for (const m of text.matchAll(/@/g)) at.add(m.index);
  for (const m of text.matchAll(/https?:\/\/|www\./gi)) {
    if (always) {
      at.add(m.index + m[0].search(/[:.]/));
      continue;
    }
    const start = m.index;
    const end = text.slice(start).search(/[ \t]/);
    const word = end < 0 ? text.length : start + end;
    for (let i = start; i < word; i++) {
      if (at.has(i)) {
        at.add(start + m[0].search(/[:.]/));
        break;
      }
    }
  }
}

/** Every character inlineSyntax may take as syntax: a line without one (most titles and summaries) has nothing inline to escape. */
const MAY_BE_INLINE = /[\\`*[\]~_<&]/;

function escapeAt(text: string, block: Set<number>, inLink = false, autolinks = true): string {
  // Nothing marked and nothing that could be: literalBreaks adds to a word only what is marked
  // (autolinks kept), so the line stays as it is. Twins and llms files escape every title and summary.
  if (block.size === 0 && autolinks && !MAY_BE_INLINE.test(text)) return text;
  const at = new Set(block);
  for (let i = 0; i < text.length; i++) if (inlineSyntax(text, i, inLink)) at.add(i);
  literalBreaks(text, at, !autolinks);
  let out = '';
  for (let i = 0; i < text.length; i++) out += at.has(i) ? `\\${text[i]}` : text[i];
  return out;
}

/** What every escaper's reader does: a backslash before ASCII punctuation is dropped (§ 2.4). */
const unescapePunctuation = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => c);

function plainText(text: string, autolinks: boolean): string {
  const line = markdownLine(text);
  return escapeAt(line, blockSyntax(line), false, autolinks);
}

/**
 * Owner text as Markdown plain text, wherever it stands: a heading, a quoted summary, a list
 * item, a field's value. No HTML, link, emphasis, code or block of its own; one line. A bare
 * address in it stays one that GFM links, as the owner wrote it.
 */
export const escapeMarkdownText = (text: string) => plainText(text, true);

/**
 * Text the site did not write (a client's query, echoed back) as Markdown plain text: as
 * `escapeMarkdownText`, and a bare address in it links nowhere, so a crafted URL cannot make
 * the site's document show a link of the client's choosing (in renderers that honour escapes
 * there, as GitHub's and micromark's do; remark links any address in text, escaped or not).
 */
export const escapeClientText = (text: string) => plainText(text, false);

/** `escapeMarkdownText` and `escapeClientText` read back: `unescapeMarkdownText(escapeMarkdownText(s)) === markdownLine(s)`. */
export const unescapeMarkdownText = unescapePunctuation;

/** Owner text as a link's text (`[text](url)`, an image's alt): inline syntax and the brackets escaped; one line. */
export const escapeLinkText = (text: string) => escapeAt(markdownLine(text), new Set(), true);
/** `escapeLinkText` read back. */
export const unescapeLinkText = unescapePunctuation;

/**
 * Text as one Markdown code span (CommonMark § 6.1), shown exactly as it is: backslash escapes do
 * not work inside a code span, so a backtick in the text cannot be escaped; the span's backtick
 * string is one longer than the longest run inside, and a space pads each side when the text
 * starts or ends with a backtick, which the reader strips again (the line has no space at
 * either end to lose: markdownLine trims it). One line: § 6.1 reads a line ending as a space.
 */
export function escapeCodeSpan(text: string): string {
  const line = markdownLine(text);
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** `escapeCodeSpan` read back, as a CommonMark reader takes the span's content (§ 6.1). */
export function unescapeCodeSpan(span: string): string {
  const fence = /^`+/.exec(span)![0].length;
  const inner = span.slice(fence, span.length - fence);
  return inner.length > 2 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '' ? inner.slice(1, -1) : inner;
}

/**
 * Whether a link's address is one the site may link to (FO-LINK-SCHEMES): an http(s) URL, a
 * relative reference (a path, a query, `//host/…`) or a fragment. An allow-list: any other
 * scheme (`javascript:`, `data:`, `vbscript:`, `file:`…) is refused. The scheme is read as a
 * browser reads it (WHATWG URL § 4.4: leading C0 controls and spaces dropped, tabs and newlines
 * removed anywhere), so `java\tscript:` is `javascript:` here too. The site's own `mailto:` of the
 * configured email is the one other link it writes, and it never passes through here.
 */
export function isLinkAddress(url: string): boolean {
  const read = url.replace(/^[\0-\x20]+/, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(read)?.[1];
  return scheme === undefined || /^https?$/i.test(scheme);
}

/**
 * An absolute URI as RFC 3986 § 3 spells it, as JSON Schema's `format: uri` checks it: only
 * unreserved and reserved characters and `%` with two hex digits, one `#`, and `[`…`]` only
 * around an IP literal host.
 */
const URI =
  /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*(?:\[[0-9A-Fa-f:.vV]+\](?::\d*)?)?)?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*(?:#(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;
/** The scheme and authority of a URL as WHATWG URL serializes it: already RFC 3986 (the host punycoded, user info percent-encoded). */
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^/?#]*)?/;
/** What RFC 3986 lets a path, query or fragment hold as it is (§ 3.3–3.5); `%` only before two hex digits. */
const URI_TEXT = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2}/y;

/**
 * A URL as a URI (RFC 3986). One that is a URI already is written as it is (the common case:
 * nothing changes). One that is not is written as WHATWG URL serializes it (§ 4.5: the host
 * punycoded, spaces, `"`, `<`, `>` and non-ASCII percent-encoded, a `\` in the path read as `/`,
 * the address a browser would go to), then whatever that still leaves that a URI may not hold
 * (`|`, `^`, `{`, `}`, `[`, `]` past the host, `` ` `` or `\` in a query, a `%` before no hex
 * pair, a second `#`) percent-encoded as UTF-8 (FO-URI-FIELDS: every `format: uri` field of the
 * API is one). A URL the schema accepted is never refused; inside `<…>` or `(…)` nothing of it can
 * end the link early.
 */
export function normalizeUrl(url: string): string {
  if (URI.test(url)) return url;
  const href = URL.canParse(url) ? new URL(url).href : url;
  const origin = ORIGIN.exec(href)?.[0] ?? '';
  let out = origin;
  let fragment = false;
  for (let i = origin.length; i < href.length; ) {
    URI_TEXT.lastIndex = i;
    const kept = URI_TEXT.exec(href);
    if (kept) {
      out += kept[0];
      i += kept[0].length;
      continue;
    }
    const c = String.fromCodePoint(href.codePointAt(i)!);
    if (c === '#' && !fragment) out += c;
    else out += percentEncode(c);
    fragment ||= c === '#';
    i += c.length;
  }
  return out;
}

/** One character as UTF-8 percent-encoded; a lone surrogate as U+FFFD, as a URL parser writes it. */
function percentEncode(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return encodeURIComponent('\uFFFD');
  }
}

/**
 * A URL as a link's destination (`[text](here)`, CommonMark § 6.3): normalized, then with a
 * backslash before each parenthesis when they do not pair (an unpaired `)` would end the link)
 * and before an `&` that would start a character reference (the reader decodes those).
 */
export function escapeLinkDestination(url: string): string {
  const normalized = normalizeUrl(url);
  const paired = balanced(normalized);
  let out = '';
  for (let i = 0; i < normalized.length; i++) {
    const c = normalized[i]!;
    out += (!paired && (c === '(' || c === ')')) || (c === '&' && REFERENCE.test(normalized.slice(i, i + 40))) ? `\\${c}` : c;
  }
  return out;
}
/** `escapeLinkDestination` read back: the normalized URL. */
export const unescapeLinkDestination = unescapePunctuation;

function balanced(url: string): boolean {
  let depth = 0;
  for (const c of url) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * An absolute URL as an autolink, `<url>` (CommonMark § 6.5): normalized, which leaves no space,
 * control, `<` or `>` to end it; an autolink reads no escapes, so nothing else changes.
 */
export const escapeAutolink = (url: string) => `<${normalizeUrl(url)}>`;
/** `escapeAutolink` read back: the normalized URL. */
export const unescapeAutolink = (autolink: string) => autolink.replace(/^<|>$/g, '');

/**
 * YAML whose every scalar is double-quoted, with `<` and `[` written `\u003c` and `\u005b`: the same
 * characters to a YAML reader (YAML 1.2 § 5.7), and no HTML and no link to a Markdown renderer that
 * does not know front matter and reads the block as a paragraph or a heading (FO-MARKDOWN-SAFE).
 * A key is ours and holds neither, so only values change.
 */
export const markdownInertYaml = (yaml: string) => yaml.replace(/[<[]/g, (c) => (c === '<' ? '\\u003c' : '\\u005b'));
