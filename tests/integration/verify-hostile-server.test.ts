// `npm run verify` against a hostile server (FO-VERIFY-SECRET, FO-VERIFY-LIMITS, FO-TERMINAL-TEXT):
// two servers on loopback, the origin verified and a second origin it names (a 401's
// resource_metadata, the MCP server card's remote, the authorization server, a redirect). The
// verified one answers with ANSI/OSC and C1 controls in bodies and headers, drips one body a byte
// at a time and never ends another. The bypass secret reaches the verified origin and never the
// second; the limits are hit and said; nothing printed holds a raw control character.
import { spawn } from 'node:child_process';
import type { Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { report, verify, type VerifyLimits } from '../../scripts/lib/verify.ts';
import { listenOnLoopback } from '../support/loopback.ts';

const SECRET = 'bypass-secret-for-the-test';
/** ESC sequences that set the window title (OSC 0) and clear the screen (CSI 2J), and a bidi override. */
const ANSI = '\x1b]0;pwned\x07\x1b[2J\x1b[31mred\u202Eevil';
/** In a header: only obs-text (0x80–0xFF) gets through HTTP parsers, and 0x9B/0x9D/0x9C are C1's CSI, OSC and ST. */
const C1 = '\u009b2J\u009d0;pwned\u009c';

/** Any character a terminal would obey (C0, DEL, C1: Unicode's Cc; the bidi controls), looked for in the output without its line feeds. */
const RAW_CONTROL = /[\p{Cc}\p{Bidi_Control}]/u;

interface Seen {
  url: string;
  secret: string | undefined;
}

const listen = listenOnLoopback;

const stop = (server: Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });

let verified: { server: Server; origin: string };
let second: { server: Server; origin: string };
const seenFirst: Seen[] = [];
const seenSecond: Seen[] = [];
/** How the endless body ended: the client dropping the connection. */
let endlessClosed = 0;
let dripClosed = 0;
/** Where the card's remote points: the second origin, or a path of the first that redirects there. */
let remote: 'second' | 'redirect' = 'second';
/** Every path drips (the run-limit case). */
let dripEverything = false;

function drip(res: ServerResponse, type: string) {
  res.writeHead(200, { 'content-type': type });
  const timer = setInterval(() => res.write('#'), 200);
  res.on('close', () => {
    clearInterval(timer);
    dripClosed++;
  });
}

beforeAll(async () => {
  second = await listen((req, res) => {
    seenSecond.push({ url: req.url!, secret: req.headers['x-vercel-protection-bypass'] as string | undefined });
    req.resume();
    if (req.url!.startsWith('/.well-known/oauth-authorization-server')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer: second.origin, token_endpoint: `${second.origin}/oauth/token` }));
      return;
    }
    if (req.url!.startsWith('/.well-known/oauth-protected-resource')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resource: `${verified.origin}/api/v1` }));
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`no MCP here ${ANSI}`);
  });
  verified = await listen((req, res) => {
    seenFirst.push({ url: req.url!, secret: req.headers['x-vercel-protection-bypass'] as string | undefined });
    req.resume();
    const path = new URL(req.url!, verified.origin).pathname;
    if (dripEverything && path !== '/') return drip(res, 'text/html');
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html', vary: 'Accept', 'x-vercel-cache': `HIT${C1}` });
      res.end(`<!doctype html><title>${ANSI}</title>`);
      return;
    }
    if (path === '/sitemap.xml') {
      // Endless: a sitemap that never ends, as fast as the socket takes it.
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = `<url><loc>${verified.origin}/a</loc></url>`.repeat(1000);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', more);
      res.on('close', () => endlessClosed++);
      res.write('<urlset>');
      more();
      return;
    }
    if (path === '/llms.txt') return drip(res, 'text/plain');
    if (path === '/api/mcp/server-card') {
      res.writeHead(200, { 'content-type': `application/json${C1}` });
      const url = remote === 'second' ? `${second.origin}/mcp` : `${verified.origin}/moved`;
      res.end(JSON.stringify({ remotes: [{ url, supportedProtocolVersions: ['2025-11-25', '2026-07-28'] }] }));
      return;
    }
    if (path === '/moved') {
      res.writeHead(307, { location: `${second.origin}/mcp` });
      res.end();
      return;
    }
    if (path === '/.well-known/oauth-protected-resource') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resource: verified.origin, authorization_servers: [second.origin] }));
      return;
    }
    if (path === '/api/v1') {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer resource_metadata="${second.origin}/.well-known/oauth-protected-resource/api/v1"`,
      });
      res.end('{}');
      return;
    }
    if (path === '/index.md') {
      res.writeHead(302, { location: `${second.origin}/stolen` });
      res.end();
      return;
    }
    res.writeHead(404, { 'content-type': `text/plain${C1}` });
    res.end(ANSI);
  });
});

afterAll(async () => {
  await stop(verified.server);
  await stop(second.server);
});

const LIMITS: VerifyLimits = { requestTimeoutMs: 1000, runTimeoutMs: 60_000, maxBodyBytes: 256 * 1024 };

/**
 * `verify` with the secret, the card's remote on the second origin: one run, read by the secret's
 * test and the limits' (they made the same run each, and each waited out the drip's 1 s limit).
 * What each server saw and how the limited bodies ended are taken as it ends.
 */
let withSecret: Promise<{ result: Awaited<ReturnType<typeof verify>>; first: Seen[]; second: Seen[]; closed: { endless: number; drip: number } }> | undefined;
function runWithSecret() {
  withSecret ??= (async () => {
    seenFirst.length = seenSecond.length = 0;
    remote = 'second';
    const before = { endless: endlessClosed, drip: dripClosed };
    const result = await verify(verified.origin, { bypassSecret: SECRET, limits: LIMITS });
    return {
      result,
      first: [...seenFirst],
      second: [...seenSecond],
      closed: { endless: endlessClosed - before.endless, drip: dripClosed - before.drip },
    };
  })();
  return withSecret;
}

describe('FO-VERIFY-SECRET: the bypass secret goes to the verified origin only', () => {
  test('FO-VERIFY-SECRET: no request to the second origin (resource_metadata, server card remote, authorization server) carries the secret', async () => {
    const { first, second } = await runWithSecret();
    // The second origin was asked for each of the URLs the first one named ...
    const asked = second.map((s) => s.url.split('?')[0]);
    expect(asked).toContain('/mcp');
    expect(asked).toContain('/.well-known/oauth-authorization-server');
    expect(asked).toContain('/.well-known/oauth-protected-resource/api/v1');
    // ... never with the secret, which the verified origin did get.
    expect(second.filter((s) => s.secret !== undefined)).toEqual([]);
    expect(first.length).toBeGreaterThan(5);
    expect(first.every((s) => s.secret === SECRET)).toBe(true);
  });

  test('FO-VERIFY-SECRET: a redirect from the verified origin to another is not followed with the secret', async () => {
    seenFirst.length = seenSecond.length = 0;
    remote = 'redirect';
    const result = await verify(verified.origin, { bypassSecret: SECRET, limits: LIMITS });
    // /index.md and the card's remote (/moved) redirect to the second origin: verify's own request
    // judges the first answer, the MCP client refuses a redirect to another origin and says so.
    expect(seenFirst.some((s) => s.url.startsWith('/index.md') && s.secret === SECRET)).toBe(true);
    expect(seenFirst.some((s) => s.url === '/moved' && s.secret === SECRET)).toBe(true);
    expect(seenSecond.map((s) => s.url)).not.toContain('/stolen');
    expect(seenSecond.filter((s) => s.secret !== undefined)).toEqual([]);
    expect(result.failures).toContainEqual(
      expect.objectContaining({ check: 'MCP', problem: expect.stringContaining(`Redirect to ${second.origin}/mcp not followed`) }),
    );
  });
});

describe('FO-VERIFY-LIMITS: a request, a body and the run each have a limit, said when hit', () => {
  test('FO-VERIFY-LIMITS: a dripping body stops at the per-request limit, an endless one at the body limit, each stated', async () => {
    const { result, closed } = await runWithSecret();
    const limits = result.failures.filter((f) => f.check === 'limits').map((f) => f.problem);
    expect(limits).toContainEqual(
      expect.stringMatching(/\/llms\.txt\?[^ ]* did not answer in full within 1 s, the per-request limit \(--timeout=seconds to change it\)$/),
    );
    expect(limits).toContainEqual(
      expect.stringMatching(/\/sitemap\.xml\?[^ ]* passed the 0\.25 MB body limit; reading stopped \(--max-body=MB to change it\)$/),
    );
    // Both connections were dropped by verify: nothing more is read or kept.
    expect(closed.endless).toBeGreaterThan(0);
    expect(closed.drip).toBeGreaterThan(0);
    expect(report(result, verified.origin)).toMatch(/^FAIL limits: .*body limit.*To do: .+$/m);
  });

  test('FO-VERIFY-LIMITS: the whole run stops at its limit, naming the checks it did not run', async () => {
    dripEverything = true;
    try {
      const result = await verify(verified.origin, { limits: { ...LIMITS, runTimeoutMs: 2500 } });
      const problems = result.failures.filter((f) => f.check === 'limits').map((f) => f.problem);
      expect(problems).toContainEqual(expect.stringMatching(/^the run passed its 2\.5 s limit; not run: .*OAuth discovery$/));
      expect(result.passed).not.toContain('OAuth discovery');
    } finally {
      dripEverything = false;
    }
  });
});

describe('FO-TERMINAL-TEXT: verify prints what the server sent with its control characters escaped', () => {
  test('FO-TERMINAL-TEXT: npm run verify against the hostile server prints no raw control character, and the escapes show', async () => {
    remote = 'second';
    seenSecond.length = 0;
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/verify.ts', verified.origin, '--timeout=1', '--max-body=0.25'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, VERCEL_AUTOMATION_BYPASS_SECRET: SECRET },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(code, out).toBe(1);
    expect(out.replaceAll('\n', '').match(RAW_CONTROL), out).toBeNull();
    // The server's text is there, escaped: the C1 header (the platform cache note) and a body's ESC.
    expect(out).toContain('HIT\\x9B2J\\x9D0;pwned\\x9C');
    expect(out).toMatch(/\\x1B\]0;pwned\\x07\\x1B\[2J/);
    expect(out).toMatch(/^FAIL limits: .*passed the 0\.25 MB body limit/m);
    expect(seenSecond.filter((s) => s.secret !== undefined)).toEqual([]);
  });
});
