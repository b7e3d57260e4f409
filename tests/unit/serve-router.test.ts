// The local server's routing (scripts/local-server/vercel-router.ts) over a fixture output directory, driven
// by the committed vercel.json and the real middleware config: the order Vercel routes in, and
// which headers win.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { config as middlewareConfig } from '../../middleware.ts';
import { buildPageManifest } from '../../src/routing/page-manifest.ts';
import { manifestFiles, routePage } from '../../src/routing/page-negotiation.ts';
import { createVercelRouter } from '../../scripts/local-server/vercel-router.ts';
import { distFiles } from '../../scripts/local-server/dist-files.ts';

const dist = mkdtempSync(join(tmpdir(), 'folio-router-'));
// A file right next to the output directory: a path that climbs out would find it.
const secret = `${basename(dist)}.secret`;
writeFileSync(join(dirname(dist), secret), 'secret');
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(dirname(dist), secret), { force: true });
});
const files: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'index.md': '# home\n',
  'about.html': '<h1>about</h1>',
  'about.md': '# about\n',
  'projects.html': '<h1>projects</h1>',
  'projects/quarry.html': '<h1>quarry</h1>',
  'projects/quarry.md': '# quarry\n',
  '404.html': '<h1>not found</h1>',
  '404.md': '# Not found\n',
  'agent-view.md': '# agent view\n',
  'llms.txt': 'llms',
  '_astro/a.css': 'body{}',
  '.well-known/oauth-protected-resource': '{}',
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dist, name)), { recursive: true });
  writeFileSync(join(dist, name), text);
}

const calls: Request[] = [];
const fn = {
  fetch: (request: Request) => {
    calls.push(request);
    return Response.json(
      { from: 'function', path: new URL(request.url).pathname },
      { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } },
    );
  },
};
const manifest = buildPageManifest(dist, (t) => t.length);
const config = JSON.parse(readFileSync('vercel.json', 'utf8'));
const route = createVercelRouter({
  config,
  middleware: { config: middlewareConfig, default: (request) => routePage(request, manifestFiles(manifest)) },
  files: distFiles(dist),
  fn,
});
const get = (path: string, init: RequestInit = {}) => route(new Request(`http://localhost${path}`, init));

describe('FO-LOCAL-AS-DEPLOYED: routing in Vercel’s order', () => {
  test('trailing-slash redirect comes before the middleware: /about/ with Accept: text/markdown → 308 /about, then the twin', async () => {
    const first = await get('/about/', { headers: { accept: 'text/markdown' } });
    expect(first.status).toBe(308);
    expect(first.headers.get('location')).toBe('/about');
    const second = await get(first.headers.get('location')!, { headers: { accept: 'text/markdown' } });
    expect(await second.text()).toBe('# about\n');
  });

  test('cleanUrls: /about.html → 308 /about, /index → /, query kept', async () => {
    expect((await get('/about.html?x=1')).headers.get('location')).toBe('/about?x=1');
    expect((await get('/index')).headers.get('location')).toBe('/');
    expect((await get('/index.html')).headers.get('location')).toBe('/');
  });

  test('a page is its .html file, with vercel.json page headers and the middleware’s Vary and Link', async () => {
    const res = await get('/about');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>about</h1>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe(
      '</about.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"',
    );
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('x-middleware-next')).toBeNull();
  });

  test('PF-TWINS: the middleware rewrite serves the twin with the middleware’s Content-Type and token estimate', async () => {
    const res = await get('/projects/quarry', { headers: { accept: 'text/markdown' } });
    expect(await res.text()).toBe('# quarry\n');
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('x-markdown-tokens')).toBe(String('# quarry\n'.length));
    expect(res.headers.get('x-middleware-rewrite')).toBeNull();
  });

  test('PF-AGENT-VIEW: /?mode=agent serves the agent view', async () => {
    const res = await get('/?mode=agent');
    expect(await res.text()).toBe('# agent view\n');
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  test('extension-less static files get their media type from vercel.json', async () => {
    const res = await get('/.well-known/oauth-protected-resource');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  test('every static file carries a validator (ETag, as Vercel sends one); If-None-Match with it → 304 without a body', async () => {
    const first = await get('/.well-known/oauth-protected-resource');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const again = await get('/.well-known/oauth-protected-resource', { headers: { 'if-none-match': `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect((await get('/.well-known/oauth-protected-resource', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  test('hashed assets are immutable', async () => {
    expect((await get('/_astro/a.css')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('rewrites reach the function after static files, with the original URL; the function’s headers win', async () => {
    const res = await get('/api/v1/anything');
    expect(await res.json()).toEqual({ from: 'function', path: '/api/v1/anything' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await (await get('/api')).json()).path).toBe('/api');
    expect((await (await get('/ask?q=x')).json()).path).toBe('/ask');
  });

  test('each request is routed on its own: its own query, the same headers on a repeat, long paths too', async () => {
    for (const query of ['?a=1', '?b=2', '']) expect((await get(`/about.html${query}`)).headers.get('location')).toBe(`/about${query}`);
    const [first, again] = [await get('/about'), await get('/about', { headers: { accept: 'text/markdown' } })];
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(await again.text()).toBe('# about\n'); // the middleware runs on a repeated path too
    const long = `/api/v1/${'x'.repeat(256)}`;
    for (let i = 0; i < 2; i++) {
      const res = await get(long);
      expect((await res.json()).path).toBe(long);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  test('real 404s: the HTML 404 page with status 404, the Markdown 404 when Markdown is preferred', async () => {
    const html = await get('/nope');
    expect(html.status).toBe(404);
    expect(await html.text()).toBe('<h1>not found</h1>');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept');
    const md = await get('/nope', { headers: { accept: 'text/markdown' } });
    expect(md.status).toBe(404);
    expect(await md.text()).toBe('# Not found\n');
    expect(md.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('paths outside the rewrites but under a dynamic prefix are the HTML 404', async () => {
    const res = await get('/oauth/nope', { headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('RFC 9110 § 15.5.6: a static file answers only GET and HEAD; 405 names them in Allow', async () => {
    const res = await get('/about', { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  test('HEAD has the headers and no body', async () => {
    const res = await get('/about', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  test('nothing outside the output directory is served, however the path is encoded', async () => {
    for (const p of [`/..%2f${secret}`, `/%2e%2e/${secret}`, `/_astro/..%2f..%2f${secret}`, `/_astro%2f..%2f..%2f${secret}`, '/a%00b']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('secret');
    }
    // The same file is readable by the file layer when asked for by a path inside the output.
    const file = await distFiles(dirname(dist)).get(`/${secret}`, new Request('http://x/'));
    expect(new TextDecoder().decode(file!.body as Uint8Array)).toBe('secret');
  });

  test('without a 404 page the 404 is still HTML with status 404', async () => {
    const bare = createVercelRouter({
      config,
      middleware: { config: middlewareConfig, default: (request) => routePage(request, manifestFiles(manifest)) },
      files: { get: async () => undefined },
      fn,
    });
    const res = await bare(new Request('http://localhost/nope'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('the router refuses configuration it cannot honour', () => {
  const routerWith = (routes: typeof config.routes) => () =>
    createVercelRouter({ config: { ...config, routes }, middleware: { config: middlewareConfig, default: () => new Response() }, files: distFiles(dist), fn });

  test('a route after the file system that does not check it (the local server would guess what Vercel does)', () => {
    expect(routerWith([...config.routes, { src: '^/x$', dest: '/y' }])).toThrow(/rewrites that check the file system/);
  });

  test('a route before the file system that neither redirects, sets headers nor rewrites and continues', () => {
    expect(routerWith([{ src: '^/x$', status: 418 }, ...config.routes])).toThrow(/not this/);
  });
});

describe('FO-ZERO-COMPUTE: what runs, counted', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  test('a browser’s view of every page runs nothing (x-folio-compute: none, no invocation counted)', async () => {
    const before = { ...route.invocations };
    for (const page of Object.keys(manifest.pages)) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(page, { method, headers: { accept: BROWSER } });
        expect(res.status, page).toBe(200);
        expect(res.headers.get('x-folio-compute'), page).toBe('none');
        expect(res.headers.get('vary'), page).toBe('Accept');
      }
    }
    expect(route.invocations).toEqual(before);
  });

  test('each request that may want Markdown runs the middleware once, and nothing else', async () => {
    const requests: [string, Record<string, string>][] = [
      ['/about', { accept: 'text/markdown' }],
      ['/about', { accept: 'text/html, text/markdown;q=0.5' }],
      ['/?mode=agent', {}],
      ['/about.md', {}],
      ['/nope.md', {}],
      ['/404', {}],
    ];
    for (const [path, headers] of requests) {
      const before = { ...route.invocations };
      const res = await get(path, { headers });
      expect(res.headers.get('x-folio-compute'), path).toBe('middleware');
      expect(route.invocations, path).toEqual({ middleware: before.middleware + 1, function: before.function });
    }
  });

  test('an API request runs the function once, and no middleware', async () => {
    const before = { ...route.invocations };
    const res = await get('/api/v1/projects', { headers: { accept: 'text/markdown' } });
    expect(res.headers.get('x-folio-compute')).toBe('function');
    expect(route.invocations).toEqual({ middleware: before.middleware, function: before.function + 1 });
  });
});
