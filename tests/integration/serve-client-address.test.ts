// The local server puts the connection's address where Vercel puts it (scripts/local-server/node-server.ts):
// whatever a client sends as x-forwarded-for / x-real-ip, in any case and any number of times, the
// function sees only the socket's address, through a header lookup and through the full header list.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listen } from '../../scripts/local-server/node-server.ts';

let server: Awaited<ReturnType<typeof listen>>;
let port = 0;

beforeAll(async () => {
  server = await listen({
    port: 0,
    hostname: '127.0.0.1',
    lightweightGlobals: true,
    handler: async (request) => {
      const looked = ['x-forwarded-for', 'X-Real-IP'].map((name) => request.headers.get(name));
      const listed = [...request.headers].filter(([name]) => /^x-(forwarded-for|real-ip)$/.test(name));
      return new Response(JSON.stringify({ looked, listed, other: request.headers.get('x-other') }), { headers: { 'content-type': 'application/json' } });
    },
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A raw request, so header names keep the client's case and may repeat. */
function send(rawHeaders: string[]): Promise<{ looked: string[]; listed: [string, string][]; other: string | null }> {
  return new Promise((resolve, reject) => {
    // Node sends an array of headers as given (names in their case, repeats kept) and adds no Host.
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: ['Host', `127.0.0.1:${port}`, ...rawHeaders] }, (res) => {
      let body = '';
      res
        .on('data', (chunk) => (body += chunk))
        .on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject).end();
  });
}

describe('FO-LOCAL-AS-DEPLOYED: the client address comes from the socket (as on Vercel)', () => {
  test('spoofed x-forwarded-for and X-Real-IP, repeated and in odd case, are replaced by the address', async () => {
    const answer = await send(['X-Forwarded-For', '203.0.113.9, 10.0.0.1', 'x-forwarded-for', '198.51.100.7', 'X-REAL-IP', '203.0.113.9', 'X-Other', 'kept']);
    expect(answer.looked).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(answer.listed).toEqual([
      ['x-forwarded-for', '127.0.0.1'],
      ['x-real-ip', '127.0.0.1'],
    ]);
    expect(answer.other).toBe('kept');
  });

  test('without any such header the function still sees the address', async () => {
    const answer = await send([]);
    expect(answer.looked).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(answer.listed).toEqual([
      ['x-forwarded-for', '127.0.0.1'],
      ['x-real-ip', '127.0.0.1'],
    ]);
  });
});
