// Helpers for the serving suites: raw HTTP (so a request can carry no Accept header at all, which
// fetch and Playwright's client never allow), and a throwaway copy of the repository for tests
// that build or start servers of their own without touching the shared build.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { type FontPairing, fontFiles } from '../../src/records/theme.ts';
import { freePort } from '../../scripts/free-port.ts';
import { repoCopy } from '../../scripts/lib/repo-copy.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request with exactly the headers given (Node adds Host unless given), no redirect followed. A
 * path is put on the request line as written: fetch or URL would resolve `//evil.com/` to another
 * host and `..` segments away, which the socket's guards must be asked about as sent.
 */
export function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawResponse> {
  const asWritten = path.startsWith('/');
  const url = asWritten ? new URL(base) : new URL(path, base);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: asWritten ? path : url.pathname + url.search, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) h[k] = Array.isArray(v) ? v.join(', ') : String(v);
        resolvePromise({ status: res.statusCode ?? 0, headers: h, body: text });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export { repoCopy };

export interface Server {
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  detached?: boolean;
}

/**
 * Starts `node <script> <args>` in `cwd` (`args` as after `npm start --`); `detached`, in a process
 * group of its own that stopServer ends whole (a build it runs included).
 */
export function spawnServer(cwd: string, script: string, env: NodeJS.ProcessEnv, { detached = false, args = [] as string[] } = {}): Server {
  const child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { process: child, output: () => output, exited, detached };
}

/** Waits until `ready` answers; stops the server and throws with its output if it ends or `timeoutMs` passes first. */
export async function untilReady(server: Server, ready: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await fetch(ready).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    if (hasEnded(server) || Date.now() > deadline) {
      await stopServer(server);
      throw new Error(`${server.process.spawnargs.slice(1).join(' ')} did not start:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts `node <script>` in `cwd` and waits until `ready` answers. */
export async function startServer(cwd: string, script: string, env: NodeJS.ProcessEnv, ready: string, timeoutMs = 150_000): Promise<Server> {
  const server = spawnServer(cwd, script, env);
  await untilReady(server, ready, timeoutMs);
  return server;
}

const hasEnded = (server: Server) => server.process.exitCode !== null || server.process.signalCode !== null;

/** Ends the server (SIGTERM) unless it has ended, and waits for it. */
export async function stopServer(server: Server): Promise<void> {
  if (hasEnded(server)) return;
  try {
    if (server.detached) process.kill(-server.process.pid!, 'SIGTERM');
    else server.process.kill('SIGTERM');
  } catch {
    // Already gone.
  }
  await server.exited;
}

/** The environment of a server started by a test: the sample fixture site, no inherited site URL, port or rate-limit override. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_CONTENT: SAMPLE_SITE_CONTENT, ...extra };
  for (const name of ['FOLIO_SITE_URL', 'FOLIO_RATE_LIMITS', 'FOLIO_DATA_FILE', 'FOLIO_TEST_PORT']) if (!(name in extra)) delete env[name];
  return env;
}

/**
 * A fixture site served for the tests of the enclosing describe block as `npm start` serves it (its
 * build, then the local server), from a throwaway copy of the repository: started before the
 * block's first test, stopped and removed after its last. `site.base` is its address.
 */
export function serveFixtureSite(
  prefix: string,
  content: string,
  { env = {}, timeoutMs = 230_000 }: { env?: Record<string, string>; timeoutMs?: number } = {},
) {
  const site = { base: '', copy: '' };
  let server: Server | undefined;
  test.beforeAll(async () => {
    // The build and start-up get their own time: a hook's timeout is otherwise the config's 60 s,
    // whatever the describe block configures for its tests.
    test.setTimeout(timeoutMs + 60_000);
    site.copy = repoCopy(prefix);
    site.base = `http://127.0.0.1:${await freePort()}`;
    const port = new URL(site.base).port;
    server = await startServer(
      site.copy,
      'scripts/start.ts',
      cleanEnv({ PORT: port, HOST: '127.0.0.1', FOLIO_CONTENT: content, ...env }),
      `${site.base}/ready-check`,
      timeoutMs,
    );
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
    if (site.copy) rmSync(site.copy, { recursive: true, force: true });
  });
  return site as { readonly base: string; readonly copy: string };
}

/** The address of the run's shared-site service (tests/e2e/shared-sites.ts), set by the global setup for the workers. */
export const SHARED_SITES_ENV = 'FOLIO_SHARED_SITES';

/**
 * A fixture site the tests only read, as `npm start` serves it, shared by every spec of the run
 * that asks for it: built and started once, on first request, by the runner's process
 * (tests/e2e/shared-sites.ts), and stopped at the end of the run. Its per-client limits are raised,
 * as on playwright.config.ts's server: several specs reach it from one client address. Called in a
 * beforeAll hook; the build and start-up get their own time. Resolves with the site's address.
 */
export async function sharedSite(content: string, timeoutMs = 230_000): Promise<string> {
  test.setTimeout(timeoutMs + 60_000);
  const service = process.env[SHARED_SITES_ENV];
  if (!service) throw new Error(`${SHARED_SITES_ENV} is not set: shared sites are served by playwright.config.ts's globalSetup`);
  const answer = await raw(service, `/site?content=${encodeURIComponent(content)}`);
  if (answer.status !== 200) throw new Error(answer.body);
  return (JSON.parse(answer.body) as { base: string }).base;
}

/** sharedSite for the tests of the enclosing describe block (or file): `site.base` is its address. */
export function serveSharedSite(content: string) {
  const site = { base: '' };
  test.beforeAll(async () => {
    site.base = await sharedSite(content);
  });
  return site as { readonly base: string };
}

/** FO-THEME: each font file of `pairing` is served at `base` as woff2, revalidated, with the package's bytes. */
export async function expectFontFilesServed(base: string, pairing: FontPairing) {
  const require = createRequire(import.meta.url);
  for (const font of fontFiles(pairing)) {
    const res = await fetch(`${base}${font.path}`);
    expect(res.status, font.path).toBe(200);
    expect(res.headers.get('content-type'), font.path).toBe('font/woff2');
    expect(res.headers.get('cache-control'), font.path).toBe('public, max-age=0, must-revalidate');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(require.resolve(font.source))), font.path).toBe(true);
  }
}

/**
 * What ran for a real browser's view of every page of the site at `base` (the pages its sitemap
 * lists, on this server): each page's `x-folio-compute` (scripts/local-server/vercel-router.ts).
 */
export async function computeOfEveryPage(page: import('@playwright/test').Page, base: string): Promise<Record<string, string>> {
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const ran: Record<string, string> = {};
  for (const path of paths) {
    const response = await page.goto(`${base}${path}`);
    ran[path] = `${response?.status()} ${response?.headers()['x-folio-compute']}`;
  }
  return ran;
}
