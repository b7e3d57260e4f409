// FO-LOCAL-AS-DEPLOYED: `npm start` and `npm run dev` as an owner runs them: the entry points printed,
// the client address taken from the socket, a clean stop on SIGTERM, a fresh build served as it is,
// a bad setting refused at start-up; and dev reloading pages and API together. The `npm start` tests
// serve the run's own build of the sample (the e2e server's, in the run's working copy) on an address
// of their own, passing the FOLIO_SITE_URL it was built for, so they build nothing (FO-TEST-TIERS: at
// most 12 site builds a run); dev, which rewrites the data file, runs in a throwaway copy, one
// `npm run dev` for its three tests in turn (each start of astro dev was ~5 s of CPU): each test's
// edits are its own files, and what it asserts of the output is what was printed since it began,
// except that no TypeError was ever printed. npm start building from nothing, and a content change
// making a build stale, are shown on the kitchen-sink site's one build (tests/e2e/kitchen-sink.spec.ts).
import { readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';
import { freePort } from '../../scripts/free-port.ts';
import { staleReason } from '../../scripts/lib/build.ts';
import { rateLimitsFromEnv } from '../../src/server/middleware/rate-limit.ts';
import { banner } from '../../scripts/local-server/node-server.ts';
import { cleanEnv, raw, repoCopy, spawnServer, startServer, untilReady, type Server } from './serve-support.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The dev tests' copy of the repository, made when the first of them runs. */
let copy = '';
let port = 0;
/** The URL the run's build of the sample was made for: playwright.config.ts's baseURL. */
let siteUrl = '';
let server: Server | undefined;

test.beforeAll(async () => {
  siteUrl = test.info().project.use.baseURL!;
  // One address for every start here, never the e2e server's.
  port = await freePort();
});

test.afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/**
 * `npm start` in the run's working copy, serving its build of the sample as it is: the same
 * FOLIO_SITE_URL it was built for, so the stamp says fresh (scripts/lib/build.ts staleReason). A
 * stale build fails here instead of being rebuilt under the e2e server that serves it.
 */
async function startOnRunBuild(env: Record<string, string> = {}, args: string[] = []) {
  expect(staleReason(siteUrl), "the run's build of the sample is fresh for its URL").toBeUndefined();
  const base = `http://127.0.0.1:${port}`;
  const started = spawnServer(process.cwd(), 'scripts/start.ts', cleanEnv({ PORT: String(port), HOST: '127.0.0.1', FOLIO_SITE_URL: siteUrl, ...env }), {
    args,
  });
  await untilReady(started, `${base}/ready-check`);
  server = started;
  return base;
}

/** The dev tests' `npm run dev`, once started. */
let dev: Server | undefined;

/**
 * `npm run dev` in the dev tests' throwaway copy (dev rewrites the data file and watches the
 * content): started by the first dev test, and served to the next ones as it is.
 */
async function startDev() {
  const base = `http://127.0.0.1:${port}`;
  if (dev) return base;
  copy ||= repoCopy('folio-start-');
  // The API is polled hard below; the default limits would answer 429.
  dev = server = await startServer(
    copy,
    'scripts/dev.ts',
    cleanEnv({ PORT: String(port), HOST: '127.0.0.1', FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60' }),
    `${base}/ready-check`,
  );
  return base;
}

/** Stops the server; a non-zero exit fails with the server's last output, so the cause is in the report. */
async function stop() {
  server!.process.kill('SIGTERM');
  const code = await server!.exited;
  if (code !== 0) throw new Error(`the server exited with ${code}:\n${server!.output().slice(-3000)}`);
  return code;
}

test('a fresh build is served as it is, without building again: a second server passing the FOLIO_SITE_URL it was built for', async () => {
  // Started as `npm start -- --verbose`: the next test reads its banner.
  const base = await startOnRunBuild({}, ['--verbose']);
  const out = server!.output();
  expect(out).not.toContain('Building');
  expect(out).toContain(`Folio on ${base}`);
  expect(out).toContain(`Absolute URLs point at ${siteUrl} (FOLIO_SITE_URL).`);
  expect((await raw(base, '/')).status).toBe(200);
});

test('npm start -- --verbose lists every agent entry point after the address', async () => {
  // The banner the server above printed, having read the flag from its own command line.
  const base = `http://127.0.0.1:${port}`;
  const verbose = server!.output();
  const address = verbose.indexOf(`Folio on ${base}\n`);
  expect(address, verbose).toBeGreaterThanOrEqual(0);
  // The first word of each line after the address: the listed URLs.
  const listed = verbose
    .slice(address)
    .split('\n')
    .map((line) => line.trim().split(' ')[0]);
  for (const e of ENTRY_POINTS) expect(listed, e.path).toContain(`${base}${e.path}`);
  // Without the flag (this worker's command line has none), the banner names no entry point but /developers.
  expect(process.argv).not.toContain('--verbose');
  expect(banner('http://x.test')).not.toContain('http://x.test/api/mcp');
});

test('KQ-RATE-LIMIT: the client address comes from the socket: spoofed x-forwarded-for / x-real-ip share one bucket (default limits)', async () => {
  const base = `http://${new URL(server!.output().match(/Folio on (\S+)/)![1]!).host}`;
  const remaining = async (ip: string) => {
    const res = await raw(base, '/api/v1/sandbox?limit=1', { 'x-forwarded-for': ip, 'x-real-ip': ip });
    expect(res.headers['ratelimit-policy']).toBe('"knowledge";q=120;w=60');
    return Number(/r=(\d+)/.exec(res.headers.ratelimit!)![1]);
  };
  expect(await remaining('203.0.113.1')).toBe(119);
  expect(await remaining('203.0.113.2')).toBe(118);
});

test('SIGTERM stops the server cleanly (exit code 0)', async () => {
  expect(await stop()).toBe(0);
  expect(server!.output()).toContain('SIGTERM: stopping');
});

// One start per setting: a second bad value of the same setting takes the same path (app.ts reads
// the variable through its parser at start-up), so what it adds is the parser's verdict, asserted below.
for (const [name, value, message] of [
  ['FOLIO_RATE_LIMITS', 'knowledge=1000000/60', /FOLIO_RATE_LIMITS: expected entries like/],
  ['FOLIO_SEARCH_CACHE', '1k', /FOLIO_SEARCH_CACHE/],
] as const) {
  test(`FO-CONFIG-STARTUP: a bad ${name} (${value}) stops npm start at start-up with its message, before it listens`, async () => {
    const started = startOnRunBuild({ [name]: value });
    await expect(started).rejects.toThrow(message);
    expect(
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'listening',
        () => 'refused',
      ),
    ).toBe('refused');
  });
}

test('FO-CONFIG-STARTUP: a bad FOLIO_RATE_LIMITS (knowledge=600/60;portfolio=600/60) is refused with the message npm start stops with above', () => {
  expect(() => rateLimitsFromEnv('knowledge=600/60;portfolio=600/60')).toThrow(/FOLIO_RATE_LIMITS: expected entries like/);
});

test('FO-LOCAL-AS-DEPLOYED: npm run dev negotiates and answers around astro dev; an edit updates the open page and the API, answering 200 throughout', async ({
  page,
}) => {
  const base = await startDev();
  expect(server!.output()).toContain(`Folio on ${base}`);
  const md = await raw(base, '/about', { accept: 'text/markdown' });
  expect(md.status).toBe(200);
  expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
  expect(md.headers.vary).toBe('Accept');
  const html = await raw(base, '/about', { accept: 'text/html' });
  expect(html.headers.link).toBe('</about.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"');
  expect((await raw(base, '/no-such-page', { accept: 'text/markdown' })).status).toBe(404);
  expect(JSON.parse((await raw(base, '/api/v1/nope')).body).error.code).toBe('route_not_found');
  expect(JSON.parse((await raw(base, '/api/v1/search?q=quokkafish')).body).hits).toEqual([]);
  // FO-DRAFTS: astro dev reads the drafts (Folio's integration turns them on under dev), and serves
  // the sample's as its page, marked (what the page says of it: tests/unit/pages-posts.test.ts).
  const draft = await raw(base, '/posts/notes-on-tracing-costs', { accept: 'text/html' });
  expect(draft.status).toBe(200);
  expect(draft.body).toContain('<meta name="robots" content="noindex">');

  await page.goto(`${base}/about`);
  const heading = page.locator('h1');
  const title = await heading.textContent();
  // Every API answer while the data file is rewritten and reloaded: a search, a project's body (read
  // from the texts file) and an MCP-free REST list.
  const statuses: string[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      for (const path of ['/api/v1/search?q=about', '/api/v1/projects/quarry', '/api/v1/projects?limit=2']) {
        const res = await raw(base, path);
        statuses.push(`${res.status} ${path}`);
      }
    }
  })();

  const file = join(copy, SAMPLE_SITE_CONTENT, 'pages/about.md');
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace(/^title: .*$/m, 'title: About Quokkafish')
      .replace(/^summary: .*$/m, 'summary: Quokkafish wrangler.'),
  );
  // No reload by hand: the page changes by itself.
  await expect(heading, 'the open page shows the edit').toHaveText('About Quokkafish', { timeout: 20_000 });
  expect(title).not.toBe('About Quokkafish');
  const hits = async () => JSON.parse((await raw(base, '/api/v1/search?q=quokkafish')).body).hits.map((h: { slug: string }) => h.slug);
  await expect
    .poll(hits, { timeout: 20_000, message: 'the API reloads the changed content' })
    .toEqual(['about'])
    .catch((error: Error) => {
      throw new Error(`${error.message}\n--- dev server output ---\n${server!.output().slice(-3000)}`);
    });
  await new Promise((r) => setTimeout(r, 500));
  polling = false;
  await poll;
  expect(statuses.length, 'requests made during the rebuild').toBeGreaterThan(20);
  expect(
    statuses.filter((s) => !s.startsWith('200 ')),
    'every API answer during the rebuild',
  ).toEqual([]);
  expect((await raw(base, '/about', { accept: 'text/markdown' })).body).toContain('Quokkafish wrangler.');

  // Vite's hot-reload socket reaches astro dev through this server.
  const client = (await raw(base, '/@vite/client')).body;
  const token = /wsToken\s*=\s*"([^"]+)"/.exec(client)?.[1];
  expect(token, 'the Vite client names its socket token').toBeTruthy();
  const socket = new WebSocket(`${base.replace('http', 'ws')}/?token=${token}`, 'vite-hmr');
  const message = await new Promise<string>((resolve, reject) => {
    socket.onmessage = (e) => resolve(String(e.data));
    socket.onerror = () => reject(new Error('the hot-reload socket failed'));
  });
  expect(JSON.parse(message).type).toBe('connected');
  socket.close();
  // The same server serves the next test (the owner's loop).
});

test('the owner’s loop: under npm run dev a file added is served within seconds, and a file removed or renamed answers 404, never 500', async () => {
  const base = await startDev();
  const projects = join(copy, SAMPLE_SITE_CONTENT, 'projects');
  const quarry = readFileSync(join(projects, 'quarry.md'), 'utf8');
  const status = async (path: string, accept = 'text/html') => (await raw(base, path, { accept })).status;

  // Added: a new project's page and twin answer, with no restart.
  writeFileSync(join(projects, 'wombat-index.md'), quarry.replace(/^title: .*$/m, 'title: Wombat index'));
  await expect.poll(() => status('/projects/wombat-index'), { timeout: 15_000, message: 'the new page' }).toBe(200);
  expect(await status('/projects/wombat-index', 'text/markdown')).toBe(200);
  expect((await raw(base, '/projects/wombat-index')).body).toContain('Wombat index');

  // Renamed (removed under its old name): the old URL is a 404 in both forms, the new one answers.
  renameSync(join(projects, 'wombat-index.md'), join(projects, 'wombat-atlas.md'));
  await expect.poll(() => status('/projects/wombat-atlas'), { timeout: 15_000, message: 'the renamed page' }).toBe(200);
  for (const accept of ['text/html', 'text/markdown']) {
    const old = await raw(base, '/projects/wombat-index', { accept });
    expect(old.status, accept).toBe(404);
  }
  expect(await status('/projects/wombat-index.md', '*/*')).toBe(404);
  unlinkSync(join(projects, 'wombat-atlas.md'));
  await expect.poll(() => status('/projects/wombat-atlas'), { timeout: 15_000, message: 'the removed page' }).toBe(404);
  // Anything the server printed since it started, the test above's edit included.
  expect(server!.output()).not.toMatch(/Invalid value used as weak map key|TypeError/);
});

test('FO-CONTENT-ERRORS: under npm run dev a content error shows once in the terminal, and the browser’s overlay names the Markdown file and line', async ({
  page,
}) => {
  const base = await startDev();
  const file = join(copy, SAMPLE_SITE_CONTENT, 'projects/quarry.md');
  const text = readFileSync(file, 'utf8');
  const before = server!.output().length;
  try {
    writeFileSync(file, text.replace(/^type: .*$/m, 'type: website'));
    await expect.poll(() => server!.output().slice(before), { timeout: 15_000 }).toContain('field "type" expected one of');
    // The page asked for three times (and the overlay's own requests): the error is still printed once, with no stack trace.
    for (let i = 0; i < 3; i++) await raw(base, '/projects/quarry');
    await page.goto(`${base}/projects/quarry`);
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toContainText('quarry.md', { timeout: 15_000 });
    await expect(overlay).toContainText('type: website');
    const printed = server!.output().slice(before);
    expect(printed.split('field "type" expected one of').length - 1, printed).toBe(1);
    expect(printed).not.toMatch(/Stack trace|^\s+at /m);
  } finally {
    writeFileSync(file, text);
  }
  // The dev tests' one server, after all three tests' edits, stops cleanly.
  expect(await stop()).toBe(0);
});
