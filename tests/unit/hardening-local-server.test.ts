// docs/decisions.md § The local server's own guards (`npm start`, `npm run dev`, `npm run check`): what an
// attack on it found, each rule proved on the router and the static-file layer over a fixture
// output directory (tests/e2e/smoke.spec.ts asks the real server over HTTP).
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { distFiles } from '../../scripts/local-server/dist-files.ts';
import { fixtureRouter } from '../support/local-router.ts';

const dist = mkdtempSync(join(tmpdir(), 'folio-hardening-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const files: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'index.md': '# home\n',
  'about.html': '<h1>about</h1>',
  'about.md': '# about\n',
  '404.html': '<h1>not found</h1>',
  '404.md': '# Not found\n',
  'openapi.json': JSON.stringify({ openapi: '3.1.0', padding: 'x'.repeat(100_000) }),
  '_astro/a.css': 'body{}',
};
const get = fixtureRouter(dist, files, (request) =>
  Response.json({ from: 'function', path: new URL(request.url).pathname }, { status: 404, headers: { 'Cache-Control': 'no-store' } }),
);
const req = new Request('http://127.0.0.1/');

describe('FO-LOCAL-GUARDS: a redirect never points off-site (no open redirect)', () => {
  test('//evil.com/, ///evil.com/, //evil.com/index.html and /\\evil.com/ redirect to the single-slash path /evil.com, which 404s', async () => {
    for (const path of ['//evil.com/', '///evil.com/', '//evil.com/index.html', '//evil.com.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(308);
      expect(res.headers.get('location'), path).toBe('/evil.com');
      expect((await get(res.headers.get('location')!)).status, path).toBe(404);
    }
    // A backslash is a slash to a browser: the URL parser turns it into one, and it gets the same answer.
    expect((await get('/\\evil.com/')).headers.get('location')).toBe('/evil.com');
    // Same-site redirects are untouched, query kept.
    expect((await get('/about/?x=1')).headers.get('location')).toBe('/about?x=1');
  });
});

describe("docs/decisions.md § The local server's own guards: a percent-encoded slash never escapes the header rule that matched it", () => {
  test('/api/..%2fabout is the function’s 404 and /_astro/..%2fabout the 404 page with the pages’ headers: never about.html without them, never immutable', async () => {
    const api = await get('/api/..%2fabout');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ from: 'function', path: '/api/..%2fabout' });
    for (const path of ['/_astro/..%2fabout', '/_astro/..%2Fabout', '/_images/..%2fabout', '/.well-known/..%2fabout', '/_astro%2f..%2fabout']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('<h1>not found</h1>');
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
    // The page itself, asked for plainly, still has its security headers; the asset stays immutable.
    const about = await get('/about');
    expect(await about.text()).toBe('<h1>about</h1>');
    expect(about.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await get('/_astro/a.css')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A plain miss under an asset prefix is the 404 page too, not a year-long immutable answer.
    expect((await get('/_astro/gone.css')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('FO-BOUNDED: the static-file cache is bounded in bytes, misses and their paths included', () => {
  test('many long distinct misses keep the cache within its byte budget (15 KB paths, 2,000 misses, 1 MiB budget)', async () => {
    const maxBytes = 2 ** 20;
    const cache = distFiles(dist, { maxBytes });
    for (let i = 0; i < 2000; i++) expect(await cache.get(`/${i}-${'x'.repeat(15_000)}`, req)).toBeUndefined();
    const { entries, bytes } = cache.cached();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Each miss is counted at least by its path: 1 MiB holds at most ~35 of them, not 2,000.
    expect(entries).toBeLessThan(40);
    expect(entries).toBeGreaterThan(0);
    // Files still come from memory after the flood.
    expect(new TextDecoder().decode((await cache.get('/about.html', req))!.body as Uint8Array)).toBe('<h1>about</h1>');
  });

  test('the default budget (64 MiB) holds the same way', async () => {
    const cache = distFiles(dist);
    for (let i = 0; i < 6000; i++) await cache.get(`/${i}-${'y'.repeat(15_000)}`, req);
    expect(cache.cached().bytes).toBeLessThanOrEqual(64 * 2 ** 20);
    expect(cache.cached().bytes).toBeGreaterThan(6000 * 15_000 * 0.5); // 6,000 × 30 KB is over the budget: it was reached, and held
  });
});

describe("docs/decisions.md § The local server's own guards: concurrent requests for a cold file share one read", () => {
  test('100 concurrent requests for a cold openapi.json read it from disk once, and each answer has its bytes', async () => {
    const reads: string[] = [];
    const cache = distFiles(dist, {
      readFile: (file) => {
        reads.push(file);
        return readFile(file) as Promise<Uint8Array<ArrayBuffer>>;
      },
    });
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get('/openapi.json', req)));
    expect(reads).toEqual([join(dist, 'openapi.json')]);
    for (const answer of answers) expect((answer!.body as Uint8Array).byteLength).toBe(files['openapi.json']!.length);
    // Concurrent misses are one lookup too, and a miss is still a miss afterwards.
    const misses = await Promise.all(Array.from({ length: 50 }, () => cache.get('/nope.json', req)));
    expect(misses.every((m) => m === undefined)).toBe(true);
    expect(reads).toHaveLength(1);
  });
});

describe('hostile input: the router', () => {
  test('/.md (the home page’s path plus .md) is the home page’s twin, like /index.md', async () => {
    const dot = await get('/.md');
    expect(dot.status).toBe(200);
    expect(dot.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await dot.text()).toBe(await (await get('/index.md')).text());
  });

  test('a static file’s 405 says text/plain over its text body, whatever the file’s own header rule says', async () => {
    for (const path of ['/openapi.json', '/about', '/about.md']) {
      const res = await get(path, { method: 'POST' });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe('GET, HEAD');
      expect(res.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      expect(await res.text(), path).toBe('Method Not Allowed');
    }
  });

  test("a redirect’s captured path is copied as written: $&, $` and $' in it are not replacement patterns", async () => {
    for (const name of ['a$&b', 'a$`b', "a$'b", 'a$$b']) {
      const res = await get(`/${encodeURI(name)}/`);
      expect(res.status, name).toBe(308);
      expect(res.headers.get('location'), name).toBe(`/${encodeURI(name)}`);
    }
  });
});
