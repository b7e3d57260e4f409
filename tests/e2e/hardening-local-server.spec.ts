// docs/decisions.md § The local server's own guards, over real HTTP against `npm start` (the shared
// server, on 127.0.0.1): what the attack on the local server found — an open redirect, a page
// escaping its header rules through an encoded slash, a foreign Host accepted, an empty 431 — each
// answered by its rule now.
// tests/unit/hardening-local-server.test.ts and hardening-local-socket.test.ts prove the details.
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { test, expect } from '@playwright/test';
import { raw } from './serve-support.ts';

/** A GET whose path goes on the request line as written (`raw` resolves it as a URL, and `//evil.com/` is a host there). */
function getPath(base: string, path: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path }, (res) => {
      res.resume().on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
    })
      .on('error', reject)
      .end();
  });
}

test('FO-LOCAL-GUARDS: no open redirect: //evil.com/, ///evil.com/ and //evil.com/index.html redirect to /evil.com on this site, which 404s', async ({
  baseURL,
}) => {
  for (const path of ['//evil.com/', '///evil.com/', '//evil.com/index.html']) {
    const res = await getPath(baseURL!, path);
    expect(res.status, path).toBe(308);
    expect(res.location, path).toBe('/evil.com');
    expect((await getPath(baseURL!, res.location!)).status, path).toBe(404);
  }
});

test('FO-LOCAL-GUARDS: an encoded slash escapes no header rule: /api/..%2fabout is a JSON 404, /_astro/..%2fabout the 404 page, never immutable', async ({
  baseURL,
}) => {
  const api = await raw(baseURL!, '/api/..%2fabout');
  expect(api.status).toBe(404);
  expect(JSON.parse(api.body).error.code).toBe('route_not_found');
  const asset = await raw(baseURL!, '/_astro/..%2fabout');
  expect(asset.status).toBe(404);
  expect(asset.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(asset.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(asset.headers['content-security-policy']).toContain("default-src 'self'");
});

test('FO-LOCAL-GUARDS: DNS rebinding guard: a foreign Host or Origin is 403 forbidden_host; loopback and listed hosts are answered', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const foreign = await raw(baseURL!, '/about', { host: `rebound.example:${port}` });
  expect(foreign.status).toBe(403);
  expect(foreign.headers['content-type']).toBe('application/json');
  expect(JSON.parse(foreign.body).error).toMatchObject({ code: 'forbidden_host', status: 403 });
  expect(JSON.parse(foreign.body).error.hint).toContain('FOLIO_ALLOWED_HOSTS');
  const origin = await raw(baseURL!, '/api/v1/projects', { origin: 'http://rebound.example' });
  expect(origin.status).toBe(403);
  expect((await raw(baseURL!, '/about', { host: `localhost:${port}` })).status).toBe(200);
  expect((await raw(baseURL!, '/about', { host: `127.0.0.1:${port}` })).status).toBe(200);
  // The shared server lists evil.example (playwright.config.ts) for the CORS suites.
  expect((await raw(baseURL!, '/about', { host: 'evil.example' })).status).toBe(200);
});

test('FO-CONFIG-STARTUP: npm start refuses to start on a bad FOLIO_ALLOWED_HOSTS, with the message, before building', () => {
  const run = spawnSync(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: '1', FOLIO_ALLOWED_HOSTS: 'example.test,http://other.test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('FOLIO_ALLOWED_HOSTS: "http://other.test" is not a host name or IP address');
  expect(run.stdout).not.toContain('Building');
});

test('FO-BOUNDED, FO-NO-500: a 20 KB header block answers 431 with the catalog’s JSON (request_header_too_large)', async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', (error) => (text ? resolve(text) : reject(error)));
    socket.write(`GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  });
  const [head, body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 431 /);
  expect(head).toMatch(/\r\nContent-Type: application\/json\r\n/);
  expect(JSON.parse(body!).error).toMatchObject({ code: 'request_header_too_large', status: 431 });
});
