// A bounded load test over loopback: 100 concurrent connections (autocannon) against a server this
// test starts itself (`node scripts/start.ts` on a free port, 127.0.0.1, rate limits raised with
// FOLIO_RATE_LIMITS), mixing static pages, twins, llms.txt and the dynamic API. Every answer must be
// a 2xx with no socket errors or timeouts, and the server's memory must not keep growing: the
// resident set (VmRSS from /proc) after a second identical round, once settled, stays within a
// tolerance of the first. Bounded by request count, never by wall-clock assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/free-port.ts';

const CONNECTIONS = 100;
const REQUESTS_PER_ROUND = 3000;
const MEASURED_ROUNDS = 3;

test.describe('hardening: load over loopback (dedicated server)', () => {
  let server: ChildProcess | undefined;
  let base = '';
  let output = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', FOLIO_RATE_LIMITS: 'knowledge=999999/60,portfolio=999999/60' };
    // FOLIO_SITE_URL is inherited: the build is fresh for it, so this server serves it as is rather
    // than rebuilding under the shared server's feet. The heap is capped (the sample site needs a few
    // tens of MB) so V8 collects instead of growing into a 24 GiB machine's default budget: what RSS
    // still gains is what the server keeps, and a real leak ends in an out-of-memory crash.
    server = spawn(process.execPath, ['--max-old-space-size=96', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
    server.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/ready-check`).then(
        (r) => r.status === 404,
        () => false,
      );
      if (up) break;
      if (i > 400 || server.exitCode !== null) throw new Error(`load-test server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(() => {
    server?.kill();
  });

  /** The server's resident set, after letting it settle: idle timers run, V8 may shrink its heap. */
  async function settledRss(): Promise<number> {
    await new Promise((r) => setTimeout(r, 2000));
    const status = readFileSync(`/proc/${server!.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  }

  test('FO-BOUNDED: 100 connections, static and dynamic paths — zero errors, zero non-2xx, no memory growth after the load', async () => {
    test.setTimeout(240_000);
    const list = await (await fetch(`${base}/api/v1/projects?limit=3`)).json();
    const slugs: string[] = list.projects.map((p: { slug: string }) => p.slug);
    expect(slugs.length).toBeGreaterThan(0);
    const paths = [
      '/',
      '/projects',
      ...slugs.map((s) => `/projects/${s}`),
      ...slugs.map((s) => `/projects/${s}.md`),
      '/llms.txt',
      '/api/v1/search?q=search',
      '/api/v1/search?q=caf%C3%A9&type=library',
      '/ask?query=postgres+queue',
      '/api/v1/projects?archive=1',
      `/api/v1/projects/${slugs[0]}`,
      `/api/v1/compare?slugs=${slugs.slice(0, 2).join(',')}`,
      '/api/v1/sandbox?limit=5',
    ];
    for (const path of paths) expect((await fetch(`${base}${path}`)).status, path).toBe(200);

    const round = async () => {
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        amount: REQUESTS_PER_ROUND,
        timeout: 30,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      expect(result.errors, 'socket errors').toBe(0);
      expect(result.timeouts, 'timeouts').toBe(0);
      expect(result['5xx'], '5xx answers').toBe(0);
      expect(result.non2xx, 'non-2xx answers').toBe(0);
      expect(result['2xx']).toBe(REQUESTS_PER_ROUND);
      return result;
    };

    // Two warm-up rounds: JIT, caches, and the allocator's and V8's working size (RSS steps up once
    // or twice and then holds; a leak climbs with every round).
    await round();
    await round();
    const first = await settledRss();
    for (let i = 0; i < MEASURED_ROUNDS; i++) await round();
    const after = await settledRss();
    // Over these 9,000 requests, a leak of about 5.5 KiB or more per request fails the tolerance.
    const tolerance = Math.max(48 * 2 ** 20, first * 0.15);
    test.info().annotations.push({
      type: 'rss',
      description: `${(first / 2 ** 20).toFixed(1)} MB after warm-up, ${(after / 2 ** 20).toFixed(1)} MB after ${MEASURED_ROUNDS * REQUESTS_PER_ROUND} more requests`,
    });
    expect(after - first, `RSS ${(first / 2 ** 20).toFixed(1)} MB → ${(after / 2 ** 20).toFixed(1)} MB`).toBeLessThan(tolerance);
    // Still serving after the load.
    expect((await fetch(`${base}/api/v1/search?q=search`)).status).toBe(200);
  });
});
