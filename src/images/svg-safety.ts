// FO-CONTENT-DATA, FO-SVG-ALLOW: an SVG is published byte for byte (/_images/<digest>.svg). Inside
// <img> it is inert, but opened by its own URL (a link, the twin's image, the API's `image` field)
// it is a document of the site's origin. A list of what is dangerous always misses something (a
// DTD's `<!ATTLIST svg onload CDATA "…">` default attribute, which Chromium applies and saxes does
// not), so an SVG is accepted only when every construct in it is on an allow-list of drawing
// elements and attributes, read as the browser reads it, as XML (saxes: a strict, namespace-aware
// parser, jsdom's; a tokenizer of our own would be a second XML reading to keep in step). The
// static-file header rules add a sandboxing CSP to every file that is not a page, as a second line.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * Namespaces drawing programs write their own data in (Inkscape, Sodipodi, the RDF/Dublin
 * Core/Creative Commons licence block in `<metadata>`, Sketch, Affinity). A browser has no
 * behaviour for them: their elements are plain `Element`s, never rendered, and their attributes are
 * ignored (SVG 2 § 1.6: unknown namespaces are not SVG). Refusing them would send every Inkscape
 * owner back to "Save as plain SVG" for nothing; every other namespace is refused, XHTML and MathML
 * above all (they run script inside an SVG, WHATWG HTML § 13.2.6.5).
 */
const EDITOR_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.serif.com/',
]);
/** The namespaces an `xmlns`/`xmlns:…` declaration may name: SVG, XLink, and the editors'. */
const DECLARABLE = new Set([SVG_NS, XLINK_NS, ...EDITOR_NAMESPACES]);

/**
 * The SVG elements that draw (SVG 1.1 and 2: structure, shapes, text, paint servers, clipping,
 * masking, markers, filter primitives, declarative animation), and `style`, whose CSS is checked.
 * Not here, so refused: `script`, `foreignObject`, `iframe`/`video`/`audio`/`canvas`, `handler`,
 * `listener`, `cursor`, `view`, `font`/`glyph`, `tref`, `discard` and anything unknown.
 */
// biome-ignore format: grouped as the SVG spec's chapters
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'a', 'title', 'desc', 'metadata', 'style',
  'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'image',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  'animate', 'set', 'animateTransform', 'animateMotion', 'mpath',
]);

/** SMIL animation elements (SVG 1.1 § 19.2): their `attributeName` decides what they change. */
const ANIMATIONS = new Set(['set', 'animate', 'animateTransform', 'animateMotion']);

/**
 * SVG 1.1's presentation attributes (§ M.2) and SVG 2's new ones, which are CSS properties and so
 * may also be animated; `url()` in any value is checked like CSS.
 */
// biome-ignore format: the spec's list, several to a line
const PRESENTATION = [
  'alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation',
  'color-interpolation-filters', 'color-rendering', 'cursor', 'direction', 'display', 'dominant-baseline',
  'enable-background', 'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color', 'flood-opacity', 'font-family',
  'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight',
  'glyph-orientation-horizontal', 'glyph-orientation-vertical', 'image-rendering', 'kerning', 'letter-spacing',
  'lighting-color', 'marker-start', 'marker-mid', 'marker-end', 'mask', 'opacity', 'overflow', 'pointer-events',
  'shape-rendering', 'stop-color', 'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-anchor',
  'text-decoration', 'text-rendering', 'unicode-bidi', 'visibility', 'word-spacing', 'writing-mode',
  'mix-blend-mode', 'isolation', 'paint-order', 'vector-effect', 'transform-origin', 'mask-type', 'white-space',
];

/** Geometry and the other attributes of the elements above that name no other document and run nothing. */
// biome-ignore format: grouped by element family
const GEOMETRY = [
  'id', 'class', 'style', 'lang', 'tabindex', 'role', 'focusable', 'version', 'baseProfile', 'width', 'height',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength',
  'transform', 'viewBox', 'preserveAspectRatio', 'zoomAndPan', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust',
  'startOffset', 'method', 'spacing', 'side', 'path', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits',
  'filterRes', 'in', 'in2', 'result', 'mode', 'type', 'values', 'tableValues', 'slope', 'intercept', 'amplitude',
  'exponent', 'operator', 'k1', 'k2', 'k3', 'k4', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY',
  'edgeMode', 'kernelUnitLength', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant',
  'specularExponent', 'scale', 'xChannelSelector', 'yChannelSelector', 'stdDeviation', 'radius', 'baseFrequency',
  'numOctaves', 'seed', 'stitchTiles', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ',
  'limitingConeAngle', 'requiredFeatures', 'requiredExtensions', 'systemLanguage', 'externalResourcesRequired',
  'media', 'title',
  // Batik and other Java exporters declare the languages on the root; with no script or handler in the file they name nothing that runs.
  'contentScriptType', 'contentStyleType',
];

/** SMIL's timing and value attributes (SVG 1.1 § 19.2.8–19.2.10); `href` (the target) is a reference. */
// biome-ignore format: the spec's order
const ANIMATION_ATTRIBUTES = [
  'attributeName', 'attributeType', 'begin', 'dur', 'end', 'min', 'max', 'restart', 'repeatCount', 'repeatDur',
  'calcMode', 'keyTimes', 'keySplines', 'keyPoints', 'from', 'to', 'by', 'additive', 'accumulate', 'origin',
];

/** What `attributeName` may name: what draws, never a reference, a handler, `style` or the timing itself. */
const ANIMATABLE: ReadonlySet<string> = new Set([...PRESENTATION, ...GEOMETRY.filter((a) => !['id', 'style', 'type', 'media', 'title'].includes(a))]);
/** The attributes (no namespace) an SVG element may carry, besides `href` and `aria-*`/`data-*`. */
export const SVG_ATTRIBUTES: ReadonlySet<string> = new Set([...PRESENTATION, ...GEOMETRY, ...ANIMATION_ATTRIBUTES]);
/** Inert to a browser: accessibility labels, and data attributes (no script can read them: there is none). */
const INERT_ATTRIBUTE = /^(?:aria|data)-[a-z0-9-]+$/;

/** The public identifiers of the SVG DTDs, with their system identifiers: a DOCTYPE drawing programs write, without an internal subset. */
const STANDARD_DOCTYPES = new Set([
  'svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"',
  'svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd"',
  'svg PUBLIC "-//W3C//DTD SVG 20010904//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd"',
  'svg PUBLIC "-//W3C//DTD SVG 1.1 Tiny//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11-tiny.dtd"',
  'svg PUBLIC "-//W3C//DTD SVG 1.1 Basic//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11-basic.dtd"',
]);

/** A reference that stays in the file: `#id` (SVG 2 § 16.1.5 same-document URLs). */
const FRAGMENT = /^#[^\s#]*$/;
/** An inline raster image, on `<image>` and `<feImage>`: decoded as pixels, never a document (an SVG inside could be one). */
const DATA_RASTER = /^data:image\/(?:png|jpeg|gif|webp|avif)(?:;[a-z0-9=-]+)*,/i;
/**
 * What a CSS `url()` may name: an `#id` of the file, an inline raster image, or an inline font
 * (Excalidraw embeds its hand-drawn fonts so): pixels and glyphs (fonts pass the browser's
 * OpenType sanitizer), never a document, and nothing loaded from elsewhere.
 */
const CSS_INLINE = /^(?:data:image\/(?:png|jpeg|gif|webp|avif)|data:font\/(?:woff2?|ttf|otf|sfnt))(?:;[a-z0-9=-]+)*,/i;
/** CSS functions that load what they name; only `url(#id)` stays in the file. `image-set()`, `image()`, `src()`, `cross-fade()` take bare strings. */
const CSS_LOADING_FUNCTION = /(?:^|[^a-z0-9_-])(-webkit-image-set|image-set|image|src|cross-fade|element)\(/gi;
/** A `url(` and what it names up to a quote, `)` or space: only `url(#id)` stays in the file; a quote inside (`url("javascript:f('x')")`) must not end the match early. */
const CSS_URL = /url\(\s*['"]?([^'")\s]*)/gi;

/** Every code an SVG refusal carries: stable, for the owner to search the docs by (docs/content.md). */
export const SVG_CODES = [
  'svg-encoding',
  'svg-not-svg',
  'svg-doctype',
  'svg-instruction',
  'svg-element',
  'svg-attribute',
  'svg-namespace',
  'svg-reference',
  'svg-animation',
  'svg-css',
] as const;
type SvgCode = (typeof SVG_CODES)[number];

const FIX = 'remove it in a text editor, or export the drawing again as plain SVG or as a PNG (docs/content.md lists what an SVG image may hold)';

/** The bytes' text as a browser's XML parser decodes it, or why it may decode otherwise (XML 1.0 § 4.3.3, Appendix F). */
function decoded(bytes: Uint8Array): { text: string } | { problem: string } {
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe))
    return { problem: 'it is saved as UTF-16 (a byte order mark says so); save it as UTF-8 [svg-encoding]' };
  try {
    // A UTF-8 byte order mark is dropped here as the browser drops it.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { problem: 'it is not UTF-8 text; save it as UTF-8 [svg-encoding]' };
  }
}

/** What loads from elsewhere in a piece of CSS (a `<style>`, a `style` attribute, any attribute value holding `url(`). */
function cssProblems(css: string): string[] {
  const found: string[] = [];
  if (/@import/i.test(css)) found.push('@import loads a stylesheet from elsewhere');
  for (const [, name] of css.matchAll(CSS_LOADING_FUNCTION)) found.push(`${name}() loads an image from elsewhere`);
  for (const [, url] of css.matchAll(CSS_URL))
    if (!FRAGMENT.test(url ?? '') && !CSS_INLINE.test(url ?? ''))
      found.push(`url(${JSON.stringify(url?.slice(0, 60))}) loads from elsewhere (only url(#id) and inline data: images and fonts stay in the file)`);
  // An escape could spell `url(` or `@import` past the checks above (CSS Syntax § 4.3.7).
  if (css.includes('\\')) found.push('a CSS escape (\\) can hide what it loads');
  return found;
}

/**
 * Why an SVG file may not be published, worded for a content error naming it as `file`; undefined
 * when every construct in it is on the allow-list (FO-SVG-ALLOW): UTF-8 text, well-formed XML
 * with an `<svg>` root in the SVG namespace, at most a standard SVG DOCTYPE (no internal subset,
 * so no entity or attribute default), no processing instruction but the XML declaration, only the
 * drawing elements of SVG_ELEMENTS with the attributes of SVG_ATTRIBUTES, `aria-*`/`data-*`,
 * `xml:space`/`xml:lang` and namespace declarations of SVG, XLink and the editors; `href`/`xlink:href`
 * only to `#id` (and, on `<image>`/`<feImage>`, an inline PNG, JPEG, GIF, WebP or AVIF);
 * animations only of drawing attributes; CSS without `@import`, escapes, or a `url()` but `url(#id)` and inline raster images and fonts.
 */
export function svgProblem(bytes: Uint8Array, file: string): string | undefined {
  const text = decoded(bytes);
  if ('problem' in text) return `${file} is not an SVG image a browser can show as checked: ${text.problem}`;
  const found: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  const at = () => `line ${parser.line}`;
  const refuse = (problem: string, code: SvgCode) => found.push(`${at()}: ${problem} [${code}]`);
  let root = true;
  let notSvg: string | undefined;
  let inStyle = 0;
  parser.on('xmldecl', ({ version, encoding }) => {
    // Another declared encoding makes the browser read other characters from these bytes than the ones checked here.
    if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8')
      refuse(`the XML declaration names the encoding ${JSON.stringify(encoding)}; save it as UTF-8`, 'svg-encoding');
    if (version !== undefined && version !== '1.0') refuse(`the XML declaration names XML ${JSON.stringify(version)}; an SVG is XML 1.0`, 'svg-encoding');
  });
  parser.on('doctype', (doctype) => {
    // An internal subset declares entities and attribute defaults the browser applies (`<!ATTLIST svg onload …>`).
    if (!STANDARD_DOCTYPES.has(doctype.trim().replace(/\s+/g, ' ')))
      refuse(
        'a <!DOCTYPE> other than the standard SVG one (an internal subset [ … ] declares entities or default attributes, such as an onload)',
        'svg-doctype',
      );
  });
  parser.on('processinginstruction', ({ target }) => {
    refuse(`the processing instruction <?${target} …?> (an <?xml-stylesheet?> loads a stylesheet or transform from elsewhere)`, 'svg-instruction');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (root && (tag.local !== 'svg' || tag.uri !== SVG_NS)) notSvg = `its root element is <${tag.name}>, not <svg xmlns="${SVG_NS}">`;
    root = false;
    const editor = EDITOR_NAMESPACES.has(tag.uri);
    if (tag.uri === SVG_NS) {
      if (!SVG_ELEMENTS.has(tag.local))
        refuse(
          `<${tag.name}> is not a drawing element${tag.local === 'script' ? ': it runs script' : tag.local === 'foreignObject' ? ': it holds HTML, which can run script' : ''}`,
          'svg-element',
        );
    } else if (!editor)
      refuse(`<${tag.name}> is in the namespace ${JSON.stringify(tag.uri)}, not SVG's (HTML or MathML there can run script)`, 'svg-namespace');
    if (tag.uri === SVG_NS && tag.local === 'style') inStyle++;
    for (const attr of Object.values(tag.attributes) as SaxesAttributeNS[]) {
      const { name, local, uri, value } = attr;
      const on = `${name} on <${tag.name}>`;
      if (/^on/i.test(local)) {
        refuse(`the attribute ${on} is an event handler, which runs script`, 'svg-attribute');
        continue;
      }
      if (uri === XMLNS_NS) {
        if (!DECLARABLE.has(value))
          refuse(`${name}=${JSON.stringify(value)} declares a namespace other than SVG's, XLink's or a drawing program's`, 'svg-namespace');
        continue;
      }
      if (uri === XML_NS) {
        if (local !== 'space' && local !== 'lang')
          refuse(`the attribute ${on}${local === 'base' ? ' changes where every reference points' : ''} is not a drawing attribute`, 'svg-attribute');
        continue;
      }
      if (uri === XLINK_NS ? local === 'href' : uri === '' && local === 'href') {
        const raster = (tag.local === 'image' || tag.local === 'feImage') && DATA_RASTER.test(value.trim());
        if (!FRAGMENT.test(value.trim()) && !raster)
          refuse(
            `${name}=${JSON.stringify(value.slice(0, 60))} on <${tag.name}> refers to another file or address (only #id, and on <image> a data: PNG, JPEG, GIF, WebP or AVIF, stay in the file)`,
            'svg-reference',
          );
        continue;
      }
      if (uri === XLINK_NS) {
        if (local !== 'title') refuse(`the attribute ${on} is not a drawing attribute`, 'svg-attribute');
        continue;
      }
      if (EDITOR_NAMESPACES.has(uri)) continue;
      if (uri !== '') {
        refuse(`the attribute ${on} is in the namespace ${JSON.stringify(uri)}, not SVG's`, 'svg-namespace');
        continue;
      }
      // A drawing program's own element keeps its own attributes: nothing reads them (EDITOR_NAMESPACES).
      if (!editor && !SVG_ATTRIBUTES.has(local) && !INERT_ATTRIBUTE.test(local)) refuse(`the attribute ${on} is not a drawing attribute`, 'svg-attribute');
      else if (local === 'attributeName' && ANIMATIONS.has(tag.local) && !ANIMATABLE.has(value.trim().replace(/^[^:]*:/, '')))
        refuse(
          `<${tag.name} attributeName="${value}"> animates what is not a drawing attribute (a link or an event handler can become script)`,
          'svg-animation',
        );
      for (const why of /url\(|@import|image|src\(|cross-fade\(|element\(|\\/i.test(value) ? cssProblems(value) : [])
        refuse(`the attribute ${on}: ${why}`, 'svg-css');
    }
  });
  parser.on('closetag', (tag) => {
    if ((tag as SaxesTagNS).uri === SVG_NS && (tag as SaxesTagNS).local === 'style') inStyle--;
  });
  const styleText = (css: string) => {
    if (inStyle > 0) for (const why of cssProblems(css)) refuse(`a <style>: ${why}`, 'svg-css');
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text.text).close();
  } catch (error) {
    // What was found before the error says more (an entity declared, then used, fails as "undefined entity").
    const where = /^(?:[^:]*:)?(\d+):(\d+): /.exec((error as Error).message);
    const why = where ? `line ${where[1]}, column ${where[2]}: ${(error as Error).message.slice(where[0].length)}` : (error as Error).message;
    notSvg ??= found.length ? undefined : `it is not well-formed XML (${why.replace(/\.$/, '')}) [svg-not-svg]`;
  }
  if (notSvg)
    return `${file} is not an SVG image a browser can show: ${notSvg.endsWith(']') ? notSvg : `${notSvg} [svg-not-svg]`}; export it again from the drawing program as SVG`;
  if (found.length === 0) return undefined;
  const more = found.length > 1 ? ` (and ${found.length - 1} more: ${found.slice(1).join('; ')})` : '';
  return `${file} is an SVG with more than a drawing in it, which could run script or load other files when the image is opened by its address: ${found[0]}${more}; ${FIX}`;
}
