// FO-CONTENT-DATA over real HTTP: the built sample site served by the real local server (serveBuild,
// what `npm start` runs: vercel.json's header rules, the middleware, the function). Every file of
// the build that is not a page answers with the sandboxing asset policy, so an SVG, a twin or a
// JSON document opened by its address runs nothing; every page keeps the pages' policy and, with
// no video in its body, narrows frame-src to none in its <meta>.
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveBuild } from '../../scripts/local-server/serve-build.ts';
import { ASSET_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { NO_FRAMES_POLICY } from '../../src/records/embeds.ts';

const DIST = 'dist';
const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => `/${relative(DIST, join(e.parentPath, e.name)).split('\\').join('/')}`)
  // The 404 page is a 404 in every form, with the headers of a page (KQ-NOT-FOUND).
  .filter((path) => !/^\/404\./.test(path));
const pages = files.filter((path) => path.endsWith('.html'));
const assets = files.filter((path) => !path.endsWith('.html'));

let server: Server;
let base = '';
beforeAll(async () => {
  server = await serveBuild({ port: 0, hostname: '127.0.0.1', allowedHosts: [] });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Every path, a few at a time (the server is shared with nothing, the machine is). */
async function each(paths: string[], check: (path: string, res: Response) => Promise<void>) {
  for (let i = 0; i < paths.length; i += 8) {
    await Promise.all(paths.slice(i, i + 8).map(async (path) => check(path, await fetch(`${base}${path}`, { redirect: 'manual' }))));
  }
}

describe('FO-CONTENT-DATA: every static file that is not a page is served with the sandboxing CSP', () => {
  test('the build has files of every kind: images (SVG among them), twins, text, JSON, XML, scripts, stylesheets, well-known documents', () => {
    for (const kind of [/^\/_images\//, /\.svg$/, /\.md$/, /\.txt$/, /\.json$/, /\.xml$/, /\.js$/, /\.css$/, /^\/\.well-known\/[^.]+$/]) {
      expect(
        assets.some((p) => kind.test(p)),
        String(kind),
      ).toBe(true);
    }
  });

  test(`each answers 200 with Content-Security-Policy: ${ASSET_CONTENT_SECURITY_POLICY}`, async () => {
    const wrong: string[] = [];
    await each(assets, async (path, res) => {
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy');
      if (res.status !== 200 || csp !== ASSET_CONTENT_SECURITY_POLICY) wrong.push(`${path}: ${res.status} ${csp}`);
    });
    expect(wrong).toEqual([]);
    expect(assets.length).toBeGreaterThan(100);
  });
});

describe('FO-CONTENT-DATA: pages keep their own CSP, and frame nothing unless they show a video', () => {
  test('each page answers with the pages’ policy; one without a player narrows frame-src to none before anything could frame', async () => {
    const wrong: string[] = [];
    await each(
      pages.map((p) => (p === '/index.html' ? '/' : p.replace(/\.html$/, ''))),
      async (path, res) => {
        const html = await res.text();
        if (res.status !== 200 || res.headers.get('content-security-policy') !== CONTENT_SECURITY_POLICY) wrong.push(`${path}: ${res.status}`);
        const meta = `<meta http-equiv="Content-Security-Policy" content="${NO_FRAMES_POLICY}">`;
        const player = html.includes('<iframe');
        // The meta comes first in <head>, before any element that could frame.
        if (player ? html.includes(meta) : html.indexOf(meta) !== html.indexOf('<meta charset="utf-8">') + '<meta charset="utf-8">'.length)
          wrong.push(`${path}: frames ${player ? 'allowed' : 'not narrowed'} wrongly`);
      },
    );
    expect(wrong).toEqual([]);
    expect(pages.length).toBeGreaterThan(20);
  });

  test('a page’s own stylesheet and icon are subresources: the asset policy on them does not reach the page (its header is the pages’ own)', () => {
    const home = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(home).toMatch(/<link rel="stylesheet" href="\/folio\.css/);
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self'");
  });
});
