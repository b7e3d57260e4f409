// MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`, spec 2026-01-26): a project card an
// Apps host (Claude, ChatGPT, VS Code) renders in a sandboxed frame for get_project and
// search_portfolio results (FO-MCP-APPS). The card is one static template: it gets the tool result
// from the host over postMessage (`ui/notifications/tool-result`) and writes every value with
// textContent, so no content text is ever parsed as HTML. It loads nothing (no network, no external
// script or style), so the host's default CSP (connect-src 'none') suits it. Its palette is the
// site's, with the owner's theme.accent (FO-THEME) from the data file's site record: the function
// never reads content/ or build code, only src/records/theme.ts's colour maths.
import type { Site } from '../../records/schema.ts';
import type { SiteData } from '../../search/data-file.ts';
import { accentVariants } from '../../records/theme.ts';

/** The extension identifier, as the server advertises it under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one media type the MVP defines for a UI resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The protocol version of the View ↔ host messages (the spec's revision). */
export const APPS_PROTOCOL_VERSION = '2026-01-26';
export const PROJECT_CARD_URI = 'ui://folio/project-card';

/** What `capabilities.extensions` carries for MCP Apps: the UI media types this server ships. */
export const APPS_CAPABILITY = { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } };

/** The card resource as resources/list shows it; `prefersBorder` asks the host for a frame. */
export const projectCardResource = {
  uri: PROJECT_CARD_URI,
  name: 'project-card',
  title: 'Project card',
  description: 'Renders get_project and search_portfolio results as cards (MCP Apps). Self-contained HTML: no network access.',
  mimeType: APP_MIME_TYPE,
  _meta: { ui: { prefersBorder: true } },
};

/** The site's palette (src/styles/global.css), light then dark: the card looks like the site. */
const LIGHT = { bg: '#fbfaf7', surface: '#ffffff', text: '#1d1c1a', muted: '#5c5850', line: '#e5e1d8', accent: '#a1401a', tag: '#f0ece3' };
const DARK = { bg: '#141413', surface: '#1b1b19', text: '#ecebe6', muted: '#aaa69c', line: '#2e2d2a', accent: '#f2a27a', tag: '#262522' };
const vars = (palette: Record<string, string>) =>
  Object.entries(palette)
    .map(([k, v]) => `--${k}:${v};`)
    .join('');

/**
 * The card's style for a site: today's palette, with the owner's accent when site.md sets one, as
 * /theme.css has it (the light one as written, the dark one derived). Only a validated hex colour
 * reaches here (the loader checked theme.accent), so it is safe inside the <style> element.
 */
const style = (accent?: string) => {
  const v = accent ? accentVariants(accent) : undefined;
  const light = v ? { ...LIGHT, accent: v.light.accent } : LIGHT;
  const dark = v ? { ...DARK, accent: v.dark.accent } : DARK;
  return `
:root{${vars(light)}color-scheme:light dark;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${vars(dark)}}}
:root[data-theme=dark]{${vars(dark)}}
body{margin:0;padding:.75rem;background:var(--bg);color:var(--text)}
article{background:var(--surface);border:1px solid var(--line);border-radius:.625rem;padding:.875rem 1rem;margin:0 0 .625rem}
h2{font:600 1.125rem/1.3 'Iowan Old Style',Palatino,Charter,Cambria,'Noto Serif',serif;margin:0 0 .25rem}
p{margin:.25rem 0}.facts,.status{color:var(--muted);font-size:.875rem}
ul.tags{list-style:none;display:flex;flex-wrap:wrap;gap:.375rem;padding:0;margin:.5rem 0 0}
ul.tags li{background:var(--tag);border-radius:999px;padding:.0625rem .5rem;font-size:.8125rem}
nav{display:flex;flex-wrap:wrap;gap:.875rem;margin-top:.5rem;font-size:.875rem}
a{color:var(--accent)}a:focus-visible{outline:2px solid currentColor;outline-offset:2px}
`;
};

/**
 * The View side of the Apps protocol, by hand (the spec: "you don't need an SDK"): ui/initialize,
 * then ui/notifications/initialized; render each tool-result; answer ping and teardown; report
 * size changes; open links through the host (a sandboxed frame cannot navigate).
 */
const SCRIPT = `
(() => {
  const root = document.getElementById('card');
  let nextId = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
  });
  const el = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text != null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  };
  const safeUrl = (value) => {
    try { const url = new URL(String(value)); return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null; } catch { return null; }
  };
  const link = (label, href) => {
    const url = safeUrl(href);
    if (!url) return null;
    const a = el('a', label);
    a.href = url;
    a.rel = 'noopener';
    a.target = '_blank';
    a.addEventListener('click', (event) => { event.preventDefault(); request('ui/open-link', { url }).catch(() => {}); });
    return a;
  };
  const text = (v) => typeof v === 'string' ? v : '';
  const card = (r) => {
    const article = el('article');
    article.append(el('h2', text(r.title) || text(r.slug)));
    const facts = [r.type || r.kind, r.categoryLabel, r.date, r.archived ? 'archived' : ''].filter((f) => typeof f === 'string' && f);
    if (facts.length) article.append(el('p', facts.join(' · '), 'facts'));
    if (text(r.summary)) article.append(el('p', r.summary));
    const tags = [...(Array.isArray(r.tags) ? r.tags : []), ...(Array.isArray(r.stack) ? r.stack : [])].filter((t) => typeof t === 'string');
    if (tags.length) { const ul = el('ul', null, 'tags'); for (const t of tags) ul.append(el('li', t)); article.append(ul); }
    const nav = el('nav');
    const links = [['Page', r.url], ['Markdown', r.twinUrl], ...Object.entries(r.links && typeof r.links === 'object' ? r.links : {})];
    for (const [label, href] of links) { const a = link(label, href); if (a) nav.append(a); }
    if (nav.childNodes.length) article.append(nav);
    if (Array.isArray(r.related) && r.related.length) article.append(el('p', 'Related: ' + r.related.map((x) => text(x && x.title)).filter(Boolean).join(' · '), 'facts'));
    return article;
  };
  const render = (result) => {
    root.replaceChildren();
    const data = result && result.structuredContent;
    if (!data || result.isError) { root.append(el('p', (result && result.content && result.content[0] && result.content[0].text) || 'No result.', 'status')); return; }
    const records = Array.isArray(data.hits) ? data.hits : [data];
    if (!records.length) root.append(el('p', 'No record matches "' + text(data.query) + '".', 'status'));
    for (const r of records) if (r && typeof r === 'object') root.append(card(r));
  };
  const theme = (context) => {
    if (context && (context.theme === 'light' || context.theme === 'dark')) document.documentElement.dataset.theme = context.theme;
  };
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.id != null && pending.has(m.id) && !m.method) {
      const p = pending.get(m.id); pending.delete(m.id);
      return m.error ? p.reject(new Error(String(m.error.message))) : p.resolve(m.result);
    }
    if (m.method === 'ui/notifications/tool-result') render(m.params);
    else if (m.method === 'ui/notifications/host-context-changed') theme(m.params);
    else if (m.method === 'ping' || m.method === 'ui/resource-teardown') send({ id: m.id, result: {} });
  });
  request('ui/initialize', { appCapabilities: { availableDisplayModes: ['inline'] }, appInfo: { name: 'folio-project-card', version: '1.0.0' }, protocolVersion: '${APPS_PROTOCOL_VERSION}' })
    .then((result) => { theme(result && result.hostContext); send({ method: 'ui/notifications/initialized', params: {} });
      // Sizes are reported only after the handshake, as every View message but ui/initialize must be.
      if (window.ResizeObserver) {
          new ResizeObserver(() => send({ method: 'ui/notifications/size-changed', params: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight } })).observe(document.body);
        } })
    .catch(() => { root.replaceChildren(el('p', 'This host did not start the card.', 'status')); });
})();
`;

/** The card: a valid HTML5 document with its style and script inline, and no content of its own. */
const cardHtml = (accent?: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Project card</title>
<style>${style(accent)}</style>
</head>
<body>
<main id="card" aria-live="polite"><p class="status">Waiting for the tool result…</p></main>
<script>${SCRIPT}</script>
</body>
</html>
`;

/** The card in today's look (a site without theme.accent). */
export const PROJECT_CARD_HTML = cardHtml();

/** The card for a site: in its accent when it sets one. */
export function projectCardHtml(site?: Pick<Site, 'theme'>): string {
  const accent = site?.theme?.accent;
  return accent ? cardHtml(accent) : PROJECT_CARD_HTML;
}

/**
 * resources/read of the card, made once per loaded data (SiteData.kept.card); the content item
 * repeats the listing's `_meta.ui` (it takes precedence there).
 */
export const readProjectCard = ({ site, kept }: { site: Pick<Site, 'theme'>; kept: Pick<SiteData['kept'], 'card'> }) => ({
  contents: [{ uri: PROJECT_CARD_URI, mimeType: APP_MIME_TYPE, text: (kept.card ??= projectCardHtml(site)), _meta: projectCardResource._meta }],
});
