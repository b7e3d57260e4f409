// Hostile input over real sockets, against the local server as `npm start` runs it (serveBuild over
// the built sample site: router, middleware, function): replacement patterns in /search, uploads
// that are aborted or stall, a 431 on a keep-alive connection, and the host guard's OAuth shape.
// The function's side, called directly, is in hardening-hostile-input.test.ts.
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { serveBuild } from '../../scripts/local-server/serve-build.ts';
import { BODY_TIMEOUT_MS } from '../../src/server/http.ts';
import { errorResponse } from '../../src/server/errors.ts';
import { siteData } from '../../src/server/data.ts';

let server: Server;
let port = 0;
let base = '';
beforeAll(async () => {
  server = await serveBuild({ port: 0, hostname: '127.0.0.1', allowedHosts: [] });
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(
  () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
);
afterEach(() => vi.restoreAllMocks());

/** A raw connection: write bytes, read what comes back until `until` says it is enough or the socket closes. */
function open(): { socket: Socket; read: (until: (text: string) => boolean, timeoutMs?: number) => Promise<string>; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let text = '';
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk) => {
    text += chunk;
    for (const w of waiters.splice(0)) w();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  closed.then(() => {
    for (const w of waiters.splice(0)) w();
  });
  const read = (until: (text: string) => boolean, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer; got ${JSON.stringify(text.slice(0, 200))}`)), timeoutMs);
      const check = () => {
        if (until(text) || socket.destroyed) {
          clearTimeout(timer);
          const out = text;
          text = '';
          resolve(out);
        } else waiters.push(check);
      };
      check();
    });
  return { socket, read, closed };
}

/** Whether a whole HTTP/1.1 response has arrived (by Content-Length, or the chunked encoding's last chunk). */
const whole = (text: string) => {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, end));
  return length ? Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]) : text.endsWith('\r\n0\r\n\r\n');
};

/** The body of a whole response, its chunked encoding undone (RFC 9112 § 7.1). */
function bodyOf(answer: string): string {
  const end = answer.indexOf('\r\n\r\n');
  let rest = answer.slice(end + 4);
  if (!/\r\ntransfer-encoding: chunked/i.test(answer.slice(0, end))) return rest;
  let body = '';
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (!size) return body;
    body += Buffer.from(rest.slice(line + 2))
      .subarray(0, size)
      .toString();
    rest = Buffer.from(rest.slice(line + 2))
      .subarray(size + 2)
      .toString();
  }
}

describe('FO-TEXT-SAFE, local server: /search and replacement patterns', () => {
  test('250 × $` in the URL answers a page of ordinary size, not 161 MB', async () => {
    const res = await fetch(`${base}/search?q=${encodeURIComponent('$`'.repeat(250))}`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBeLessThan(100_000);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"portfolio";q=\d+;w=\d+$/);
  });

  test('/search.md and Accept: text/markdown reach the function (the middleware leaves them alone) and answer Markdown', async () => {
    for (const [path, accept] of [
      ['/search.md?q=quarry', '*/*'],
      ['/search?q=quarry', 'text/markdown'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { headers: { accept } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect(await res.text(), path).toContain(`(${siteData().site.url}/projects/quarry.md)`);
    }
    const post = await fetch(`${base}/search?q=quarry`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('hostile input, local server: uploads that break off or stall', () => {
  test('an upload aborted part-way is dropped without a logged stack trace, and the server keeps answering', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (let i = 0; i < 20; i++) {
      const { socket } = open();
      socket.write(`POST /ask HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query": "sea`);
      await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(errors).not.toHaveBeenCalled();
    expect((await fetch(`${base}/api/v1/search?q=quarry`)).status).toBe(200);
  });

  test(`an upload that stalls is answered 408 request_timeout in the catalog's shape after ${BODY_TIMEOUT_MS / 1000} s`, {
    timeout: BODY_TIMEOUT_MS + 30_000,
  }, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { socket, read } = open();
    socket.write(`POST /api/v1/batch HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"queries": [`);
    const started = Date.now();
    const answer = await read(whole, BODY_TIMEOUT_MS + 20_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = errorResponse.parse(JSON.parse(bodyOf(answer)));
    expect(body.error.code).toBe('request_timeout');
    expect(answer.toLowerCase()).toContain('ratelimit-policy: "knowledge"');
    socket.destroy();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('FO-BOUNDED, docs/decisions.md § Limits, local server: a chunked body past 64 KiB over a real socket', () => {
  test('POST /ask sent in 16 KiB chunks with no Content-Length is refused 413 payload_too_large, counted as it arrives', async () => {
    const { socket, read } = open();
    socket.write(`POST /ask HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    socket.write(chunk('{"query":"search","pad":"'));
    for (let i = 0; i < 5; i++) socket.write(chunk('x'.repeat(16 * 1024)));
    socket.write(`${chunk('"}')}0\r\n\r\n`);
    const answer = await read(whole);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(errorResponse.parse(JSON.parse(bodyOf(answer))).error.code).toBe('payload_too_large');
  });
});

describe('hostile input, local server: a header block too large after a keep-alive response still gets its 431', () => {
  test('GET, its whole answer, then a 20 KB header on the same connection: HTTP/1.1 431 with the catalog body', async () => {
    const { socket, read } = open();
    socket.write(`GET /api/v1/projects?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(await read(whole)).toMatch(/^HTTP\/1\.1 200 /);
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const answer = await read(whole);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(errorResponse.parse(JSON.parse(bodyOf(answer))).error.code).toBe('request_header_too_large');
    socket.destroy();
  });
});

describe('hostile input, local server: the host guard answers in the shape of the path', () => {
  test('a foreign Host on /oauth/token gets OAuth’s { error, error_description }; on /api the catalog’s', async () => {
    for (const [path, method] of [
      ['/oauth/token', 'POST'],
      ['/oauth/register', 'POST'],
      ['/api/v1/projects', 'GET'],
    ] as const) {
      const { socket, read } = open();
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 0\r\n\r\n`);
      const answer = await read(whole);
      socket.destroy();
      expect(answer, path).toMatch(/^HTTP\/1\.1 403 /);
      const body = JSON.parse(bodyOf(answer));
      if (path.startsWith('/oauth/')) {
        expect(body, path).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('FOLIO_ALLOWED_HOSTS') });
      } else {
        expect(errorResponse.parse(body).error.code, path).toBe('forbidden_host');
      }
    }
  });
});

describe('FO-ETAG-REPRESENTATION, local server: a twin answered as text/markdown and as text/plain has one ETag per representation (RFC 9110 § 8.8.3)', () => {
  const twin = (accept: string, headers: Record<string, string> = {}) => fetch(`${base}/about`, { headers: { accept, ...headers } });

  test('the two answers differ in Content-Type and in ETag; the same representation keeps its ETag', async () => {
    const markdown = await twin('text/markdown');
    const plain = await twin('text/plain');
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await plain.text()).toBe(await markdown.text());
    expect(markdown.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(plain.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(plain.headers.get('etag')).not.toBe(markdown.headers.get('etag'));
    // The twin by name is the text/markdown representation: the same validator as negotiation's.
    expect((await fetch(`${base}/about.md`)).headers.get('etag')).toBe(markdown.headers.get('etag'));
  });

  test('If-None-Match with one representation’s ETag against the other answers 200 with a body, against its own 304', async () => {
    const markdownTag = (await twin('text/markdown')).headers.get('etag')!;
    const plainTag = (await twin('text/plain')).headers.get('etag')!;
    const crossed = await twin('text/plain', { 'if-none-match': markdownTag });
    expect(crossed.status).toBe(200);
    expect((await crossed.text()).length).toBeGreaterThan(0);
    expect((await twin('text/markdown', { 'if-none-match': plainTag })).status).toBe(200);
    expect((await twin('text/plain', { 'if-none-match': plainTag })).status).toBe(304);
    expect((await twin('text/markdown', { 'if-none-match': markdownTag })).status).toBe(304);
  });
});
