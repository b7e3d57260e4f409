// Playwright's global setup (playwright.config.ts): the fixture sites that several specs only read,
// each built and served once per run instead of once per spec (a build is ~8 s of CPU). It runs in
// the runner's process, once, however many workers evaluate the config; the workers ask it for a
// site over loopback (sharedSite in serve-support.ts), and it starts each on first request, so a
// run of specs that need none builds none. The function it returns stops the servers and removes
// their copies at the end of the run, whether the tests passed or not.
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../scripts/free-port.ts';
import { cleanEnv, repoCopy, type Server, SHARED_SITES_ENV, spawnServer, stopServer, untilReady } from './serve-support.ts';

// As on playwright.config.ts's server: every spec that shares a site reaches it from 127.0.0.1. The
// specs that prove the limits start their own server with the defaults.
const RAISED_LIMITS = 'knowledge=100000/60,portfolio=100000/60';

export default async function sharedSites() {
  const sites = new Map<string, Promise<string>>();
  const started: { copy: string; server?: Server }[] = [];
  let ended = false;

  async function start(content: string): Promise<string> {
    // Its own copy of the repository: the build bakes the site's address into its output.
    const entry: (typeof started)[number] = { copy: repoCopy('folio-shared-') };
    started.push(entry);
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    if (ended) throw new Error('the run has ended');
    const env = cleanEnv({ PORT: port, HOST: '127.0.0.1', FOLIO_CONTENT: content, FOLIO_RATE_LIMITS: RAISED_LIMITS });
    entry.server = spawnServer(entry.copy, 'scripts/start.ts', env, { detached: true });
    await untilReady(entry.server, `${base}/ready-check`, 230_000);
    return base;
  }

  const service = createServer((req, res) => {
    const content = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('content') ?? '';
    if (!content.startsWith('tests/fixtures/') || !existsSync(content)) {
      res.writeHead(404).end(`no fixture site at ${content}`);
      return;
    }
    let site = sites.get(content);
    if (!site) sites.set(content, (site = start(content)));
    site.then(
      (base) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ base })),
      (error: Error) => res.writeHead(503).end(`${content}: ${error.message}`),
    );
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  process.env[SHARED_SITES_ENV] = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;

  return async () => {
    ended = true;
    service.close();
    service.closeAllConnections();
    for (const { server, copy } of started) {
      if (server) await stopServer(server);
      rmSync(copy, { recursive: true, force: true });
    }
  };
}
