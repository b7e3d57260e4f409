// The deploy artifact. `vercel build` (the Vercel CLI at its pinned version, fetched from the npm
// registry on first use: scripts/lib/pinned-tool.ts) runs offline in a temporary copy of the
// repository (never in the working tree: the end-to-end server serves dist/ meanwhile) for the
// production URL, and the output must hold the static site, the function with its data file,
// the middleware placed before static files, and the rewrites after them. The built function and
// middleware are then run from the output, so a missing data file fails here and not in production.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseFrontMatter } from '../../src/records/front-matter.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { config as middlewareConfig } from '../../middleware.ts';
import type { VercelConfig } from '../../src/builder/vercel-config.ts';
import { compileVercelRoutes, matcherRegExp } from '../../scripts/local-server/vercel-router.ts';
import { BROWSER_ACCEPTS, outputFileSystem, outputRoutes, vercelBuild, vercelCli, walkRoutes, type OutputRoute } from '../../scripts/lib/vercel-output.ts';
import { NEGOTIATE_PREFIX } from '../../src/routing/markdown-gate.ts';
import { repoCopy } from '../e2e/serve-support.ts';
import { contentDir } from '../../src/records/load.ts';
import { FUNCTION_BUNDLE } from '../../src/server/bundle-path.ts';

type Route = OutputRoute;

const vercelJson: VercelConfig = JSON.parse(readFileSync('vercel.json', 'utf8'));
let copy = '';
let output = '';
let routes: Route[] = [];
let buildLog = '';
let cli = '';

// Its own hook and time: the first run fetches the CLI (about a minute here) before the build's five.
beforeAll(() => {
  cli = vercelCli('to build the deploy artifact as a deploy does');
}, 300_000);

beforeAll(() => {
  // What a deploy holds, with the installed dependencies linked in; VERCEL_INSTALL_COMPLETED
  // stops `vercel build` reinstalling over the link.
  copy = repoCopy('folio-vercel-build-');
  const build = vercelBuild(cli, copy, ['--prod', '--standalone', '--yes'], 280_000);
  buildLog = build.log;
  if (!build.ok) throw new Error(`vercel build failed (${build.status}):\n${buildLog.slice(-4000)}`);
  output = build.output;
  routes = outputRoutes(output);
}, 300_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Runs an exported handler of the built output in its own Node process, with cwd = its .func directory. */
function runBuilt(funcDir: string, module: string, script: string): { status: number; headers: Record<string, string>; body: string } {
  const code = `
    const mod = await import(${JSON.stringify(join(funcDir, module))});
    const res = await (${script})(mod.default);
    process.stdout.write(JSON.stringify({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }));
  `;
  const env = { ...process.env };
  delete env.FOLIO_DATA_FILE;
  delete env.FOLIO_SITE_URL;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: funcDir, env, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`running ${module} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

const indexOf = (predicate: (r: Route) => boolean) => routes.findIndex(predicate);

describe('the deploy artifact: vercel build output', () => {
  test('the static site: pages, twins, the agent view, 404 in both forms, llms.txt, assets, discovery files', () => {
    const staticDir = join(output, 'static');
    for (const file of [
      'index.html',
      'index.md',
      'about.html',
      'about.md',
      'projects/quarry.html',
      'projects/quarry.md',
      'agent-view.md',
      '404.html',
      '404.md',
      'llms.txt',
      '.well-known/oauth-protected-resource',
      '.well-known/oauth-authorization-server',
    ]) {
      expect(existsSync(join(staticDir, file)), file).toBe(true);
    }
    // Built for the site's own URL (content/site.md), not the loopback address the tests use.
    const productionUrl = String(parseFrontMatter(readFileSync(join(contentDir(), 'site.md'), 'utf8')).data.url).replace(/\/+$/, '');
    expect(readFileSync(join(staticDir, 'index.html'), 'utf8')).toContain(`<link rel="canonical" href="${productionUrl}/">`);
  });

  test('the function, with the data files it reads, answers data-backed paths and MCP', () => {
    const func = join(output, 'functions/api/index.func');
    const vc = JSON.parse(readFileSync(join(func, '.vc-config.json'), 'utf8'));
    expect(vc.runtime).toMatch(/^nodejs2[2-9]/);
    expect(existsSync(join(func, 'generated/folio-data.json'))).toBe(true);
    expect(existsSync(join(func, 'generated/folio-data.texts'))).toBe(true);
    // FO-FUNCTION-GRAPH: the deploy carries the function as the build bundled it, and no dependency beside it.
    expect(existsSync(join(func, FUNCTION_BUNDLE))).toBe(true);
    expect(existsSync(join(func, 'node_modules'))).toBe(false);
    const ok = runBuilt(func, vc.handler, `(fn) => fn.fetch(new Request('https://folio.example.com/api/v1/sandbox?limit=2'))`);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).pagination.limit).toBe(2);
    const missing = runBuilt(func, vc.handler, `(fn) => fn.fetch(new Request('https://folio.example.com/api/v1/nope'))`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error.code).toBe('route_not_found');
    // Project detail reads its body from the texts file; MCP loads its transport on first use
    // (a dynamic import the build must have traced and compiled).
    const list = runBuilt(func, vc.handler, `(fn) => fn.fetch(new Request('https://folio.example.com/api/v1/projects?limit=1'))`);
    const slug = JSON.parse(list.body).projects[0].slug;
    const detail = runBuilt(func, vc.handler, `(fn) => fn.fetch(new Request('https://folio.example.com/api/v1/projects/${slug}'))`);
    expect(detail.status).toBe(200);
    expect(JSON.parse(detail.body).body.length).toBeGreaterThan(0);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'artifact-test', version: '1' } },
    };
    const mcp = runBuilt(
      func,
      vc.handler,
      `(fn) => fn.fetch(new Request('https://folio.example.com/api/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: ${JSON.stringify(JSON.stringify(initialize))} }))`,
    );
    expect(mcp.status).toBe(200);
    expect(JSON.parse(mcp.body).result.protocolVersion).toBe('2025-11-25');
  });

  test('the middleware, with the page manifest it reads, negotiates a page, handed the gate’s path or the path asked', () => {
    const func = join(output, 'functions/middleware.func');
    const vc = JSON.parse(readFileSync(join(func, '.vc-config.json'), 'utf8'));
    expect(existsSync(join(func, 'generated/pages-manifest.json'))).toBe(true);
    for (const path of ['/about', `${NEGOTIATE_PREFIX}/about`]) {
      const md = runBuilt(func, vc.handler, `(mw) => mw(new Request('https://folio.example.com${path}', { headers: { accept: 'text/markdown' } }))`);
      expect(md.headers['x-middleware-rewrite'], path).toBe('https://folio.example.com/about.md');
      expect(md.headers['content-type'], path).toBe('text/markdown; charset=utf-8');
      // HTML preferred: served from the page's own path (the gate's path names no file).
      const html = runBuilt(
        func,
        vc.handler,
        `(mw) => mw(new Request('https://folio.example.com${path}', { headers: { accept: 'text/html, text/markdown;q=0.5' } }))`,
      );
      expect(html.headers, path).toMatchObject({ 'x-middleware-rewrite': 'https://folio.example.com/about', vary: 'Accept' });
    }
  });

  test('FO-ZERO-COMPUTE: by config.json alone, a browser’s request for every page reaches its static file, never the middleware or a function', () => {
    const fileSystem = outputFileSystem(output);
    const pages = Object.keys(JSON.parse(readFileSync(join(copy, 'generated/pages-manifest.json'), 'utf8')).pages);
    expect(pages.length).toBeGreaterThan(20);
    for (const accept of BROWSER_ACCEPTS) {
      for (const page of pages) {
        const walk = walkRoutes(routes, page, { accept }, '', fileSystem);
        expect(walk.middleware, `${page} (${accept})`).toBe(false);
        expect(walk.status, `${page} (${accept})`).toBeUndefined();
        // The page's own file answers it: index.html for /, about.html for /about (a rewrite after the file system).
        expect(walk.served, page).toEqual({ path: page === '/' ? '/' : `${page}.html`, by: 'static' });
      }
    }
    // A path no page has gets the 404 page, still without code; a dynamic path the function.
    expect(walkRoutes(routes, '/no-such-page', { accept: BROWSER_ACCEPTS[0] }, '', fileSystem)).toMatchObject({
      middleware: false,
      status: 404,
      served: { path: '/404.html', by: 'static' },
    });
    expect(walkRoutes(routes, '/ask', {}, '', fileSystem).served).toEqual({ path: '/api', by: 'function' });
  });

  test('FO-ZERO-COMPUTE: the requests that may want Markdown, and only they, reach the middleware (one invocation each)', () => {
    for (const [path, headers, query] of [
      ['/about', { accept: 'text/markdown' }, ''],
      ['/about', { accept: 'text/html;q=0.5, */*' }, ''],
      ['/about', { accept: 'TEXT/*' }, ''],
      ['/', {}, '?mode=agent'],
      ['/about.md', {}, ''],
      ['/404', {}, ''],
    ] as const) {
      expect(walkRoutes(routes, path, headers, query).middleware, `${path}${query} ${JSON.stringify(headers)}`).toBe(true);
    }
    for (const path of ['/api/v1/projects', '/search', '/search.md', '/llms.txt', '/_astro/a.css', '/.well-known/api-catalog']) {
      expect(walkRoutes(routes, path, { accept: 'text/markdown' }).middleware, path).toBe(false);
    }
  });

  test('route order: vercel.json’s routes as written (redirects, header rules, the Markdown gate), then the middleware, then static files, then the rewrites', () => {
    // Every route of vercel.json is in config.json, in the same order; Vercel adds its own around them.
    const at = vercelJson.routes.map((route) => routes.findIndex((r) => isDeepStrictEqual(r, route)));
    expect(
      at.every((i) => i >= 0),
      'every vercel.json route emitted as written',
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const gate = indexOf((r) => r.dest?.startsWith(NEGOTIATE_PREFIX) === true);
    const middleware = indexOf((r) => r.middlewarePath === 'middleware');
    const filesystem = indexOf((r) => r.handle === 'filesystem');
    expect(gate).toBeGreaterThan(indexOf((r) => r.headers?.['X-Content-Type-Options'] === 'nosniff'));
    expect(middleware).toBeGreaterThan(gate);
    expect(filesystem).toBeGreaterThan(middleware);
    // The rewrites (to the function, to page files) land after static files, before Vercel's /api 404.
    const api404 = indexOf((r) => r.src === '^/api(/.*)?$' && r.status === 404);
    const rewrites = routes.map((r, i) => [r, i] as const).filter(([r]) => r.check && vercelJson.routes.some((ours) => isDeepStrictEqual(ours, r)));
    expect(rewrites.length).toBeGreaterThan(5);
    for (const [, i] of rewrites) expect(i > filesystem && i < api404).toBe(true);
  });

  test('FO-LOCAL-AS-DEPLOYED: the local server runs the rewrites Vercel emitted, and the middleware’s matcher as Vercel compiled it', () => {
    const samples = [
      '/',
      '/about',
      '/about.md',
      '/projects/quarry',
      '/projects/quarry.md',
      '/llms.txt',
      '/_astro/a.css',
      '/api',
      '/api/',
      '/api/v1',
      '/api/v1/jobs/x',
      '/ask',
      '/oauth/token',
      '/agent/claim',
      '/.well-known/api-catalog',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/v1',
      '/apiary',
      '/x.md.txt',
    ];
    const emittedMiddleware = new RegExp(routes[indexOf((r) => r.middlewarePath === 'middleware')]!.src!, 'i');
    const ours = matcherRegExp(middlewareConfig.matcher[0]!);
    for (const p of [...samples, '/about/', '/nope', `${NEGOTIATE_PREFIX}/about`, `${NEGOTIATE_PREFIX}/`])
      expect(ours.test(p), `matcher on ${p}`).toBe(emittedMiddleware.test(p));
    const emitted = routes.filter((r, i) => r.check && i < indexOf((x) => x.handle === 'error'));
    const local = compileVercelRoutes(vercelJson).after;
    for (const p of samples) {
      const theirs = emitted.find((r) => new RegExp(r.src!, 'i').test(p))?.dest;
      const mine = local.find((r) => r.src.test(p))?.dest;
      expect(mine, `rewrite on ${p}`).toBe(theirs);
    }
  });

  test('KQ-NOT-FOUND: unmatched paths outside /api get the 404 page with status 404', () => {
    const error = indexOf((r) => r.handle === 'error');
    expect(routes.slice(error)).toContainEqual(expect.objectContaining({ status: 404, dest: '/404.html' }));
  });
});
