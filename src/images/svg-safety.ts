// FO-CONTENT-DATA: an SVG is published byte for byte (/_images/<digest>.svg). Inside <img> it is
// inert, but opened by its own URL (a link, the twin's image, the API's `image` field) it is a
// document of the site's origin: its script and event handlers would run there. So an SVG that
// could run code or load anything from elsewhere is a content error, found by reading it as the
// browser does, as XML (saxes: a strict, namespace-aware parser; jsdom's), never by regexes alone.
// The static-file header rules add a sandboxing CSP to every file that is not a page, as a second line.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces whose elements a browser renders inside an SVG document, as HTML or MathML (WHATWG HTML § 13.2.6.5 has them in foreign content too). */
const ACTIVE_NS: Record<string, string> = { 'http://www.w3.org/1999/xhtml': 'HTML', 'http://www.w3.org/1998/Math/MathML': 'MathML' };
/** SMIL animation elements: `attributeName="href"` turns a harmless link into `javascript:` (SVG 1.1 § 19.2.7). */
const ANIMATIONS = new Set(['set', 'animate', 'animateColor', 'animateMotion', 'animateTransform']);
/** A reference that stays in the file (`#id`) or an inline raster image; anything else loads from elsewhere. */
const LOCAL_REFERENCE = /^\s*(?:#|data:image\/(?:png|jpeg|gif|webp|avif)(?:;[^,]*)?,)/i;
/** CSS that loads from elsewhere: every `url(…)` (checked one by one), `@import`, `image-set(…)`/`image(…)` (which take bare strings). */
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;
const CSS_LOADS = /@import|image-set\(|image\(/i;

const FIX = 'remove it in a text editor, or export the drawing again as a PNG';

/**
 * Why an SVG file may not be published, worded for a content error naming it as `file`; undefined
 * when it is safe. Refused: script (`<script>`, `on…` attributes, animations of `href` or of an
 * event handler), `<foreignObject>` and HTML or MathML elements, references to other files or
 * addresses (`href`, CSS `url()`, `@import`, an `<?xml-stylesheet?>`), entity declarations (the
 * "billion laughs" and external entities), CSS escapes that could hide any of these, and a file
 * that is not well-formed XML with an `<svg>` root in the SVG namespace (a browser would not show it).
 */
export function svgProblem(bytes: Uint8Array, file: string): string | undefined {
  const found: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  const at = () => `line ${parser.line}`;
  let root = true;
  let notSvg: string | undefined;
  let inStyle = 0;
  const checkCss = (css: string, where: string) => {
    if (CSS_LOADS.test(css)) found.push(`${where} loads a stylesheet or image from elsewhere (@import, image-set())`);
    for (const [, , url] of css.matchAll(CSS_URL)) {
      if (!LOCAL_REFERENCE.test(url ?? '')) found.push(`${where} loads ${JSON.stringify(url)} from elsewhere (url())`);
    }
    // Escapes could spell `url(` or `@import` past the checks above (CSS Syntax § 4.3.7).
    if (css.includes('\\')) found.push(`${where} holds a CSS escape (\\), which can hide what it loads`);
  };
  parser.on('doctype', (doctype) => {
    if (doctype.includes('<!ENTITY')) found.push(`${at()}: the <!DOCTYPE> declares entities (<!ENTITY …>), which can expand without limit or read other files`);
  });
  parser.on('processinginstruction', ({ target }) => {
    if (target.toLowerCase() === 'xml-stylesheet') found.push(`${at()}: an <?xml-stylesheet?> loads a stylesheet or transform from elsewhere`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const where = at();
    if (root && (tag.local !== 'svg' || tag.uri !== SVG_NS)) notSvg = `its root element is <${tag.name}>, not <svg xmlns="${SVG_NS}">`;
    root = false;
    if (tag.local === 'script' || tag.local === 'handler') found.push(`${where}: a <${tag.name}> runs script`);
    else if (tag.local === 'foreignObject') found.push(`${where}: a <foreignObject> holds HTML, which can run script`);
    else if (ACTIVE_NS[tag.uri]) found.push(`${where}: <${tag.name}> is ${ACTIVE_NS[tag.uri]}, which can run script inside an SVG`);
    if (tag.local === 'style') inStyle++;
    for (const attr of Object.values(tag.attributes) as SaxesAttributeNS[]) {
      const name = attr.name;
      if (attr.local.toLowerCase().startsWith('on')) found.push(`${where}: the attribute ${name} is an event handler, which runs script`);
      else if (attr.local === 'href' && !LOCAL_REFERENCE.test(attr.value))
        found.push(
          `${where}: ${name}=${JSON.stringify(attr.value.slice(0, 60))} on <${tag.name}> refers to another file or address (only #id and data: images stay in the file)`,
        );
      else if (attr.local === 'attributeName' && ANIMATIONS.has(tag.local) && /^(?:.*:)?(?:href|on.*)$/i.test(attr.value.trim()))
        found.push(`${where}: <${tag.name} attributeName="${attr.value}"> animates a link or an event handler into script`);
      else if (/url\(|@import|image-set\(|image\(/i.test(attr.value)) checkCss(attr.value, `${where}: the attribute ${name}`);
      else if (attr.local === 'style' && attr.value.includes('\\')) checkCss(attr.value, `${where}: the attribute ${name}`);
    }
  });
  parser.on('closetag', (tag) => {
    if ((tag as SaxesTagNS).local === 'style') inStyle--;
  });
  const styleText = (text: string) => {
    if (inStyle > 0) checkCss(text, `${at()}: a <style>`);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).close();
  } catch (error) {
    // What was found before the error says more (an entity declared, then used, fails as "undefined entity").
    const where = /^(?:[^:]*:)?(\d+):(\d+): /.exec((error as Error).message);
    const why = where ? `line ${where[1]}, column ${where[2]}: ${(error as Error).message.slice(where[0].length)}` : (error as Error).message;
    notSvg ??= found.length ? undefined : `it is not well-formed XML (${why.replace(/\.$/, '')})`;
  }
  if (notSvg) return `${file} is not an SVG image a browser can show: ${notSvg}; export it again from the drawing program as SVG`;
  if (found.length === 0) return undefined;
  const more = found.length > 1 ? ` (and ${found.length - 1} more: ${found.slice(1).join('; ')})` : '';
  return `${file} is an SVG that could run script or load other files when opened by its address: ${found[0]}${more}; ${FIX}`;
}
