// The local server's socket (scripts/local-server/node-server.ts), over real HTTP on 127.0.0.1
// (docs/decisions.md § The local server's own guards): the DNS rebinding guard (MCP specification,
// Streamable HTTP transport § Security Warning) and a JSON 431 for a header block too large for Node (RFC 6585 § 5).
import { spawnSync } from 'node:child_process';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { listen } from '../../scripts/local-server/node-server.ts';
import { parseAllowedHosts } from '../../scripts/local-server/host-guard.ts';
import { errorResponse } from '../../src/server/errors.ts';

const servers: Awaited<ReturnType<typeof listen>>[] = [];
let port = 0;
let bound0 = 0;

beforeAll(async () => {
  // `/slow` answers a little later, so a pipelined request behind it arrives while its answer is owed.
  const handler = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/slow') await new Promise((resolve) => setTimeout(resolve, 50));
    if (path === '/read') await request.text().catch(() => '');
    if (path.startsWith('/crash/')) throw new Error(`no answer for ${decodeURIComponent(path)}`);
    return new Response(path === '/' || path === '/about' ? 'ok' : `ok ${path}`);
  };
  const server = await listen({ port: 0, hostname: '127.0.0.1', handler, allowedHosts: parseAllowedHosts('example.test, Other.Test.') });
  const wildcard = await listen({ port: 0, hostname: '0.0.0.0', handler });
  servers.push(server, wildcard);
  port = (server.address() as AddressInfo).port;
  bound0 = (wildcard.address() as AddressInfo).port;
});
afterAll(() =>
  Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((done) => {
          s.closeAllConnections();
          s.close(() => done());
        }),
    ),
  ),
);

/** Sends bytes exactly as given and reads the whole answer (the server closes or we stop at the body's length). */
function rawExchange(to: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    let text = '';
    const done = () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head!.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0 && (!length || Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]))) {
        socket.destroy();
        done();
      }
    });
    socket.on('error', (error) => (text ? done() : reject(error)));
    socket.on('close', () => text && done());
    socket.write(request);
  });
}

const get = (to: number, host: string | undefined, extra = '') =>
  rawExchange(to, `GET /about HTTP/1.1\r\n${host === undefined ? '' : `Host: ${host}\r\n`}${extra}Connection: close\r\n\r\n`);

describe('FO-LOCAL-GUARDS: the local server guards against DNS rebinding (403 forbidden_host for a foreign Host or Origin)', () => {
  test('a foreign Host is 403 in the catalog’s shape, with a hint naming FOLIO_ALLOWED_HOSTS', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1.evil.example', 'localhost.evil.example', '[::2]', '']) {
      const res = await get(port, host);
      expect(res.status, host).toBe(403);
      expect(res.headers['content-type'], host).toBe('application/json');
      expect(res.headers['cache-control'], host).toBe('no-store');
      const body = errorResponse.parse(JSON.parse(res.body));
      expect(body.error).toMatchObject({ code: 'forbidden_host', status: 403, docs: `http://127.0.0.1:${port}/developers#error-forbidden_host` });
      expect(body.error.hint).toContain('FOLIO_ALLOWED_HOSTS');
    }
  });

  test('loopback names and addresses, the bound host and listed hosts (any case, any port) are answered', async () => {
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'LOCALHOST',
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'example.test',
      `EXAMPLE.test:${port}`,
      'other.test',
      'localhost.',
    ]) {
      const res = await get(port, host);
      expect(res.status, host).toBe(200);
      expect(res.body, host).toBe('ok');
    }
  });

  test('an Origin that is present must name an allowed host: a rebound page’s Origin, null or garbage is 403', async () => {
    const host = `127.0.0.1:${port}`;
    for (const origin of ['http://evil.example', `http://evil.example:${port}`, 'null', 'not a url', `http://localhost:${port}, http://evil.example`]) {
      const res = await get(port, host, `Origin: ${origin}\r\n`);
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error.code, origin).toBe('forbidden_host');
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:3000`, `http://[::1]:${port}`, 'https://example.test']) {
      expect((await get(port, host, `Origin: ${origin}\r\n`)).status, origin).toBe(200);
    }
  });

  test('bound to every interface (0.0.0.0), loopback is still answered and a LAN name needs the setting', async () => {
    expect((await get(bound0, `localhost:${bound0}`)).status).toBe(200);
    const lan = await get(bound0, `192.168.1.20:${bound0}`);
    expect(lan.status).toBe(403);
    expect(JSON.parse(lan.body).error.docs).toBe(`http://localhost:${bound0}/developers#error-forbidden_host`);
  });

  test('FOLIO_ALLOWED_HOSTS is validated: a scheme, port, path, wildcard or empty item is refused with a message', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts('')).toEqual([]);
    expect(parseAllowedHosts('example.test,[::1], 192.168.1.20 ,Other.TEST')).toEqual(['example.test', '::1', '192.168.1.20', 'other.test']);
    for (const bad of [
      'http://example.test',
      'example.test:8080',
      'example.test/x',
      '*.example.test',
      'example.test,,other.test',
      'exa mple.test',
      '-bad.test',
    ]) {
      expect(() => parseAllowedHosts(bad), bad).toThrow(/^FOLIO_ALLOWED_HOSTS: ".*" is not a host name or IP address/);
    }
  });

  test('FO-CONFIG-STARTUP: npm start refuses a bad FOLIO_ALLOWED_HOSTS with its message, before building anything', () => {
    const run = spawnSync(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, PORT: '1', FOLIO_ALLOWED_HOSTS: 'example.test,http://other.test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FOLIO_ALLOWED_HOSTS: "http://other.test" is not a host name or IP address');
    expect(run.stdout).not.toContain('Building');
  });
});

describe("docs/decisions.md § The local server's own guards: a header block too large for Node answers 431 in the catalog’s shape", () => {
  test('a 20 KB header over a raw socket gets HTTP/1.1 431 with a JSON request_header_too_large body', async () => {
    const res = await rawExchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.connection).toBe('close');
    const body = errorResponse.parse(JSON.parse(res.body));
    expect(body.error).toMatchObject({
      code: 'request_header_too_large',
      status: 431,
      docs: `http://127.0.0.1:${port}/developers#error-request_header_too_large`,
    });
  });

  test('other unparsable requests keep Node’s own answer (400), and the server keeps answering', async () => {
    const bad = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(bad.status).toBe(400);
    expect((await get(port, 'localhost')).status).toBe(200);
  });
});

/** Writes bytes exactly as given and reads everything the server sends until it closes the connection. */
function readToClose(to: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', (error) => (text ? undefined : reject(error)));
    socket.on('close', () => resolve(text));
    socket.write(request);
  });
}

/** The status lines of the answers in a stream of responses, in the order they came. */
const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3} [^\r]*/g) ?? [];

describe('FO-PIPELINE-ORDER: RFC 9112 § 9.3.2, answers in request order: a 431 behind pipelined requests comes after their answers', () => {
  const host = () => `Host: 127.0.0.1:${port}\r\n`;
  const big = () => `GET / HTTP/1.1\r\n${host()}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`;

  test('a valid request and an oversized header block in the same write: 200 with its body, then 431, then the close', async () => {
    const text = await readToClose(port, `GET /about HTTP/1.1\r\n${host()}\r\n${big()}`);
    expect(statusLines(text)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 431 Request Header Fields Too Large']);
    const [first, second] = text.split(/(?=HTTP\/1\.1 431)/);
    expect(first).toMatch(/\r\n\r\nok$/);
    expect(JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4)).error.code).toBe('request_header_too_large');
  });

  test('two pipelined requests, the first answered later than the second is parsed: both answers in order, then the 431', async () => {
    const text = await readToClose(port, `GET /slow HTTP/1.1\r\n${host()}\r\nGET /next HTTP/1.1\r\n${host()}\r\n${big()}`);
    expect(statusLines(text)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK', 'HTTP/1.1 431 Request Header Fields Too Large']);
    expect(text.indexOf('ok /slow')).toBeLessThan(text.indexOf('ok /next'));
    expect(text.indexOf('ok /next')).toBeLessThan(text.indexOf('HTTP/1.1 431'));
  });
});

describe('FO-PIPELINE-ORDER: a request whose own body breaks the parser is still answered at once', () => {
  test('a chunked body with a bad chunk size, while its handler reads it: 400 and the close, without waiting for that handler', async () => {
    const text = await readToClose(port, `POST /read HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`);
    expect(statusLines(text)).toEqual(['HTTP/1.1 400 Bad Request']);
  });
});

describe('FO-MESSAGE-SYNTAX: the local server refuses what RFC 9112 says a server must not guess at', () => {
  const host = () => `Host: 127.0.0.1:${port}\r\n`;

  test.each([
    ['gzip, chunked', 'gzip, chunked'],
    ['deflate, chunked', 'deflate, chunked'],
    ['two Transfer-Encoding fields, gzip then chunked', 'gzip\r\nTransfer-Encoding: chunked'],
    ['an unknown coding', 'x-custom, chunked'],
  ])('RFC 9112 § 6.1: Transfer-Encoding %s → 501 unsupported_transfer_coding, and the connection closes', async (_, coding) => {
    const text = await readToClose(
      port,
      `POST /echo HTTP/1.1\r\n${host()}Content-Type: application/json\r\nTransfer-Encoding: ${coding}\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    );
    expect(statusLines(text)).toEqual(['HTTP/1.1 501 Not Implemented']);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    const body = errorResponse.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
    expect(body.error).toMatchObject({ code: 'unsupported_transfer_coding', status: 501 });
    expect(body.error.hint).toContain('chunked');
  });

  test('RFC 9112 § 6.1: Transfer-Encoding: chunked alone (any case) is read as before', async () => {
    const res = await rawExchange(port, `POST /echo HTTP/1.1\r\n${host()}Transfer-Encoding: Chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`);
    expect(res.status).toBe(200);
  });

  test.each([
    ['two Host fields, the same value', (h: string) => `Host: ${h}\r\nHost: ${h}\r\n`],
    ['two Host fields, a foreign one second', (h: string) => `Host: ${h}\r\nHost: evil.example\r\n`],
    ['two Host fields in different case', (h: string) => `Host: ${h}\r\nhOST: ${h}\r\n`],
  ])('RFC 9112 § 3.2: %s → 400 invalid_host', async (_, hosts) => {
    const res = await rawExchange(port, `GET /about HTTP/1.1\r\n${hosts(`127.0.0.1:${port}`)}Connection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    const body = errorResponse.parse(JSON.parse(res.body));
    expect(body.error).toMatchObject({ code: 'invalid_host', status: 400 });
  });

  test('RFC 9112 § 3.2: one Host field holding a list (no valid URL authority) → 400, and the server keeps answering', async () => {
    const res = await rawExchange(port, `GET /about HTTP/1.1\r\nHost: 127.0.0.1:${port}, evil.example\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect((await get(port, 'localhost')).status).toBe(200);
  });

  test('the OAuth endpoints answer these refusals in OAuth’s shape', async () => {
    const res = await rawExchange(port, `POST /oauth/token HTTP/1.1\r\n${host()}${host()}Content-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('Host') });
  });
});

describe('FO-TERMINAL-TEXT: a request that crashes its handler is printed with its control characters escaped', () => {
  test('a path holding ECMA-48 sequences (a window title, a screen clear) reaches the terminal as visible escapes; the client gets a 500', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    try {
      const res = await fetch(`http://127.0.0.1:${port}/crash/%1B]0;pwned%07%1B[2J`);
      expect(res.status).toBe(500);
      await res.text();
    } finally {
      spy.mockRestore();
    }
    const text = printed.join('\n');
    expect(text).toContain('no answer for /crash/\\x1B]0;pwned\\x07\\x1B[2J');
    for (const control of ['\x1b', '\x07']) expect(text).not.toContain(control);
  });
});
