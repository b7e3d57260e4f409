// FO-SVG-ALLOW: a corpus of known SVG tricks (DTD and ATTLIST defaults, entities internal and
// external, namespaces, foreignObject, `use` and `image` to elsewhere, animation of href and
// handlers, CSS @import/url()/escapes, xml:base, processing instructions, encodings and byte order
// marks, CDATA and comments that hide markup, case, javascript: and data: addresses) and the
// drawings they resemble. Each says what svgProblem must answer: the code it refuses with, or
// null when it must accept. Whatever would run or load in a browser asks for /pwned/<name> (a
// fetch, or a reference), so tests/integration/content-allow-lists-browser.test.ts can open every
// accepted one in Chromium, with no CSP, and see that none did.
const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const STANDARD_DOCTYPE = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';

/** A drawing around `body`, with `attrs` on its root. */
const svg = (body: string, attrs = '') => `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"${attrs}>${body}</svg>`;
/** Script that, when it runs, asks the page's server for /pwned/<name>. */
const hit = (name: string) => `fetch('/pwned/${name}')`;
const RECT = '<rect width="100" height="100" fill="#3a6"/>';

export interface SvgTrick {
  name: string;
  bytes: Uint8Array;
  /** The code svgProblem refuses it with, or null: a drawing it must accept. */
  refused: string | null;
}

const text = (s: string) => new TextEncoder().encode(s);
const utf16le = (s: string) => {
  const out = new Uint8Array(2 + s.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) {
    out[2 + i * 2] = s.charCodeAt(i) & 0xff;
    out[3 + i * 2] = s.charCodeAt(i) >> 8;
  }
  return out;
};

const TRICKS: [name: string, svg: string | Uint8Array, refused: string | null][] = [
  // DTDs: an internal subset declares attribute defaults and entities the browser applies.
  ['doctype-attlist-onload', `<!DOCTYPE svg [<!ATTLIST svg onload CDATA "${hit('doctype-attlist-onload')}">]>${svg(RECT)}`, 'svg-doctype'],
  [
    'doctype-standard-with-subset',
    `${STANDARD_DOCTYPE.slice(0, -1)} [<!ATTLIST svg onload CDATA "${hit('doctype-standard-with-subset')}">]>${svg(RECT)}`,
    'svg-doctype',
  ],
  [
    'doctype-attlist-image-onerror',
    `<!DOCTYPE svg [<!ATTLIST image onerror CDATA "${hit('doctype-attlist-image-onerror')}">]>${svg('<image href="data:image/png;base64,AAAA" width="9" height="9"/>')}`,
    'svg-doctype',
  ],
  ['doctype-entity-script', `<!DOCTYPE svg [<!ENTITY x "<script>${hit('doctype-entity-script')}</script>">]>${svg('&x;')}`, 'svg-doctype'],
  ['doctype-entity-external', `<!DOCTYPE svg [<!ENTITY x SYSTEM "/pwned/doctype-entity-external">]>${svg('<text y="20">&x;</text>')}`, 'svg-doctype'],
  ['doctype-parameter-entity', `<!DOCTYPE svg [<!ENTITY % p SYSTEM "/pwned/doctype-parameter-entity"> %p;]>${svg(RECT)}`, 'svg-doctype'],
  [
    'doctype-billion-laughs',
    `<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${svg('<text>&c;</text>')}`,
    'svg-doctype',
  ],
  ['doctype-system-elsewhere', `<!DOCTYPE svg SYSTEM "/pwned/doctype-system-elsewhere">${svg(RECT)}`, 'svg-doctype'],
  ['doctype-public-other-system', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "/pwned/doctype-public-other-system">${svg(RECT)}`, 'svg-doctype'],
  ['doctype-html', `<!DOCTYPE html>${svg(RECT)}`, 'svg-doctype'],
  ['doctype-standard', `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${STANDARD_DOCTYPE}\n${svg(RECT)}`, null],

  // Script, in every spelling.
  ['script', svg(`<script>${hit('script')}</script>`), 'svg-element'],
  ['script-cdata', svg(`<script><![CDATA[${hit('script-cdata')}]]></script>`), 'svg-element'],
  ['script-src', svg('<script href="/pwned/script-src.js"/>'), 'svg-element'],
  ['script-upper-case', svg(`<SCRIPT>${hit('script-upper-case')}</SCRIPT>`), 'svg-element'],
  ['script-svg-prefix', svg(`<s:script xmlns:s="${SVG_NS}">${hit('script-svg-prefix')}</s:script>`), 'svg-element'],
  ['script-xhtml', svg(`<h:script xmlns:h="${XHTML_NS}">${hit('script-xhtml')}</h:script>`), 'svg-namespace'],
  ['script-default-namespace-switch', svg(`<g xmlns="${XHTML_NS}"><script>${hit('script-default-namespace-switch')}</script></g>`), 'svg-namespace'],
  ['handler-element', svg(`<handler type="application/ecmascript">${hit('handler-element')}</handler>`), 'svg-element'],
  ['xml-events-listener', svg('<ev:listener xmlns:ev="http://www.w3.org/2001/xml-events" event="load" handler="#h"/>'), 'svg-namespace'],

  // Event handler attributes.
  ['onload-root', svg(RECT, ` onload="${hit('onload-root')}"`), 'svg-attribute'],
  ['onload-mixed-case', svg(RECT, ` onLoad="${hit('onload-mixed-case')}"`), 'svg-attribute'],
  ['onerror-image', svg(`<image href="data:image/png;base64,AAAA" width="9" height="9" onerror="${hit('onerror-image')}"/>`), 'svg-attribute'],
  ['onbegin-animate', svg(`<animate attributeName="opacity" values="0;1" dur="1s" onbegin="${hit('onbegin-animate')}"/>`), 'svg-attribute'],
  ['onfocusin-tabindex', svg(`<rect width="9" height="9" tabindex="0" onfocusin="${hit('onfocusin-tabindex')}"/>`), 'svg-attribute'],
  ['onclick-namespaced', svg(`<rect xmlns:x="http://x.example/" x:onclick="${hit('onclick-namespaced')}"/>`), 'svg-namespace'],

  // Foreign content: HTML and MathML inside an SVG run script.
  [
    'foreign-object',
    svg(`<foreignObject width="9" height="9"><div xmlns="${XHTML_NS}"><img src="x" onerror="${hit('foreign-object')}"/></div></foreignObject>`),
    'svg-element',
  ],
  ['xhtml-iframe', svg(`<h:iframe xmlns:h="${XHTML_NS}" src="javascript:${hit('xhtml-iframe')}"/>`), 'svg-namespace'],
  ['xhtml-img-onerror', svg(`<h:img xmlns:h="${XHTML_NS}" src="x" onerror="${hit('xhtml-img-onerror')}"/>`), 'svg-namespace'],
  [
    'mathml-maction',
    svg(
      `<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:maction actiontype="statusline" xlink:href="javascript:${hit('mathml-maction')}">x</m:maction></m:math>`,
    ),
    'svg-namespace',
  ],
  ['iframe-svg-namespace', svg('<iframe src="/pwned/iframe-svg-namespace"/>'), 'svg-element'],
  ['unknown-namespace-declared', svg(RECT, ' xmlns:x="http://x.example/ns"'), 'svg-namespace'],
  ['root-html', `<html xmlns="${XHTML_NS}"><body><script>${hit('root-html')}</script></body></html>`, 'svg-not-svg'],
  ['root-without-namespace', `<svg onload="${hit('root-without-namespace')}">${RECT}</svg>`, 'svg-not-svg'],

  // Links and references: only #id stays in the file.
  ['a-xlink-javascript', svg(`<a xlink:href="javascript:${hit('a-xlink-javascript')}">${RECT}</a>`), 'svg-reference'],
  ['a-href-javascript', svg(`<a href="javascript:${hit('a-href-javascript')}">${RECT}</a>`), 'svg-reference'],
  ['a-href-javascript-entity', svg(`<a href="&#106;avascript:${hit('a-href-javascript-entity')}">${RECT}</a>`), 'svg-reference'],
  ['a-href-javascript-newline', svg(`<a href="java&#10;script:${hit('a-href-javascript-newline')}">${RECT}</a>`), 'svg-reference'],
  ['a-href-elsewhere', svg(`<a href="/pwned/a-href-elsewhere">${RECT}</a>`), 'svg-reference'],
  ['use-elsewhere', svg('<use href="/pwned/use-elsewhere.svg#x"/>'), 'svg-reference'],
  ['use-data-svg', svg(`<use href="data:image/svg+xml,&lt;svg xmlns='${SVG_NS}' id='x'/&gt;#x"/>`), 'svg-reference'],
  ['image-elsewhere', svg('<image href="/pwned/image-elsewhere.png" width="9" height="9"/>'), 'svg-reference'],
  ['image-data-svg', svg(`<image href="data:image/svg+xml,&lt;svg xmlns='${SVG_NS}'/&gt;" width="9" height="9"/>`), 'svg-reference'],
  ['fe-image-elsewhere', svg(`<filter id="f"><feImage href="/pwned/fe-image-elsewhere.png"/></filter>${RECT}`), 'svg-reference'],
  ['xml-base', svg(`<a xml:base="javascript:${hit('xml-base')}//" href="#x">${RECT}</a>`), 'svg-attribute'],
  ['xlink-actuate-onload', svg(`<a xlink:href="#x" xlink:show="new" xlink:actuate="onLoad">${RECT}</a>`), 'svg-attribute'],
  ['image-data-png', svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="9" height="9"/>'), null],
  [
    'references-in-file',
    svg(
      `<defs><path id="p" d="M0 50L100 50"/></defs><use xlink:href="#p" stroke="#000"/><text><textPath href="#p">x</textPath></text><a href="#p">${RECT}</a>`,
    ),
    null,
  ],

  // Declarative animation: only of what draws.
  ['set-href-javascript', svg(`<a href="#x"><set attributeName="href" to="javascript:${hit('set-href-javascript')}"/>${RECT}</a>`), 'svg-animation'],
  ['set-xlink-href', svg(`<a xlink:href="#x"><set attributeName="xlink:href" to="javascript:${hit('set-xlink-href')}"/>${RECT}</a>`), 'svg-animation'],
  ['animate-href-values', svg(`<a href="#x"><animate attributeName="href" values="javascript:${hit('animate-href-values')}"/>${RECT}</a>`), 'svg-animation'],
  ['set-onload-name', svg(`<set attributeName="onload" to="${hit('set-onload-name')}"/>${RECT}`), 'svg-animation'],
  ['set-style', svg(`<rect width="9" height="9"><set attributeName="style" to="fill:url(/pwned/set-style.svg#p)"/></rect>`), 'svg-animation'],
  ['set-fill-url-elsewhere', svg('<rect width="9" height="9"><set attributeName="fill" to="url(/pwned/set-fill-url-elsewhere.svg#p)"/></rect>'), 'svg-css'],
  ['set-target-elsewhere', svg('<set href="/pwned/set-target-elsewhere.svg#r" attributeName="fill" to="red"/>'), 'svg-reference'],
  [
    'animation-of-drawing',
    svg(
      '<rect width="100" height="100"><animate attributeName="opacity" values="0;1" dur="1s" repeatCount="indefinite"/><animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"/></rect>',
    ),
    null,
  ],

  // CSS: nothing loaded from elsewhere, nothing hidden by escapes.
  ['style-import-url', svg('<style>@import url(/pwned/style-import-url.css);</style>'), 'svg-css'],
  ['style-import-string', svg('<style>@import "/pwned/style-import-string.css";</style>'), 'svg-css'],
  ['style-import-upper-case', svg('<style>@IMPORT "/pwned/style-import-upper-case.css";</style>'), 'svg-css'],
  ['style-url-elsewhere', svg(`<style>rect { fill: url(/pwned/style-url-elsewhere.svg#p) }</style>${RECT}`), 'svg-css'],
  ['style-url-javascript', svg(`<style>rect { fill: url("javascript:${hit('style-url-javascript')}") }</style>${RECT}`), 'svg-css'],
  ['style-url-data-svg', svg(`<style>rect { fill: url("data:image/svg+xml,%3Csvg xmlns='${SVG_NS}'/%3E") }</style>${RECT}`), 'svg-css'],
  ['style-escape', svg(`<style>rect { fill: \\75 rl(/pwned/style-escape.svg#p) }</style>${RECT}`), 'svg-css'],
  ['style-image-set', svg(`<style>rect { mask-image: image-set("/pwned/style-image-set.png" 1x) }</style>${RECT}`), 'svg-css'],
  [
    'style-font-face',
    svg('<style>@font-face { font-family: x; src: url(/pwned/style-font-face.woff2) } text { font-family: x }</style><text y="20">x</text>'),
    'svg-css',
  ],
  ['style-cdata-url', svg(`<style><![CDATA[ rect { fill: url("/pwned/style-cdata-url.svg#a") } ]]></style>${RECT}`), 'svg-css'],
  ['style-attribute-url', svg('<rect width="9" height="9" style="fill:url(/pwned/style-attribute-url.svg#a)"/>'), 'svg-css'],
  ['filter-attribute-url', svg('<rect width="9" height="9" filter="url(/pwned/filter-attribute-url.svg#f)"/>'), 'svg-css'],
  ['cursor-url', svg('<rect width="100" height="100" cursor="url(/pwned/cursor-url.png), auto"/>'), 'svg-css'],
  ['xml-stylesheet-css', `<?xml-stylesheet type="text/css" href="/pwned/xml-stylesheet-css.css"?>${svg(RECT)}`, 'svg-instruction'],
  ['xml-stylesheet-xslt', `<?xml-stylesheet type="text/xsl" href="/pwned/xml-stylesheet-xslt.xsl"?>${svg(RECT)}`, 'svg-instruction'],
  ['processing-instruction', `${svg(`<?php echo 1; ?>${RECT}`)}`, 'svg-instruction'],
  [
    'style-in-file',
    svg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#456"/></linearGradient></defs><style>rect { fill: url(#g); stroke: url('#g') }</style>${RECT}`,
    ),
    null,
  ],

  // Encodings: the bytes a browser decodes are the ones checked.
  ['encoding-latin1', `<?xml version="1.0" encoding="ISO-8859-1"?>${svg(RECT)}`, 'svg-encoding'],
  ['encoding-utf7', `<?xml version="1.0" encoding="UTF-7"?>${svg(`+ADw-script+AD4-${hit('encoding-utf7')}+ADw-/script+AD4-`)}`, 'svg-encoding'],
  ['encoding-utf16-bom', utf16le(svg(`<script>${hit('encoding-utf16-bom')}</script>`)), 'svg-encoding'],
  ['encoding-invalid-utf8', new Uint8Array([...text(svg('<text>')), 0xc0, 0xbc, ...text('script</text>')]), 'svg-encoding'],
  ['xml-version-1.1', `<?xml version="1.1"?>${svg(RECT)}`, 'svg-encoding'],
  ['control-character', svg('<text>\u0001</text>'), 'svg-not-svg'],
  ['not-well-formed', `<svg xmlns="${SVG_NS}"><rect></svg>`, 'svg-not-svg'],
  ['utf8-bom', new Uint8Array([0xef, 0xbb, 0xbf, ...text(svg(RECT))]), null],

  // Markup that only looks like script: text, comments, CDATA.
  ['comment-hiding-script', svg(`<!-- <script>${hit('comment-hiding-script')}</script> -->${RECT}`), null],
  ['comment-then-script', svg(`<!-- x --><script>${hit('comment-then-script')}</script>`), 'svg-element'],
  ['cdata-text', svg(`<text x="1" y="20"><![CDATA[<script>${hit('cdata-text')}</script>]]></text>`), null],
  ['escaped-text', svg(`<text x="1" y="20">&lt;script&gt;${hit('escaped-text')}&lt;/script&gt;</text>`), null],
  ['title-and-desc', svg(`<title>&lt;img src=x onerror=${hit('title-and-desc')}&gt;</title><desc>javascript:${hit('title-and-desc')}</desc>${RECT}`), null],

  // What drawing programs write.
  [
    'inkscape',
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${SVG_NS}" xmlns:svg="${SVG_NS}" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" width="100" height="100" viewBox="0 0 100 100" version="1.1" inkscape:version="1.3" sodipodi:docname="x.svg"><sodipodi:namedview id="nv" pagecolor="#ffffff" inkscape:zoom="1"/><metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata><g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1"><path style="fill:#3a6;stroke:#000;stroke-width:1" d="M 10,10 H 90 V 90 Z" id="path1" sodipodi:nodetypes="cccc"/></g></svg>`,
    null,
  ],
  [
    'editor-namespace-holding-script',
    svg(
      `<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"><h:script xmlns:h="${XHTML_NS}">${hit('editor-namespace-holding-script')}</h:script></sodipodi:namedview>`,
    ),
    'svg-namespace',
  ],
  [
    'filters-masks-patterns',
    svg(
      `<defs><filter id="f"><feGaussianBlur in="SourceGraphic" stdDeviation="2" result="b"/><feOffset dx="1" dy="1"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter><clipPath id="c"><circle cx="50" cy="50" r="40"/></clipPath><mask id="m"><rect width="100" height="100" fill="#fff"/></mask><pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="#000"/></pattern><marker id="k" markerWidth="4" markerHeight="4" refX="2" refY="2"><circle cx="2" cy="2" r="2"/></marker></defs><rect width="100" height="100" fill="url(#p)" filter="url(#f)" clip-path="url(#c)" mask="url(#m)"/><polyline points="0,0 50,50 100,0" marker-end="url(#k)" fill="none" stroke="#000"/>`,
    ),
    null,
  ],
  [
    'illustrator',
    `<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n<svg version="1.1" id="Layer_1" xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve"><style type="text/css">.st0{fill:#FF0000;}</style><rect x="10" y="10" class="st0" width="80" height="80"/></svg>`,
    null,
  ],
  [
    'figma',
    `<svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="${SVG_NS}"><g clip-path="url(#clip0_1_2)"><path fill-rule="evenodd" clip-rule="evenodd" d="M12 2L22 22H2Z" fill="black"/></g><defs><clipPath id="clip0_1_2"><rect width="24" height="24" fill="white"/></clipPath></defs></svg>`,
    null,
  ],
  [
    'excalidraw-inline-font',
    svg(
      '<defs><style class="style-fonts">@font-face { font-family: "Virgil"; src: url(data:font/woff2;base64,d09GMgABAAAAAA) format("woff2"); }</style></defs><text x="10" y="50" font-family="Virgil, Segoe UI Emoji">hand-drawn</text>',
    ),
    null,
  ],
  [
    'excalidraw-remote-font',
    svg(
      '<defs><style>@font-face { font-family: "Virgil"; src: url("/pwned/excalidraw-remote-font.woff2"); }</style></defs><text x="10" y="50" font-family="Virgil">x</text>',
    ),
    'svg-css',
  ],
  [
    'drawio-html-labels',
    svg(
      `<switch><foreignObject requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility" width="80" height="20"><div xmlns="${XHTML_NS}">label</div></foreignObject><text x="10" y="20">label</text></switch>`,
    ),
    'svg-element',
  ],
  ['batik', svg(RECT, ' contentScriptType="text/ecmascript" contentStyleType="text/css" zoomAndPan="magnify" preserveAspectRatio="xMidYMid meet"'), null],
  ['aria-and-data', svg(`<g role="img" aria-label="A square" data-name="Layer 1">${RECT}</g>`), null],
];

export const SVG_TRICKS: SvgTrick[] = TRICKS.map(([name, svg, refused]) => ({ name, bytes: typeof svg === 'string' ? text(svg) : svg, refused }));
