// The deploy, rehearsed as the owner rehearses it, and what it would publish: `npm run deploy:dry`
// (scripts/deploy-dry.ts) runs once, on the sample fixture site, in a temporary copy of the
// repository (never in the working tree: the end-to-end server serves dist/ meanwhile). It runs `npm
// run check`, then `vercel build --prod` offline (the Vercel CLI at its pinned version, fetched from
// the npm registry on first use: scripts/lib/pinned-tool.ts) for the production URL. Its report must
// say what would publish, and its build output (kept with --keep) must hold the static site, the
// function with its data file, the middleware placed before static files, and the rewrites after
// them. The built function and middleware are then run from the output, so a missing data file
// fails here and not in production.
// One Vercel build serves both (FO-TEST-TIERS: a build is seconds of CPU): the report and the
// artifact were two builds, one in the end-to-end suite on the second fixture site. The sample is
// the site whose pages, function routes and access metadata the artifact's assertions name.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseFrontMatter } from '../../src/records/front-matter.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { config as middlewareConfig } from '../../middleware.ts';
import type { VercelConfig } from '../../src/builder/vercel-config.ts';
import { compileVercelRoutes, matcherRegExp } from '../../scripts/local-server/vercel-router.ts';
import { BROWSER_ACCEPTS, outputFileSystem, outputRoutes, vercelCli, walkRoutes, type OutputRoute } from '../../scripts/lib/vercel-output.ts';
import { readStamp, staleReason } from '../../scripts/lib/build.ts';
import { NEGOTIATE_PREFIX } from '../../src/routing/markdown-gate.ts';
import { cleanEnv, repoCopy } from '../e2e/serve-support.ts';
import { contentDir } from '../../src/records/load.ts';
import { FUNCTION_BUNDLE } from '../../src/server/bundle-path.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

type Route = OutputRoute;

const vercelJson: VercelConfig = JSON.parse(readFileSync('vercel.json', 'utf8'));
let copy = '';
/** The copy deploy:dry built in, kept by --keep: its .vercel/output is what a deploy would upload. */
let built = '';
let output = '';
let routes: Route[] = [];
/** What `npm run deploy:dry` printed, stdout and stderr. */
let report = '';
let status: number | null = null;

// Its own hook and time: the first run fetches the CLI (about a minute here) before the rehearsal.
beforeAll(() => {
  vercelCli('to build the deploy artifact as a deploy does');
}, 300_000);

beforeAll(() => {
  copy = repoCopy('folio-deploy-rehearsal-');
  // The check inside deploy:dry serves the tier's build of the sample (tests/support/build-setup.ts)
  // when it is fresh for the address the check serves at, instead of building the site again: the
  // copy gets that build, and the check that address (PORT and HOST; a busy port makes it build for
  // another, which costs a build and changes nothing checked).
  const stamp = readStamp();
  // The build inside `vercel build` reads the repository's build cache (vercelBuild, scripts/lib/vercel-output.ts).
  const env: Record<string, string> = { FOLIO_CONTENT: SAMPLE_SITE_CONTENT };
  if (stamp && !staleReason(stamp.siteUrl)) {
    for (const folder of ['dist', 'generated']) cpSync(folder, join(copy, folder), { recursive: true });
    const address = new URL(stamp.siteUrl);
    Object.assign(env, { PORT: address.port || '80', HOST: address.hostname });
  }
  const run = spawnSync(process.execPath, ['scripts/deploy-dry.ts', '--keep'], { cwd: copy, env: cleanEnv(env), encoding: 'utf8', timeout: 400_000 });
  status = run.status;
  report = `${run.stdout}${run.stderr}`;
  const kept = /^The build output is in (.+) \(--keep\)\.$/m.exec(report)?.[1];
  if (!kept) throw new Error(`npm run deploy:dry made no build output (exit ${status}):\n${report.slice(-4000)}`);
  output = kept;
  built = dirname(dirname(output));
  routes = outputRoutes(output);
  // What `vercel deploy --prebuilt` uploads for each function: its folder and what its
  // .vc-config.json maps in from the repository (filePathMap: the function's bundle and data files;
  // the middleware's dependencies, here the copy's linked node_modules), placed where the map says,
  // as the deployed function finds them. (deploy:dry builds as a deploy does, without --standalone,
  // which would have copied them in.)
  for (const func of ['functions/api/index.func', 'functions/middleware.func']) {
    const map: Record<string, string> = JSON.parse(readFileSync(join(output, func, '.vc-config.json'), 'utf8')).filePathMap ?? {};
    for (const [at, from] of Object.entries(map)) {
      mkdirSync(dirname(join(output, func, at)), { recursive: true });
      cpSync(join(built, from), join(output, func, at), { recursive: true });
    }
  }
}, 420_000);

afterAll(() => {
  for (const folder of [copy, built]) if (folder) rmSync(folder, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/**
 * Runs an exported handler of the built output in its own Node process, with cwd = its .func
 * directory, as a deployed instance runs it: `script` gets the module's default export and `ask`
 * (a Request in, its answer read whole out), and returns its answers by name. One process per
 * handler, answering in turn, as a warm instance does (a process each was a Node start and an
 * import of the bundle per request).
 */
function runBuilt(funcDir: string, module: string, script: string): Record<string, Answer> {
  const code = `
    const mod = await import(${JSON.stringify(join(funcDir, module))});
    const read = async (res) => ({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
    const answers = await (${script})(mod.default, async (res) => read(await res));
    process.stdout.write(JSON.stringify(answers));
  `;
  const env = { ...process.env };
  delete env.FOLIO_DATA_FILE;
  delete env.FOLIO_SITE_URL;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: funcDir, env, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`running ${module} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

const indexOf = (predicate: (r: Route) => boolean) => routes.findIndex(predicate);

describe('the owner’s loop: npm run deploy:dry rehearses the deploy offline and reports what would publish', () => {
  test('it checks the site, builds it as Vercel does, and reports what would publish: ready', () => {
    expect(status, report).toBe(0);
    expect(report).toContain('No problems');
    expect(report).toMatch(/Site URL +https:\/\/folio\.example\.com\//);
    expect(report).toMatch(/Static files +\d+ files, [\d.]+ MB/);
    expect(report).toMatch(/Function +api\/index\.ts on nodejs2\d\.x: \d+ files/);
    // Every page of the build it reports on, each one a file for a browser (FO-ZERO-COMPUTE below walks them).
    const pages = Object.keys(JSON.parse(readFileSync(join(built, 'generated/pages-manifest.json'), 'utf8')).pages);
    expect(report).toContain(`Checked ${pages.length} pages`);
    expect(report).toContain(`all ${pages.length} pages are served as files`);
    // FO-ANALYTICS-LOCAL: the provider the deploy wires, and what it loads (the sample sets none).
    expect(report).toMatch(/^ {2}Analytics +none \(site\.md sets no analytics:\)$/m);
    expect(report).toContain('Ready:');
  });
});

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
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'artifact-test', version: '1' } },
    };
    // Project detail reads its body from the texts file; MCP loads its transport on first use
    // (a dynamic import the build must have traced and compiled): its request is the process's first to /api/mcp.
    const { ok, missing, list, detail, mcp } = runBuilt(
      func,
      vc.handler,
      `async (fn, ask) => {
        const at = (path, init) => ask(fn.fetch(new Request('https://folio.example.com' + path, init)));
        const ok = await at('/api/v1/sandbox?limit=2');
        const missing = await at('/api/v1/nope');
        const list = await at('/api/v1/projects?limit=1');
        const detail = await at('/api/v1/projects/' + JSON.parse(list.body).projects[0].slug);
        const mcp = await at('/api/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: ${JSON.stringify(JSON.stringify(initialize))} });
        return { ok, missing, list, detail, mcp };
      }`,
    );
    expect(ok!.status).toBe(200);
    expect(JSON.parse(ok!.body).pagination.limit).toBe(2);
    expect(missing!.status).toBe(404);
    expect(JSON.parse(missing!.body).error.code).toBe('route_not_found');
    expect(list!.status).toBe(200);
    expect(detail!.status).toBe(200);
    expect(JSON.parse(detail!.body).body.length).toBeGreaterThan(0);
    expect(mcp!.status).toBe(200);
    expect(JSON.parse(mcp!.body).result.protocolVersion).toBe('2025-11-25');
  });

  test('the middleware, with the page manifest it reads, negotiates a page, handed the gate’s path or the path asked', () => {
    const func = join(output, 'functions/middleware.func');
    const vc = JSON.parse(readFileSync(join(func, '.vc-config.json'), 'utf8'));
    expect(existsSync(join(func, 'generated/pages-manifest.json'))).toBe(true);
    const paths = ['/about', `${NEGOTIATE_PREFIX}/about`];
    const answers = runBuilt(
      func,
      vc.handler,
      `async (mw, ask) => {
        const answers = {};
        for (const path of ${JSON.stringify(paths)}) {
          answers['md ' + path] = await ask(mw(new Request('https://folio.example.com' + path, { headers: { accept: 'text/markdown' } })));
          answers['html ' + path] = await ask(mw(new Request('https://folio.example.com' + path, { headers: { accept: 'text/html, text/markdown;q=0.5' } })));
        }
        return answers;
      }`,
    );
    for (const path of paths) {
      const md = answers[`md ${path}`]!;
      expect(md.headers['x-middleware-rewrite'], path).toBe('https://folio.example.com/about.md');
      expect(md.headers['content-type'], path).toBe('text/markdown; charset=utf-8');
      // HTML preferred: served from the page's own path (the gate's path names no file).
      expect(answers[`html ${path}`]!.headers, path).toMatchObject({ 'x-middleware-rewrite': 'https://folio.example.com/about', vary: 'Accept' });
    }
  });

  test('FO-ZERO-COMPUTE: by config.json alone, a browser’s request for every page reaches its static file, never the middleware or a function', () => {
    const fileSystem = outputFileSystem(output);
    const pages = Object.keys(JSON.parse(readFileSync(join(built, 'generated/pages-manifest.json'), 'utf8')).pages);
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
