// `npm run dev`: the same routing, middleware and function as `npm start`, around `astro dev`.
// This server listens on PORT (4321) and runs vercel.json's rules, the middleware and the
// function; pages and assets come from `astro dev` on an internal port. When content changes,
// Folio's integration in astro dev rewrites the data file and reloads open pages
// (src/builder/integration.ts); this server then drops the function's copy of the data, so pages
// and API answers change together. Until then the API answers from the previous data.
//
// One difference from `npm start`: no Content-Security-Policy, because Vite's dev client injects
// inline styles and scripts that the production policy (rightly) refuses.
import { spawn } from 'node:child_process';
import { readFileSync, watch } from 'node:fs';
import { connect } from 'node:net';
import { terminalText } from '../src/records/terminal-text.ts';
import type { Duplex } from 'node:stream';
import { estimateTokens } from '../src/builder/integration.ts';
import { FALLBACK_NOT_FOUND, markdownLanguages, twinPathOf } from '../src/routing/page-manifest.ts';
import { routePage, type SiteFiles } from '../src/routing/page-negotiation.ts';
import { setSiteData, siteData } from '../src/server/data.ts';
import { setSearchPageTemplate } from '../src/server/search-page.ts';
import { DATA_FILE } from '../src/search/data-file.ts';
import { FUNCTION_PATH, type VercelConfig } from '../src/builder/vercel-config.ts';
import { freePort } from './free-port.ts';
import { allowedHostsOrExit, hostGuard } from './local-server/host-guard.ts';
import { banner, listen } from './local-server/node-server.ts';
import { astroOutputFilter } from './local-server/astro-output.ts';
import { analyticsNotice } from './lib/analytics-notes.ts';
import { createInterface } from 'node:readline';
import { compileVercelRoutes, createVercelRouter, type StaticFile, type StaticFiles } from './local-server/vercel-router.ts';

const allowedHosts = allowedHostsOrExit();
const port = Number(process.env.PORT || 4321);
const hostname = process.env.HOST || 'localhost';
const base = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
const siteUrl = process.env.FOLIO_SITE_URL?.replace(/\/+$/, '') || base;
// The loader reads it: pages (astro dev) and API data (written below) use this server's address.
process.env.FOLIO_SITE_URL = siteUrl;
const astroPort = await freePort();
const astroBase = `http://127.0.0.1:${astroPort}`;

const astro = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(astroPort), '--host', '127.0.0.1'], {
  env: { ...process.env, FOLIO_SITE_URL: siteUrl },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// Astro's output, each content error once and without its inner address (local-server/astro-output.ts).
const filter = astroOutputFilter(astroBase);
for (const [from, to] of [
  [astro.stdout!, process.stdout],
  [astro.stderr!, process.stderr],
] as const) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    const kept = filter(line);
    // Astro's lines quote content (file names, a content error's text): escaped (FO-TERMINAL-TEXT).
    if (kept !== undefined) to.write(`${terminalText(kept)}\n`);
  });
}
astro.on('exit', (code) => {
  console.error(`astro dev exited (${code}); stopping.`);
  process.exit(code ?? 1);
});

for (let i = 0; ; i++) {
  const up = await fetch(`${astroBase}/`, { method: 'HEAD' }).then(
    () => true,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('astro dev did not start within 60 s');
  await new Promise((r) => setTimeout(r, 100));
}

/** Fetches from astro dev; a 404 is a miss (the router then tries rewrites, then the 404 page). */
async function fromAstro(pathAndQuery: string, request?: Request): Promise<Response | undefined> {
  const headers = new Headers(request?.headers);
  headers.delete('host');
  headers.delete('accept-encoding'); // bodies pass through as they are; no re-encoding here
  const method = request?.method === 'HEAD' ? 'HEAD' : 'GET';
  const res = await fetch(`${astroBase}${pathAndQuery}`, { method, headers, redirect: 'manual' });
  if (res.status === 404) return undefined;
  const out = new Headers(res.headers);
  for (const name of ['content-encoding', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']) out.delete(name);
  return new Response(res.body, { status: res.status, headers: out });
}

const vercelJson: VercelConfig = JSON.parse(readFileSync('vercel.json', 'utf8'));
const toFunction = compileVercelRoutes(vercelJson).after.filter((route) => route.dest === FUNCTION_PATH);

const devFiles: StaticFiles = {
  async get(path, request): Promise<StaticFile | undefined> {
    // Astro serves nothing at the function's paths; asking it first only fills its log with 404s.
    if (toFunction.some((route) => route.src.test(path))) return undefined;
    // astro dev serves a page at its own path, never at its built file's (the 404 page at /404).
    if (path.endsWith('.html')) return devFiles.get(path.slice(0, -'.html'.length), request);
    const url = new URL(request.url);
    let requested: string | undefined;
    try {
      requested = decodeURIComponent(url.pathname);
    } catch {}
    // Vite's module URLs carry queries (?v=, ?import) that must reach it unchanged.
    const res = await fromAstro(requested === path ? url.pathname + url.search : encodeURI(path), request);
    return res && { status: res.status, headers: Object.fromEntries(res.headers), body: res.body };
  },
};

/** What the middleware knows, asked of astro dev on each request (the content may have just changed). */
const devSite: SiteFiles = {
  async twinOf(path) {
    if (/^\/(@|node_modules\/|src\/)/.test(path)) return null; // Vite's own modules are not pages
    const twin = twinPathOf(path);
    if ((await fromAstro(encodeURI(twin)))?.ok) return twin;
    return (await fromAstro(encodeURI(path)))?.ok ? null : undefined;
  },
  async markdownTokens(path) {
    const res = await fromAstro(encodeURI(path));
    return res?.ok ? estimateTokens(await res.text()) : undefined;
  },
  // FO-I18N: a twin's text language, as the build's manifest gives it (src/routing/page-manifest.ts).
  markdownLanguage(path) {
    let data: ReturnType<typeof siteData>;
    try {
      data = siteData();
    } catch {
      return undefined; // no data file yet: the answer goes without it
    }
    const { languages } = data.site;
    if (languages.length < 2) return undefined;
    const untranslated = languages
      .slice(1)
      .flatMap((l) => {
        const t = data.translation?.(l.lang);
        return t ? [...t.projects, ...t.posts, ...t.pages, ...(t.resume ? [t.resume] : [])] : [];
      })
      .filter((r) => r.lang)
      .map((r) => r.twin);
    return markdownLanguages([path], languages, new Set(untranslated))[path];
  },
  async notFoundMarkdown() {
    const res = await fromAstro('/404.md');
    const body = res?.ok ? await res.text() : FALLBACK_NOT_FOUND;
    return { body, tokens: estimateTokens(body) };
  },
};

const config: VercelConfig = {
  ...vercelJson,
  routes: vercelJson.routes.map((route) => {
    if (!('headers' in route) || !route.headers) return route;
    const { 'Content-Security-Policy': _csp, ...headers } = route.headers;
    return { ...route, headers };
  }),
};
const middleware = await import('../middleware.ts');
const { default: fn } = await import('../src/server/function.ts');

// The data file changes when Folio's integration in astro dev rewrites it (a content change, or a
// restart): drop the function's copy, so the next request loads the new data.
let reload: NodeJS.Timeout | undefined;
const dataWatcher = watch('generated', (_event, name) => {
  if (name !== DATA_FILE.split('/').pop()) return;
  clearTimeout(reload);
  reload = setTimeout(async () => {
    setSiteData(undefined);
    // astro dev may be stopping (a content edit just before Ctrl-C): a failed fetch here is no error.
    await loadSearchPage().catch(() => setSearchPageTemplate(undefined));
    console.log('data file changed: API answers reloaded');
  }, 50);
});

/** Each language's search results page template, as astro dev renders it (a build moves them to generated/). */
async function loadSearchPage() {
  // The data file names the site's languages; without one yet, the main language's page alone.
  const languages = (() => {
    try {
      return siteData().site.languages;
    } catch {
      return [{ lang: '', base: '' }];
    }
  })();
  for (const { lang, base } of languages) {
    const res = await fromAstro(`${base}/search-page`);
    setSearchPageTemplate(res?.ok ? await res.text() : undefined, base ? lang : undefined);
  }
}
await loadSearchPage();

const upgraded = new Set<Duplex>();
const route = createVercelRouter({
  config,
  middleware: { config: middleware.config, default: (request) => routePage(request, devSite) },
  files: devFiles,
  fn,
});
const server = await listen({
  port,
  hostname,
  handler: route,
  allowedHosts,
  // Twins are re-rendered in this process, and Shiki needs Node's own Response (see ListenOptions).
  lightweightGlobals: false,
  onClose: async () => {
    dataWatcher.close();
    clearTimeout(reload);
    for (const socket of upgraded) socket.destroy();
    astro.removeAllListeners('exit');
    const exited = new Promise((resolve) => astro.once('exit', resolve));
    astro.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
  },
});

// Vite's hot-reload socket connects to this server (the page's origin): pass it through to astro dev.
// The same DNS rebinding guard as every request (host-guard.ts): a rebound page gets no socket.
const allows = hostGuard(hostname, allowedHosts);
server.on('upgrade', (req, socket, head) => {
  if (!allows(req.headers.host, req.headers.origin)) return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  upgraded.add(socket);
  socket.on('close', () => upgraded.delete(socket));
  const upstream = connect(astroPort, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => {
    socket.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
});

// The data file astro dev has just written (Folio's integration, at its start) holds site.md's
// settings; with a content error there is none yet, and Astro's log says why.
let analytics: string | undefined;
try {
  analytics = analyticsNotice(siteData().site.analytics);
} catch {}
console.log(
  banner(base, [`Development server: pages from astro dev (${astroBase}), same middleware and function as npm start.`, analytics].filter(Boolean).join('\n')),
);
