// What a reader makes of the site's outputs, for the hostile crawls (FO-MARKDOWN-SAFE,
// FO-LINK-SCHEMES): Markdown rendered by micromark (CommonMark's reference parser, with GFM) with
// raw HTML and every protocol allowed, as the most trusting renderer would; an HTML document's
// elements read for what could run or send a reader elsewhere. The unit tier reads the HTML with
// parse5 (html-query.ts); tests/integration/hostile-surfaces-browser.test.ts gives the same HTML to Chromium.
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { isLinkAddress } from '../../src/records/escape.ts';

/** micromark's own handler for HTML data (lib/compile.js onexitdata), which the tag filter replaces. */
function rawData(this: { raw(html: string): void; encode(text: string): string; sliceSerialize(token: unknown): string }, token: unknown) {
  this.raw(this.encode(this.sliceSerialize(token)));
}
const KEEP_RAW_HTML = { exit: { htmlFlowData: rawData, htmlTextData: rawData } } as unknown as ReturnType<typeof gfmHtml>;

const render = (markdown: string, raw: boolean) =>
  micromark(markdown, {
    allowDangerousHtml: raw,
    allowDangerousProtocol: true,
    extensions: [gfm()],
    // GFM's tag filter (§ 6.11) would disarm `<script>` and friends: this renderer keeps raw HTML as it is.
    htmlExtensions: [gfmHtml(), KEEP_RAW_HTML],
  });

/**
 * A Markdown document as HTML, raw HTML passed through and no address sanitized, and the raw HTML
 * it held: what differs from the same document rendered with raw HTML escaped (none, when it held none).
 */
export function renderTrusting(markdown: string): { html: string; rawHtml: boolean } {
  const html = render(markdown, true);
  return { html, rawHtml: html !== render(markdown, false) };
}

/** Attributes that hold an address a reader may go to or load. */
export const ADDRESS_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'cite', 'background', 'ping', 'xlink:href'];

/** An address the site may write (FO-LINK-SCHEMES): http(s), relative, fragment, or the site's own `mailto:` of its configured email. */
export const allowedAddress = (url: string, email?: string) => isLinkAddress(url) || (email !== undefined && url === `mailto:${email}`);

/** One element, as both readers give it: its tag and attributes. */
export interface ElementView {
  tag: string;
  attributes: { name: string; value: string }[];
}

/** Elements that run script, embed or frame a document, or submit: none may come from owner text. */
export const LIVE_TAGS = ['script', 'iframe', 'frame', 'object', 'embed', 'form', 'base', 'meta', 'link', 'style', 'svg', 'math', 'template'];

/**
 * What in `elements` could run or lead elsewhere: an `on…` handler, an address of another scheme
 * (`srcset` entries too), and an element of LIVE_TAGS but for those the site's own layout writes
 * (`allowedTags`: a page's head has its `meta`, `link` and JSON `script`; a Markdown rendering has none).
 */
export function liveMarkup(elements: ElementView[], { email, allowedTags = [] }: { email?: string; allowedTags?: string[] } = {}): string[] {
  const found: string[] = [];
  for (const el of elements) {
    if (LIVE_TAGS.includes(el.tag) && !allowedTags.includes(el.tag)) found.push(`<${el.tag}>`);
    for (const { name, value } of el.attributes) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on')) found.push(`<${el.tag} ${name}>`);
      if (ADDRESS_ATTRIBUTES.includes(attribute) && !allowedAddress(value, email)) found.push(`<${el.tag} ${name}="${value}">`);
      if (attribute === 'srcset' || attribute === 'imagesrcset')
        for (const candidate of value.split(',').map((c) => c.trim().split(/\s+/)[0]!))
          if (candidate && !allowedAddress(candidate, email)) found.push(`<${el.tag} ${name}="${candidate}">`);
    }
  }
  return found;
}
