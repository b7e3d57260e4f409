// FO-LOCAL-AS-DEPLOYED: `npm start` and `npm run dev` as an owner runs them, in a throwaway copy of the
// repository (the shared server's build is never touched): building when the build is missing or
// stale, the address and entry points printed, the site's own address as its URL, the client
// address taken from the socket, a clean stop on SIGTERM; and dev reloading pages and API together.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';
import { freePort } from '../../scripts/free-port.ts';
import { staleReason } from '../../scripts/lib/build.ts';
import { cleanEnv, raw, repoCopy, startServer, type Server } from './serve-support.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let copy = '';
let port = 0;
let server: Server | undefined;

test.beforeAll(async () => {
  copy = repoCopy('folio-start-');
  // One address for every start: the build is made for it, so a restart finds it fresh.
  port = await freePort();
});

test.afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

async function start(script = 'scripts/start.ts', env: Record<string, string> = {}) {
  const base = `http://127.0.0.1:${port}`;
  server = await startServer(copy, script, cleanEnv({ PORT: String(port), HOST: '127.0.0.1', ...env }), `${base}/ready-check`);
  return base;
}

/** Stops the server; a non-zero exit fails with the server's last output, so the cause is in the report. */
async function stop() {
  server!.process.kill('SIGTERM');
  const code = await server!.exited;
  if (code !== 0) throw new Error(`the server exited with ${code}:\n${server!.output().slice(-3000)}`);
  return code;
}

test('with no build, npm start builds for its own address, then ends with a short block: the address first, then where the agent entry points are listed', async () => {
  const base = await start();
  const out = server!.output();
  expect(out).toContain('Building (dist/index.html is missing)');
  const block = out.slice(out.lastIndexOf(`Folio on ${base}`));
  expect(block.trim().split('\n').length, block).toBeLessThanOrEqual(4);
  expect(block).toContain(`${base}/developers lists every entry point`);
  expect(block).not.toContain('/api/mcp');
  // FOLIO_SITE_URL defaults to this server's address, so absolute URLs work locally.
  const home = await raw(base, '/');
  expect(home.status).toBe(200);
  expect(home.body).toContain(`<link rel="canonical" href="${base}/">`);
  const md = await raw(base, '/about', { accept: 'text/markdown' });
  expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
});

test('npm start -- --verbose lists every agent entry point after the address', async () => {
  // The banner as the servers print it, reading the flag from their own command line.
  const print = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import { banner } from './scripts/local-server/node-server.ts'; console.log(banner('http://x.test'));`, '--', ...args],
      { cwd: copy, encoding: 'utf8' },
    ).stdout;
  const verbose = print('--verbose');
  expect(verbose.trim().split('\n')[0]).toBe('Folio on http://x.test');
  for (const e of ENTRY_POINTS) expect(verbose, e.path).toContain(`http://x.test${e.path}`);
  expect(print()).not.toContain('http://x.test/api/mcp');
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

test('a fresh build is served as it is, without building again', async () => {
  await start();
  expect(server!.output()).not.toContain('Building');
  expect(await stop()).toBe(0);
});

for (const [name, value, message] of [
  ['FOLIO_RATE_LIMITS', 'knowledge=1000000/60', /FOLIO_RATE_LIMITS: expected entries like/],
  ['FOLIO_RATE_LIMITS', 'knowledge=600/60;portfolio=600/60', /FOLIO_RATE_LIMITS: expected entries like/],
  ['FOLIO_SEARCH_CACHE', '1k', /FOLIO_SEARCH_CACHE/],
] as const) {
  test(`FO-CONFIG-STARTUP: a bad ${name} (${value}) stops npm start at start-up with its message, before it listens`, async () => {
    const started = start('scripts/start.ts', { [name]: value });
    await expect(started).rejects.toThrow(message);
    expect(
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'listening',
        () => 'refused',
      ),
    ).toBe('refused');
  });
}

test('a content change makes the build stale: npm start builds again (the staleness judged on the stamp its own build wrote)', async () => {
  // npm start's first step, staleReason (scripts/start.ts), asked of the build and stamp the first
  // test's npm start made, in this process: a rebuild would only repeat that test's build, which
  // shows a stale reason leads to "Building (<reason>)…", a build, and the site served
  // (FO-TEST-TIERS: builds are counted). A rebuild over an earlier dist/ writes what a build from
  // nothing writes: tests/integration/build-incremental.test.ts.
  const base = `http://127.0.0.1:${port}`;
  const stale = () => staleReason(base, copy);
  expect(stale(), 'the build the first test made is fresh').toBeUndefined();
  const file = join(copy, SAMPLE_SITE_CONTENT, 'pages/about.md');
  const text = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, text.replace(/^title: .*$/m, 'title: About Zebracorn'));
    expect(stale()).toBe(`content changed in ${SAMPLE_SITE_CONTENT}/`);
  } finally {
    writeFileSync(file, text);
  }
  expect(stale(), 'the content as built again').toBeUndefined();
});

test('FO-LOCAL-AS-DEPLOYED: npm run dev negotiates and answers around astro dev; an edit updates the open page and the API, answering 200 throughout', async ({
  page,
}) => {
  // The API is polled hard below; the default limits would answer 429.
  const base = await start('scripts/dev.ts', { FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60' });
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

  expect(await stop()).toBe(0);
});

test('the owner’s loop: under npm run dev a file added is served within seconds, and a file removed or renamed answers 404, never 500', async () => {
  const base = await start('scripts/dev.ts', { FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60' });
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
  expect(server!.output()).not.toMatch(/Invalid value used as weak map key|TypeError/);
  expect(await stop()).toBe(0);
});

test('FO-CONTENT-ERRORS: under npm run dev a content error shows once in the terminal, and the browser’s overlay names the Markdown file and line', async ({
  page,
}) => {
  const base = await start('scripts/dev.ts', { FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60' });
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
  expect(await stop()).toBe(0);
});
