// FO-HTML-ALLOW: raw HTML in a Markdown body, the tricks an attack tried (`<meta name="referrer">`,
// `<a ping>`, `<template shadowrootmode>`, `<button formaction>`, `popover`) and the classics, next
// to the HTML Markdown authors write. Each says what the loader must answer: the code it refuses
// with, or null when it must accept. Whatever would run or load asks for /pwned/<name>, so
// tests/integration/content-allow-lists-browser.test.ts can open every accepted body, rendered as
// the site renders it, in Chromium with no CSP, and see that nothing did.
const hit = (name: string) => `fetch('/pwned/${name}')`;

export interface HtmlTrick {
  name: string;
  body: string;
  /** The code the loader refuses it with, or null: HTML it must accept. */
  refused: string | null;
}

const TRICKS: [name: string, body: string, refused: string | null][] = [
  // The attack's reproductions.
  ['meta-referrer', '<meta name="referrer" content="unsafe-url">\n\n<img src="/pwned/meta-referrer.png" alt="a photo">', 'body-element'],
  ['a-ping', '<a href="/ok/page" ping="/pwned/a-ping">a link</a>', 'body-attribute'],
  ['template-shadowroot', `<div><template shadowrootmode="open"><img src="x" alt="" onerror="${hit('template-shadowroot')}"></template></div>`, 'body-element'],
  ['button-formaction', `<button formaction="javascript:${hit('button-formaction')}">Go</button>`, 'body-element'],
  ['popover', '<div popover id="p">a popover</div>', 'body-attribute'],
  // Elements that run, frame, send, restyle or change how the page is read.
  ['script', `<script>${hit('script')}</script>`, 'body-element'],
  ['script-mixed-case', `<ScRiPt>${hit('script-mixed-case')}</sCrIpT>`, 'body-element'],
  ['iframe-srcdoc', `<iframe srcdoc="<script>${hit('iframe-srcdoc')}</script>"></iframe>`, 'body-element'],
  ['object', '<object data="/pwned/object"></object>', 'body-element'],
  ['embed', '<embed src="/pwned/embed">', 'body-element'],
  ['form', '<form action="/pwned/form"><input name="q"></form>', 'body-element'],
  ['input-autofocus', `<input autofocus onfocus="${hit('input-autofocus')}">`, 'body-element'],
  ['select', `<select onchange="${hit('select')}"><option>a</option></select>`, 'body-element'],
  ['dialog', '<dialog open>a dialog</dialog>', 'body-element'],
  ['video-poster', '<video poster="/pwned/video-poster.png" src="/pwned/video.mp4"></video>', 'body-element'],
  ['audio', '<audio src="/pwned/audio.mp3" autoplay></audio>', 'body-element'],
  ['marquee', `<marquee onstart="${hit('marquee')}">x</marquee>`, 'body-element'],
  ['map-area', `<map name="m"><area shape="rect" coords="0,0,9,9" href="javascript:${hit('map-area')}"></map>`, 'body-element'],
  ['base', '<base href="/pwned/base/">', 'body-element'],
  ['link-stylesheet', '<link rel="stylesheet" href="/pwned/link.css">', 'body-element'],
  ['style-element', '<style>body { background: url(/pwned/style-element.png) }</style>', 'body-element'],
  ['meta-refresh', '<meta http-equiv="refresh" content="0;url=/pwned/meta-refresh">', 'body-element'],
  ['svg-inline', `<svg><script>${hit('svg-inline')}</script></svg>`, 'body-element'],
  ['math-inline', `<math><mtext><table><mglyph><style><img src=x onerror="${hit('math-inline')}">`, 'body-element'],
  ['noscript', `<noscript><p title="</noscript><img src=x onerror=${hit('noscript')}>">`, 'body-element'],
  ['textarea', `<textarea></textarea><img src=x onerror=${hit('textarea')}>`, 'body-element'],
  ['h1', '<h1>A second title</h1>', 'body-element'],
  ['portal', '<portal src="/pwned/portal"></portal>', 'body-element'],
  ['custom-element', '<my-widget>x</my-widget>', 'body-element'],
  // Attributes that run, send, restyle or reach elsewhere.
  ['img-onerror', `<img src="x" alt="" onerror="${hit('img-onerror')}">`, 'body-attribute'],
  // Not raw HTML to Markdown (CommonMark § 6.6 wants a space between attributes): it is shown as text.
  ['img-onerror-slashes', `<img/src="x"/alt=""/onerror=${hit('img-onerror-slashes')}>`, null],
  ['img-onerror-upper-case', `<IMG SRC="x" ALT="" ONERROR="${hit('img-onerror-upper-case')}">`, 'body-attribute'],
  ['details-ontoggle', `<details open ontoggle="${hit('details-ontoggle')}"><summary>x</summary></details>`, 'body-attribute'],
  ['style-attribute', '<p style="background: url(/pwned/style-attribute.png)">x</p>', 'body-attribute'],
  ['a-referrerpolicy', '<a href="/ok/page" referrerpolicy="unsafe-url">x</a>', 'body-attribute'],
  ['img-referrerpolicy', '<img src="/ok/img.png" alt="x" referrerpolicy="unsafe-url">', 'body-attribute'],
  ['a-download', '<a href="/ok/file" download>x</a>', 'body-attribute'],
  ['a-target-named', '<a href="/ok/page" target="other">x</a>', 'body-attribute'],
  ['a-rel-opener', '<a href="/ok/page" target="_blank" rel="opener">x</a>', 'body-attribute'],
  ['img-usemap', '<img src="/ok/img.png" alt="x" usemap="#m">', 'body-attribute'],
  ['data-attribute', '<span data-copy="x">x</span>', 'body-attribute'],
  ['is-attribute', '<span is="x-y">x</span>', 'body-attribute'],
  ['accesskey', '<a href="/ok/page" accesskey="s">x</a>', 'body-attribute'],
  ['inert-hidden-tricks', '<div hidden inert>x</div>', 'body-attribute'],
  ['anchor-name', '<a href="/ok/page" name="x">x</a>', 'body-attribute'],
  ['duplicate-attribute', `<a href="/ok/page" href="javascript:${hit('duplicate-attribute')}">x</a>`, 'body-attribute'],
  // Addresses.
  ['a-javascript', `<a href="javascript:${hit('a-javascript')}">x</a>`, 'body-url'],
  ['a-javascript-entity', `<a href="&#x6A;avascript&colon;${hit('a-javascript-entity')}">x</a>`, 'body-url'],
  ['a-javascript-tab', `<a href="java&#9;script:${hit('a-javascript-tab')}">x</a>`, 'body-url'],
  ['img-srcset-javascript', `<img src="/ok/img.png" alt="x" srcset="/ok/a.png 1x, javascript:${hit('img-srcset-javascript')} 2x">`, 'body-url'],
  ['a-data-html', '<a href="data:text/html,<script>x</script>">x</a>', 'body-url'],
  ['q-cite-javascript', `<q cite="javascript:${hit('q-cite-javascript')}">x</q>`, 'body-url'],
  ['markdown-link-javascript', `[x](javascript:${hit('markdown-link-javascript')})`, 'body-url'],
  ['open-comment', '> <!--\n\n[x](/ok "--><img src=x onerror=fetch(1)>")', 'body-unclosed'],
  // What Markdown authors write.
  ['details', '<details open>\n<summary>More</summary>\n\nHidden *Markdown* text.\n\n</details>', null],
  [
    'inline-semantics',
    'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; H<sub>2</sub>O, x<sup>2</sup>, <abbr title="HyperText Markup Language">HTML</abbr>, <mark>this</mark>, <small>fine print</small>, <del cite="https://example.com/" datetime="2024-01-01">old</del> <ins>new</ins>, <s>gone</s>, <q cite="https://example.com/">quoted</q>, <cite>A Book</cite>, <dfn>term</dfn>, <time datetime="2024-05-01">May</time>, <var>x</var>, <samp>out</samp>, <b>b</b> <i>i</i> <u>u</u> <em>em</em> <strong>strong</strong>, <code>code</code><br>next line<wbr>.',
    null,
  ],
  [
    'table',
    '<table>\n<thead><tr><th colspan="2" scope="col" align="center">Head</th></tr></thead>\n<tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody>\n<caption>A table</caption>\n</table>',
    null,
  ],
  [
    'picture',
    '<picture>\n<source srcset="/ok/a.avif 1x, /ok/a@2.avif 2x" type="image/avif" media="(min-width: 600px)">\n<img src="/ok/a.png" alt="A drawing" width="40" height="30" loading="lazy" decoding="async" sizes="40px">\n</picture>',
    null,
  ],
  ['figure', '<figure>\n<img src="https://example.com/a.png" alt="A photo">\n<figcaption>A <em>caption</em></figcaption>\n</figure>', null],
  [
    'centred-readme',
    '<p align="center">\n<a href="https://example.com/" target="_blank" rel="noopener noreferrer"><img src="/ok/logo.png" alt="Logo" width="80"></a>\n</p>\n\n<div align="center">\n\n## A heading\n\n</div>',
    null,
  ],
  [
    'headings-and-lists',
    '<h2 id="custom">Custom</h2>\n<h3 class="x" lang="fr" dir="ltr" title="t">Trois</h3>\n<ol start="3" reversed type="a"><li value="5">five</li></ol>\n<ul><li>one</li></ul>\n<dl><dt>term</dt><dd>definition</dd></dl>\n<hr>\n<blockquote cite="https://example.com/">quote</blockquote>\n<pre><code>text</code></pre>',
    null,
  ],
  ['span-and-ruby', '<span class="note" translate="no">Name</span> <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby> <bdi>x</bdi> <bdo dir="rtl">y</bdo>', null],
  ['comment', '<!-- a note for later -->\n\nText.', null],
  ['markup-in-code', '`<script>fetch("/pwned/markup-in-code")</script>`\n\n```html\n<img src=x onerror=fetch("/pwned/markup-in-code")>\n```', null],
  ['escaped-markup', '&lt;script&gt;fetch("/pwned/escaped-markup")&lt;/script&gt; and \\<img src=x onerror=fetch(1)>', null],
  ['title-holding-javascript', '<a href="https://example.com/" title="javascript: a guide">x</a>', null],
];

export const HTML_TRICKS: HtmlTrick[] = TRICKS.map(([name, body, refused]) => ({ name, body, refused }));
