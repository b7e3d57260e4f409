// FO-CONTENT-DATA, FO-HTML-ALLOW: what an owner writes in a body is shown, never run. The loader
// accepts raw HTML only when every element and attribute in it is on an allow-list of what Markdown
// authors write HTML for, and refuses (with file, line, the construct, a stable code and the fix)
// everything else and every address that could run script: raw HTML is read with parse5's
// tokenizer (the WHATWG HTML tokenizer browsers implement), Markdown links, images, autolinks and
// reference definitions by their destination after the Markdown parse decoded it. Refusing, not
// sanitizing: the owner's text stays as written on every surface (page, twin, llms-full.txt, the
// data file), and the owner learns what was wrong instead of finding it silently gone.
import { ErrorCodes, Tokenizer, type Token, type TokenHandler } from 'parse5';
import { EMBED_HINT } from './embeds.ts';

/** Every code a body refusal carries: stable, for the owner to search the docs by (docs/content.md). */
export const BODY_CODES = ['body-element', 'body-attribute', 'body-url', 'body-unclosed'] as const;
/** How a problem ends: its code, in brackets. */
const code = (c: (typeof BODY_CODES)[number]) => ` [${c}]`;

/** One refused construct: its line, counted from the body's first line (1-based), and the problem worded with its fix. */
export interface UnsafePart {
  line: number;
  problem: string;
}

/** The parts of an mdast node this check reads. */
export interface BodyNode {
  type: string;
  value?: string;
  url?: string;
  position?: { start: { line: number } };
}

/**
 * Whether a body may hold anything this check refuses, cheaply, so that most bodies are never
 * parsed: raw HTML and autolinks start with `<` and a letter, `/`, `!` or `?` (CommonMark § 6.5,
 * § 6.6); a link destination can spell a scheme only literally (`javascript:`, `vbscript:`,
 * `data:`, its colon maybe escaped as `\:`) or through a character reference (`&#…;`, `&name;`),
 * because Markdown decodes those and nothing else (CommonMark § 2.4, § 2.5).
 */
export const MAY_BE_UNSAFE = /<[a-z!?/]|&(?:#|[a-z][a-z0-9]*;)|script\\?:|data\\?:/i;

const SCRIPT_FIX = `a body may not frame pages or run script; to show a video, ${EMBED_HINT}`;
const STYLE_FIX = 'a body may not style the page; give the element a class and style it in content/custom.css';
const RAW_TEXT_FIX = 'it changes how the browser reads the rest of the page; to show text as it is, put it in a code block (```)';

/**
 * Why the most dangerous of the elements not on HTML_ELEMENTS are refused, with the fix: script
 * and everything that frames or embeds another document; what restyles, redirects or rebases the
 * page; forms; the elements whose content the browser reads by other rules than the text around
 * them (raw text, RCDATA, `<plaintext>`, and SVG and MathML, whose foreign content turns `<style>`
 * and CDATA into markup: the parser differentials behind mutation XSS), so that every other tag is
 * read here exactly as a browser reads it (WHATWG HTML § 13.2.5.1, § 13.2.6.5).
 */
const REFUSED_ELEMENTS: Record<string, string> = {
  script: SCRIPT_FIX,
  iframe: SCRIPT_FIX,
  frame: SCRIPT_FIX,
  frameset: SCRIPT_FIX,
  object: SCRIPT_FIX,
  embed: SCRIPT_FIX,
  applet: SCRIPT_FIX,
  portal: SCRIPT_FIX,
  fencedframe: SCRIPT_FIX,
  style: STYLE_FIX,
  link: STYLE_FIX,
  base: 'it changes where every link of the page points; write each link in full instead',
  form: 'a body may not send what visitors type anywhere; link to the form instead',
  svg: 'inline SVG is read by other rules than HTML and can hide script; save the drawing as an .svg file beside the Markdown and show it with ![what it shows](drawing.svg)',
  math: 'inline MathML is read by other rules than HTML and can hide script; write the formula as text or show it as an image',
  noscript: RAW_TEXT_FIX,
  xmp: RAW_TEXT_FIX,
  noembed: RAW_TEXT_FIX,
  noframes: RAW_TEXT_FIX,
  plaintext: RAW_TEXT_FIX,
  textarea: RAW_TEXT_FIX,
  title: RAW_TEXT_FIX,
};

/**
 * FO-HTML-ALLOW: the elements a body's raw HTML may use, what Markdown authors write HTML for
 * (links, images and pictures, figures, details, abbreviations, keyboard and sub/superscript,
 * tables, line breaks, text-level semantics, headings from <h2>, lists, quotes, code, and the
 * `<p>`/`<div>` GitHub READMEs centre with), each with the attributes it may carry beyond GLOBAL.
 * Everything else is refused: a list of what is dangerous always missed one (`<meta
 * name="referrer">`, `<a ping>`, `<template shadowrootmode>`, `<button formaction>`, `popover`).
 */
export const HTML_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel', 'hreflang'],
  abbr: [],
  address: [],
  b: [],
  bdi: [],
  bdo: [],
  blockquote: ['cite'],
  br: [],
  caption: ['align'],
  cite: [],
  code: [],
  col: ['span', 'align', 'width'],
  colgroup: ['span', 'align', 'width'],
  dd: [],
  del: ['cite', 'datetime'],
  details: ['open'],
  dfn: [],
  div: ['align'],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h2: ['align'],
  h3: ['align'],
  h4: ['align'],
  h5: ['align'],
  h6: ['align'],
  hr: [],
  i: [],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding', 'align'],
  ins: ['cite', 'datetime'],
  kbd: [],
  li: ['value'],
  mark: [],
  ol: ['start', 'reversed', 'type'],
  p: ['align'],
  picture: [],
  pre: [],
  q: ['cite'],
  rp: [],
  rt: [],
  ruby: [],
  s: [],
  samp: [],
  small: [],
  source: ['srcset', 'sizes', 'media', 'type', 'width', 'height'],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colspan', 'rowspan', 'headers', 'align'],
  tfoot: [],
  th: ['colspan', 'rowspan', 'headers', 'scope', 'abbr', 'align'],
  thead: [],
  time: ['datetime'],
  tr: ['align'],
  u: [],
  ul: [],
  var: [],
  wbr: [],
};

/** Attributes any element of HTML_ELEMENTS may carry; they style, run, send or load nothing. */
export const GLOBAL_ATTRIBUTES: readonly string[] = ['class', 'id', 'lang', 'dir', 'title', 'translate'];

/** Attributes that hold a URL (`srcset`, a list of them): each is checked by unsafeUrl. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'cite']);

/**
 * Values a browser acts on beyond showing: `target` only opens a new tab or stays (no named
 * window another page could drive), and `rel` has no `opener` (which gives the opened page this
 * window: reverse tabnabbing, HTML § 4.6.6.7).
 */
const ATTRIBUTE_VALUES: Record<string, RegExp> = {
  target: /^_(?:blank|self)$/i,
  rel: /^\s*(?:(?:noopener|noreferrer|nofollow|external|me|ugc|sponsored|author|license|tag|bookmark|help|alternate)(?:\s+|$))*$/i,
};

/** Why an element is refused, worded with its fix, for the ones owners most likely paste; the rest get the general hint. */
const WHY_NOT: Record<string, string> = {
  h1: "the page's title is its one level-1 heading, so start sections at <h2> or ##",
  video: `to show a video, ${EMBED_HINT}`,
  audio: 'link to the recording instead',
  input: 'a body may not send what visitors type anywhere; link to the form instead',
  button: 'a body may not send what visitors type anywhere; link to the form instead',
  meta: 'it can change how the page loads or what it tells other sites; remove it',
  template: 'it can attach a hidden document of its own (shadowrootmode); remove it',
};
const ELEMENT_HINT = 'docs/content.md lists the HTML a body may use; write it in Markdown or with those elements';

/** `data:` URLs of raster images: what a body may name inline (an SVG carries script; it must be a file, which is checked). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif)(?:;[^,]*)?,/i;

/**
 * Why a URL may not appear in a body, or undefined when it may. The scheme is read as a browser
 * reads it (WHATWG URL § 4.4: leading and trailing C0 controls and spaces stripped, tabs and
 * newlines anywhere removed, case ignored), so `java&#9;script:` and ` JavaScript:` are caught.
 */
export function unsafeUrl(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the C0 controls a URL parser strips.
  const read = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return `a ${scheme}: address runs script`;
  if (scheme === 'data' && !DATA_IMAGE.test(read)) return 'a data: address other than a PNG, JPEG, GIF, WebP or AVIF image opens a document of its own';
  return undefined;
}

const URL_FIX = 'link to an http(s) address, a path on the site or a #section instead';

/** An address as an error message quotes it: short, on one line. */
const quoted = (url: string) => JSON.stringify(url.length > 60 ? `${url.slice(0, 57)}…` : url);

/** What in one node of a body's Markdown tree could run or restyle; an empty list for everything else (code included: it is text). */
export function unsafeParts(node: BodyNode): UnsafePart[] {
  const line = node.position?.start.line ?? 1;
  if (node.type === 'html') return unsafeHtml(node.value ?? '').map((p) => ({ ...p, line: line + p.line - 1 }));
  if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url !== undefined) {
    const why = unsafeUrl(node.url);
    const what = node.type === 'image' ? 'the image' : node.type === 'definition' ? 'the link definition' : 'the link';
    if (why) return [{ line, problem: `${what} ${quoted(node.url)}: ${why}; ${URL_FIX}${code('body-url')}` }];
  }
  return [];
}

/**
 * The refused tags and attributes of one piece of raw HTML (an mdast `html` node: a block, or one
 * inline tag), by parse5's tokenizer: character references in attribute values are decoded, and
 * `<img/src=x/onerror=…>` is read as a browser reads it. A tag, comment or declaration the piece
 * leaves unfinished would swallow the page after it: refused too. Lines count from the piece's first.
 */
export function unsafeHtml(html: string): UnsafePart[] {
  const parts: UnsafePart[] = [];
  const ignore = () => {};
  // A comment, declaration or instruction the piece leaves open would take in what the page says
  // after it, up to the next `-->` or `>`, which can stand inside a later attribute value (a link's
  // title): the markup after that would be read as a tag (WHATWG HTML § 13.2.5, the comment states).
  let cutOff = false;
  const unclosed = (line: number, close: string) =>
    parts.push({
      line,
      problem: `a comment or declaration in the text is never closed with ${close}, so the page after it would be read as part of it; close it${code('body-unclosed')}`,
    });
  const handler: TokenHandler = {
    onStartTag(token: Token.TagToken) {
      const at = token.location?.startLine ?? 1;
      const tag = token.tagName;
      const allowed = HTML_ELEMENTS[tag];
      if (!allowed) {
        // One problem per element: its attributes go with it.
        const why = REFUSED_ELEMENTS[tag] ?? WHY_NOT[tag] ?? ELEMENT_HINT;
        parts.push({
          line: at,
          problem: `a raw <${tag}> in the text: ${REFUSED_ELEMENTS[tag] ? why : `it is not one of the HTML elements a body may use; ${why}`}${code('body-element')}`,
        });
        return;
      }
      for (const { name, value } of token.attrs) {
        const attrLine = token.location?.attrs?.[name]?.startLine ?? at;
        if (!GLOBAL_ATTRIBUTES.includes(name) && !allowed.includes(name)) {
          const why = name.startsWith('on')
            ? 'an event handler is script, and a body may not run script; remove it'
            : name === 'style'
              ? STYLE_FIX
              : name === 'srcdoc'
                ? `it holds a document of its own; ${SCRIPT_FIX}`
                : `it is not one of the attributes a body may give <${tag}>; remove it (docs/content.md lists them)`;
          parts.push({ line: attrLine, problem: `the attribute ${name} on <${tag}>: ${why}${code('body-attribute')}` });
        } else if (ATTRIBUTE_VALUES[name] && !ATTRIBUTE_VALUES[name].test(value)) {
          parts.push({
            line: attrLine,
            problem: `${name}=${quoted(value)} on <${tag}>: not a value a body may use; remove it (docs/content.md lists them)${code('body-attribute')}`,
          });
        } else if (URL_ATTRIBUTES.has(name)) {
          // A srcset is a comma-separated list of "url descriptor" candidates (WHATWG HTML § 4.8.4.3.1).
          const urls = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
          for (const url of urls) {
            const why = unsafeUrl(url);
            if (why) parts.push({ line: attrLine, problem: `${name}=${quoted(url)} on <${tag}>: ${why}; ${URL_FIX}${code('body-url')}` });
          }
        }
      }
    },
    onParseError(error) {
      // A browser keeps the first of two same-named attributes and drops the rest; another parser
      // might keep the last, so neither is trusted (WHATWG HTML § 13.2.5.33).
      if (error.code === ErrorCodes.duplicateAttribute)
        parts.push({ line: error.startLine, problem: `a tag in the text names an attribute twice; keep one${code('body-attribute')}` });
      // `<` or `</` at the piece's end: with what the page says next, a tag or a comment begins.
      if (error.code === ErrorCodes.eofInTag || error.code === ErrorCodes.eofBeforeTagName)
        parts.push({
          line: error.startLine,
          problem: `a tag in the text is never closed with ">", so the text after it would be read as part of the tag; close it${code('body-unclosed')}`,
        });
      // Reported with the comment or <!DOCTYPE it cut off, which comes next, at the line it starts on.
      if (error.code === ErrorCodes.eofInComment || error.code === ErrorCodes.eofInDoctype) cutOff = true;
    },
    onEndTag: ignore,
    // A bogus comment (`<?…`, `<!x…`, `<![CDATA[…` in HTML) ends at its first `>`, so one the piece
    // ended first does not end with it; an open `<!--` is a parse error (cutOff).
    onComment(token) {
      const { startOffset = 0, endOffset = 0, startLine = 1 } = token.location ?? {};
      const comment = html.startsWith('<!--', startOffset);
      if (cutOff || (!comment && !html.slice(startOffset, endOffset).endsWith('>'))) unclosed(startLine, comment ? '"-->"' : '">"');
    },
    onDoctype(token) {
      if (cutOff) unclosed(token.location?.startLine ?? 1, '">"');
    },
    onEof: ignore,
    onCharacter: ignore,
    onNullCharacter: ignore,
    onWhitespaceCharacter: ignore,
  };
  new Tokenizer({ sourceCodeLocationInfo: true }, handler).write(html, true);
  return parts;
}
