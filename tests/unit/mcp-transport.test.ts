// The Streamable HTTP transport of POST /api/mcp through the Hono app (app.request, no server):
// methods, Accept and Content-Type ladders, body limits, both protocol eras without sessions, CORS
// and the rate limit. Raw JSON-RPC here; the official client is exercised in mcp-client.test.ts.
import { mcpTransportError } from '../../src/server/mcp/routes.ts';
import { describe, expect, it } from 'vitest';
import { accepts } from '../../src/server/mcp/transport.ts';
import { HANDSHAKE_VERSIONS, SERVER_VERSION, serverName } from '../../src/server/mcp/identity.ts';
import { siteData } from '../../src/server/data.ts';
import { createApp } from '../../src/server/app.ts';
import { app, INITIALIZE, JSON_HEADERS, MODERN_META, post, postLegacy, postModern } from '../support/mcp-helpers.ts';
import { runs } from '../support/property-runs.ts';

const discover = { jsonrpc: '2.0', id: 7, method: 'server/discover', params: { _meta: MODERN_META } };
const MODERN_HEADERS = { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' };

describe('PF-MCP: POST /api/mcp is the only method (stateless: no GET stream, no session)', () => {
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
    it(`PF-MCP: ${method} /api/mcp → 405 method_not_allowed with Allow: POST`, async () => {
      const res = await app().request('/api/mcp', { method, headers: { Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      const allow = res.headers
        .get('allow')!
        .split(',')
        .map((m) => m.trim());
      expect(allow).toContain('POST');
      expect(allow).not.toContain('GET');
      expect(allow).not.toContain('DELETE');
      expect((await res.json()).error.code).toBe('method_not_allowed');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });
  }
});

describe('MCP Streamable HTTP § Sending Messages: Accept must list application/json and text/event-stream (406)', () => {
  const cases: [string | undefined, number][] = [
    [undefined, 406],
    ['application/json', 406],
    ['text/event-stream', 406],
    ['text/html', 406],
    ['application/json, text/event-stream;q=0', 406],
    ['application/json, text/event-stream', 200],
    ['text/event-stream, application/json', 200],
    ['application/json;q=0.9, text/event-stream;q=0.5', 200],
    ['*/*', 200],
    ['application/*, text/*', 200],
  ];
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    for (const [accept, status] of cases) {
      it(`${era}: Accept ${accept ?? '(none)'} → ${status}`, async () => {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(era === '2026-07-28' ? MODERN_HEADERS : {}) };
        if (accept !== undefined) headers.Accept = accept;
        const res = await app().request('/api/mcp', { method: 'POST', headers, body: JSON.stringify(era === '2026-07-28' ? discover : INITIALIZE) });
        expect(res.status).toBe(status);
        const body = await res.json();
        if (status === 406) {
          expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
          expect(body.error.data.hint).toContain('application/json, text/event-stream');
        } else {
          expect(body.result).toBeDefined();
        }
      });
    }
  }

  it('RFC 9110 § 12.5.1: the most specific range decides, q=0 refuses', () => {
    expect(accepts('*/*;q=0.1, application/json;q=0', 'application/json')).toBe(false);
    expect(accepts('application/json;q=0, */*', 'application/json')).toBe(false);
    expect(accepts('text/*;q=0, text/event-stream', 'text/event-stream')).toBe(true);
    expect(accepts('APPLICATION/JSON', 'application/json')).toBe(true);
    expect(accepts('application/json;q=x', 'application/json')).toBe(false);
    expect(accepts('', 'application/json')).toBe(false);
  });
});

describe('portfolio errors on the MCP endpoint: JSON-RPC errors carrying the catalog ErrorObject in data', () => {
  it('docs/decisions.md § Errors: a non-JSON Content-Type → 415 unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/vnd.api+json']) {
      const res = await post(app(), INITIALIZE, { 'Content-Type': type });
      expect(res.status).toBe(415);
      const body = await res.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'unsupported_media_type', status: 415 } } });
      expect(body.error.data.hint).toContain('application/json');
    }
  });

  it('a missing Content-Type → 415; application/json with a charset → 200', async () => {
    const a = app();
    const none = await a.request('/api/mcp', { method: 'POST', headers: { Accept: JSON_HEADERS.Accept }, body: new Blob([JSON.stringify(INITIALIZE)]) });
    expect(none.status).toBe(415);
    const charset = await post(a, INITIALIZE, { 'Content-Type': 'application/json; charset=utf-8' });
    expect(charset.status).toBe(200);
  });

  it('JSON-RPC 2.0 § 5.1: a body that is not JSON → 400, code -32700 (parse error), data invalid_json', async () => {
    for (const body of ['{nope', '', '\u00ff']) {
      const res = await post(app(), body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ id: null, error: { code: -32700, data: { code: 'invalid_json' } } });
    }
  });

  it('docs/decisions.md § Limits: a body over 64 KiB → 413 payload_too_large, by Content-Length or by counting a chunked stream', async () => {
    const big = JSON.stringify({ ...INITIALIZE, pad: 'x'.repeat(64 * 1024) });
    const declared = await post(app(), big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { data: { code: 'payload_too_large' } } });

    const chunks = [new TextEncoder().encode(big.slice(0, 40_000)), new TextEncoder().encode(big.slice(40_000))];
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const chunked = await app().request('/api/mcp', { method: 'POST', headers: JSON_HEADERS, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('a body at the limit is read: just under 64 KiB answers normally', async () => {
    const padded = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, pad: '' } });
    const body = padded.replace('"pad":""', `"pad":"${'x'.repeat(64 * 1024 - padded.length)}"`);
    expect(new TextEncoder().encode(body).byteLength).toBe(64 * 1024);
    expect((await post(app(), body)).status).toBe(200);
  });

  it('JSON that is not a JSON-RPC message → 400 invalid request, never a 500', async () => {
    for (const body of ['{}', '[]', '"x"', '42', 'null', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}']) {
      const res = await post(app(), body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error.code, body).toBeLessThan(-32000);
    }
  });
});

describe('PF-MCP: 2025-era revisions — initialize handshake, no session id, any instance answers', () => {
  for (const version of HANDSHAKE_VERSIONS) {
    it(`initialize with ${version} negotiates ${version} and issues no Mcp-Session-Id`, async () => {
      const res = await post(app(), { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } });
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      expect(res.headers.get('content-type')).toContain('application/json');
      const { result } = await res.json();
      expect(result.protocolVersion).toBe(version);
      // extensions: MCP Apps (FO-MCP-APPS).
      expect(result.capabilities).toEqual({
        tools: { listChanged: false },
        resources: { listChanged: false, subscribe: false },
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      });
    });
  }

  it('a revision it does not speak (2024-11-05, HTTP+SSE era) gets the newest handshake revision instead', async () => {
    const res = await post(app(), { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-11-05' } });
    expect((await res.json()).result.protocolVersion).toBe('2025-11-25');
  });

  it('a request after initialize is answered by a fresh instance that never saw the handshake (stateless)', async () => {
    const res = await postLegacy(app(), 'tools/list');
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const names = (await res.json()).result.tools.map((t: { name: string }) => t.name);
    expect(names).toContain('ask');
  });

  it('an unknown Mcp-Protocol-Version header → 400', async () => {
    const res = await post(app(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'Mcp-Protocol-Version': '1999-01-01' });
    expect(res.status).toBe(400);
  });

  it('notifications are accepted with 202 and no body', async () => {
    const res = await post(app(), { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Protocol-Version': '2025-11-25' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  const pings = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' }));

  it('MCP 2025-03-26: a JSON-RPC batch (no MCP-Protocol-Version: 2025-03-26) gets an array of responses', async () => {
    const res = await post(app(), [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((r: { id: number }) => r.id).sort()).toEqual([1, 2]);
  });

  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])('MCP %s (batching removed in 2025-06-18): a batch → 400 Invalid Request (-32600)', async (revision) => {
    const res = await post(app(), pings(2), { 'Mcp-Protocol-Version': revision });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(body.error.message).toContain(revision);
  });

  it.each([0, 11, 100])('docs/decisions.md § Rate limits: a batch of %i messages → 400 Invalid Request (1 to 10)', async (n) => {
    const res = await post(app(), pings(n));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32600);
  });

  it('docs/decisions.md § Rate limits: each message of a batch counts against the portfolio quota', async () => {
    const limited = createApp({ rateLimits: { portfolio: { limit: 12, window: 60 } } });
    const first = await post(limited, pings(10));
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toBe('"portfolio";r=2;t=60');
    const refused = await post(limited, pings(3));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Nothing of the refused batch ran, and nothing of it was counted: the two requests left still fit.
    const next = await post(limited, pings(1)[0]);
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit')).toBe('"portfolio";r=1;t=60');
  });
});

describe('PF-MCP: 2026-07-28 — no handshake, server/discover, Mcp-Method and Mcp-Name headers', () => {
  it('server/discover lists 2026-07-28, the capabilities and the server identity, with no session id', async () => {
    const res = await post(app(), discover, MODERN_HEADERS);
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const { result } = await res.json();
    expect(result.supportedVersions).toEqual(['2026-07-28']);
    expect(result.capabilities.tools).toEqual({ listChanged: false });
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: serverName(siteData().site), version: SERVER_VERSION });
    // Content changes only on redeploy: results may be cached five minutes, by shared caches too.
    expect(result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
  });

  it('tools/call without any prior request works (no handshake)', async () => {
    const res = await postModern(app(), 'tools/call', { name: 'ask', arguments: { query: 'search' } });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.query).toBe('search');
  });

  it('Mcp-Method missing or different from the body → 400 header mismatch (-32020)', async () => {
    const missing = await post(app(), discover, { 'Mcp-Protocol-Version': '2026-07-28' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe(-32020);
    const wrong = await post(app(), discover, { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' });
    expect(wrong.status).toBe(400);
    // The documented McpTransportError shape holds for the SDK's own refusals too (openapi.json).
    mcpTransportError.parse(await wrong.json());
    const noEnvelope = await post(app(), { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }, MODERN_HEADERS);
    expect(noEnvelope.status).toBe(400);
    mcpTransportError.parse(await noEnvelope.json());
  });

  it('Mcp-Name missing or naming another tool → 400', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask', arguments: { query: 'x' }, _meta: MODERN_META } };
    const headers = { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call' };
    expect((await post(app(), call, headers)).status).toBe(400);
    expect((await post(app(), call, { ...headers, 'Mcp-Name': 'search_portfolio' })).status).toBe(400);
  });

  it('a modern revision it does not serve → 400 unsupported protocol version (-32022) naming 2026-07-28', async () => {
    const future = { ...discover, params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' } } };
    const res = await post(app(), future, { 'Mcp-Protocol-Version': '2027-01-01', 'Mcp-Method': 'server/discover' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'] } });
  });

  it('initialize is not a 2026-07-28 method', async () => {
    const res = await post(
      app(),
      { ...INITIALIZE, params: { ...INITIALIZE.params, _meta: MODERN_META } },
      { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'initialize' },
    );
    expect((await res.json()).error.code).toBe(-32601);
  });

  it('FO-MCP-CACHE-HINTS: initialize declaring 2026-07-28 (header or envelope), even without the 2025 params, is 404 Method not found', async () => {
    const bare = { jsonrpc: '2.0', id: 3, method: 'initialize', params: { _meta: MODERN_META } };
    for (const headers of [{ 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'initialize' }, {}] as Record<string, string>[]) {
      const res = await post(app(), bare, headers);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ id: 3, error: { code: -32601 } });
    }
    // A 2025 client's initialize is untouched.
    expect((await post(app(), INITIALIZE)).status).toBe(200);
  });

  it('subscriptions/listen is refused in-band: nothing changes between deploys and no stream is held open', async () => {
    const res = await postModern(app(), 'subscriptions/listen', { notifications: { toolsListChanged: true } }, 9);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ id: 9, error: { code: -32601 } });
  });
});

describe('PF-CORS: CORS for any origin, on answers and errors; PF-RATE-LIMIT: the portfolio rate limit', () => {
  it('docs/decisions.md § CORS: any Origin gets Access-Control-Allow-Origin: * on 200, 406, 415 and 400', async () => {
    const a = app();
    const origin = { Origin: 'https://agent.example.net' };
    const responses = [
      await post(a, INITIALIZE, origin),
      await post(a, INITIALIZE, { ...origin, Accept: 'application/json' }),
      await post(a, INITIALIZE, { ...origin, 'Content-Type': 'text/plain' }),
      await post(a, '{', origin),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 406, 415, 400]);
    for (const r of responses) {
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-expose-headers')).toContain('Mcp-Protocol-Version');
    }
  });

  it('a preflight from any origin is answered 204 and allows the MCP request headers', async () => {
    const res = await app().request('/api/mcp', {
      method: 'OPTIONS',
      headers: {
        Origin: 'null',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name']) expect(allowed).toContain(h);
  });

  it('PF-RATE-LIMIT: every answer carries the portfolio policy; over the quota → 429 rate_limited with Retry-After', async () => {
    const a = app();
    const { limit, window } = siteData().site.rateLimits.portfolio;
    const first = await post(a, INITIALIZE);
    expect(first.headers.get('ratelimit-policy')).toBe(`"portfolio";q=${limit};w=${window}`);
    for (let i = 1; i < limit; i++) await post(a, '{', {});
    const over = await post(a, INITIALIZE);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
    expect((await over.json()).error.code).toBe('rate_limited');
  });

  it('responses are never cached: Cache-Control no-store on POST answers', async () => {
    expect((await post(app(), INITIALIZE)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('FO-NO-500: nothing a client sends to /api/mcp produces a 5xx (docs/decisions.md § Error object)', () => {
  const methods = [
    'initialize',
    'ping',
    'tools/list',
    'tools/call',
    'resources/list',
    'resources/read',
    'resources/templates/list',
    'prompts/list',
    'server/discover',
    'logging/setLevel',
    'completion/complete',
    'nope',
  ];
  const toolNames = ['search_portfolio', 'list_projects', 'get_project', 'compare_projects', 'ask', 'x'];

  it('random JSON-RPC messages in both eras (fast-check)', async () => {
    const fc = await import('fast-check');
    const a = () => app();
    const message = fc.record({
      method: fc.constantFrom(...methods),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
      name: fc.constantFrom(...toolNames),
      args: fc.dictionary(fc.constantFrom('query', 'slug', 'slugs', 'limit', 'cursor', 'type', 'archive', 'category', 'uri'), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 4,
      }),
      cursor: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      uri: fc.string({ maxLength: 60 }),
      modern: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const params: Record<string, unknown> =
          m.method === 'tools/call'
            ? { name: m.name, arguments: m.args }
            : m.method === 'resources/read'
              ? { uri: m.uri }
              : m.cursor !== undefined
                ? { cursor: m.cursor }
                : {};
        const res = m.modern
          ? await postModern(a(), m.method, params, typeof m.id === 'number' ? m.id : 1)
          : await post(a(), { jsonrpc: '2.0', id: m.id, method: m.method, params }, { 'Mcp-Protocol-Version': '2025-11-25' });
        expect(res.status).toBeLessThan(500);
        await res.text();
      }),
      { numRuns: runs(150) },
    );
  });

  it('random bodies and headers (fast-check)', async () => {
    const fc = await import('fast-check');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom('2025-11-25', '2026-07-28', 'garbage', ''),
        fc.constantFrom('server/discover', 'tools/call', 'initialize', ''),
        async (body, version, method) => {
          const headers: Record<string, string> = { ...JSON_HEADERS };
          if (version) headers['Mcp-Protocol-Version'] = version;
          if (method) headers['Mcp-Method'] = method;
          const res = await app().request('/api/mcp', { method: 'POST', headers, body });
          expect(res.status).toBeLessThan(500);
          await res.text();
        },
      ),
      { numRuns: runs(150) },
    );
  });
});

describe('FO-MCP-PARAMS: malformed params of any request answered here are -32602 Invalid params with one short sentence', () => {
  const MALFORMED: [string, Record<string, unknown>, string][] = [
    ['resources/list', { cursor: 5 }, 'cursor must be a string, not a number'],
    ['resources/list', { cursor: { after: 'x' } }, 'cursor must be a string, not an object'],
    ['resources/templates/list', { cursor: [] }, 'cursor must be a string, not an array'],
    ['resources/read', {}, 'uri is required'],
    ['resources/read', { uri: 5 }, 'uri must be a string, not a number'],
    ['tools/list', { cursor: true }, 'cursor must be a string, not a boolean'],
    ['tools/call', { name: 5 }, 'name must be a string, not a number'],
    ['tools/call', { name: 'get_project', arguments: 'x' }, 'arguments must be an object, not a string'],
  ];
  const expectClean = async (res: Response, method: string, sentence: string) => {
    const body = await res.json();
    expect(body, method).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `Invalid params for ${method}: ${sentence}.` } });
  };

  it.each(MALFORMED)('2025 era: %s with %j → -32602 "%s"', async (method, params, sentence) => {
    await expectClean(await postLegacy(app(), method, params), method, sentence);
  });

  it.each(MALFORMED)('2026-07-28: %s with %j → -32602 "%s"', async (method, params, sentence) => {
    await expectClean(await postModern(app(), method, params), method, sentence);
  });

  it('initialize with a protocolVersion that is not a string → -32602, not -32603 with a zod dump', async () => {
    const res = await post(app(), { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: 5 } });
    await expectClean(res, 'initialize', 'protocolVersion must be a string, not a number');
  });

  it('in a 2025-03-26 batch, the malformed message gets its -32602 and the others their answers', async () => {
    const res = await post(app(), [
      { jsonrpc: '2.0', id: 1, method: 'resources/list', params: { cursor: 5 } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]);
    expect(res.status).toBe(200);
    const answers = new Map((await res.json()).map((r: { id: number }) => [r.id, r]));
    expect(answers.get(1)).toMatchObject({ error: { code: -32602, message: 'Invalid params for resources/list: cursor must be a string, not a number.' } });
    expect(answers.get(2)).toMatchObject({ result: { tools: expect.any(Array) } });
  });

  it('well-formed params still pass: a bad cursor string keeps its own -32602, a good one pages', async () => {
    const bad = await (await postLegacy(app(), 'resources/list', { cursor: 'bogus' })).json();
    expect(bad.error).toEqual({ code: -32602, message: 'Invalid cursor: send back nextCursor from resources/list unchanged.' });
    const first = await (await postLegacy(app(), 'resources/list')).json();
    expect(first.result.resources.length).toBeGreaterThan(0);
  });
});
