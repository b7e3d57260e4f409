// The MCP server over real HTTP against `npm start`, with the official MCP client
// (@modelcontextprotocol/client) in each protocol revision: read the server card, connect to the
// endpoint it names, list and call every tool with good and bad arguments, list and read the
// resources. Then the transport refusals a client can run into. About 40 requests in all.
import { test, expect } from '@playwright/test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { TOOLS } from '../../src/server/mcp/tools.ts';

/**
 * Every tool of the table (the sample site has posts and a résumé, so it is served them all: FO-POSTS,
 * FO-RESUME) is called with its declared example; these are the bad calls, with their catalog code.
 */
const BAD: Record<string, { args: Record<string, unknown>; code: string }> = {
  search_portfolio: { args: { query: '' }, code: 'invalid_query' },
  list_projects: { args: { cursor: 'forged' }, code: 'invalid_cursor' },
  get_project: { args: { slug: 'no-such-project' }, code: 'not_found' },
  compare_projects: { args: { slugs: ['quarry'] }, code: 'invalid_compare' },
  list_posts: { args: { limit: 0 }, code: 'invalid_filter' },
  get_post: { args: { slug: 'no-such-post' }, code: 'not_found' },
  ask: { args: { query: 'x'.repeat(501) }, code: 'invalid_query' },
};

const ERAS = {
  '2025-11-25': {},
  '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } },
} as const;

for (const [era, options] of Object.entries(ERAS)) {
  test(`PF-SERVER-CARD, PF-MCP, PF-TOOLS, FO-NO-500: the official MCP client at ${era}: card → connect → every tool, good and bad → resources`, async ({
    request,
  }) => {
    const cardResponse = await request.get('/api/mcp/server-card');
    expect(cardResponse.status()).toBe(200);
    expect(cardResponse.headers()['content-type']).toBe('application/mcp-server-card+json');
    const card = await cardResponse.json();
    const remote = card.remotes[0];
    expect(remote.supportedProtocolVersions).toContain(era);

    const sessionIds: (string | null)[] = [];
    const fetchAndWatch = async (url: string | URL, init?: RequestInit) => {
      const res = await fetch(url, init);
      sessionIds.push(res.headers.get('mcp-session-id'));
      return res;
    };
    const client = new Client({ name: 'folio-e2e', version: '1.0.0' }, options);
    await client.connect(new StreamableHTTPClientTransport(new URL(remote.url), { fetch: fetchAndWatch }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(era);
      expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version });

      const { tools } = await client.listTools();
      // The card names the tools served (FO-ONE-LIST), and the sample site is served every tool of the table.
      const listed = tools.map((t) => t.name).sort();
      expect(listed).toEqual([...card._meta['folio/tools']].sort());
      expect(listed).toEqual(TOOLS.map((t) => t.name).sort());
      expect(tools.every((t) => t.annotations?.readOnlyHint === true && t.outputSchema !== undefined)).toBe(true);

      for (const tool of TOOLS) {
        const ok = await client.callTool({ name: tool.name, arguments: tool.example });
        expect(ok.isError, tool.name).toBeFalsy();
        expect(ok.structuredContent, tool.name).toBeDefined();
        expect((ok.content as { type: string; text: string }[])[0]!.text.length, tool.name).toBeGreaterThan(20);

        const call = BAD[tool.name];
        if (!call) continue;
        const bad = await client.callTool({ name: tool.name, arguments: call.args });
        expect(bad.isError, tool.name).toBe(true);
        const text = (bad.content as { text: string }[])[0]!.text;
        expect(text, tool.name).toMatch(new RegExp(`^${call.code}: .+ Hint: .+`));
        expect((bad._meta as Record<string, { code: string }>)['folio/error']!.code).toBe(call.code);
      }
      const structured = (await client.callTool({ name: 'get_project', arguments: { slug: 'quarry' } })).structuredContent as { twinUrl: string };

      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThan(20);
      expect(resources.map((r) => r.uri)).toContain(structured.twinUrl);
      const { contents } = await client.readResource({ uri: structured.twinUrl });
      expect(contents[0]).toMatchObject({ uri: structured.twinUrl, mimeType: 'text/markdown' });
      // The twin as its route serves it: front matter, then the Markdown (FO-TWIN-FRONT-MATTER).
      expect((contents[0] as { text: string }).text).toMatch(/^---\ntitle: "Quarry[^\n]*\n[\s\S]*?\n---\n\n# Quarry/);
      await expect(client.readResource({ uri: structured.twinUrl.replace('quarry', 'no-such-project') })).rejects.toThrow(/not found/i);

      // Stateless: no answer carried a session id.
      expect(sessionIds.length).toBeGreaterThan(10);
      expect(sessionIds.every((id) => id === null)).toBe(true);
    } finally {
      await client.close();
    }
  });
}

test('PF-MCP, PF-CORS: MCP transport refusals over HTTP: GET and DELETE 405, wrong Accept 406, non-JSON 415, bad JSON 400', async ({ request }) => {
  const get = await request.get('/api/mcp', { headers: { Accept: 'text/event-stream' } });
  expect(get.status()).toBe(405);
  expect(get.headers().allow).toContain('POST');
  expect(get.headers()['access-control-allow-origin']).toBe('*');
  const del = await request.delete('/api/mcp');
  expect(del.status()).toBe(405);

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const wrongAccept = await request.post('/api/mcp', {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    data: Buffer.from(JSON.stringify(initialize)),
  });
  expect(wrongAccept.status()).toBe(406);
  expect((await wrongAccept.json()).error.code).toBe(-32000);

  const notJson = await request.post('/api/mcp', {
    headers: { 'Content-Type': 'text/plain', Accept: 'application/json, text/event-stream' },
    data: Buffer.from(JSON.stringify(initialize)),
  });
  expect(notJson.status()).toBe(415);
  expect((await notJson.json()).error.data.code).toBe('unsupported_media_type');

  const badJson = await request.post('/api/mcp', {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    data: Buffer.from('{"jsonrpc":'),
  });
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error).toMatchObject({ code: -32700, data: { code: 'invalid_json' } });
});

test('PF-SERVER-CARD, PF-CORS, PF-CACHE: the server card over HTTP: any origin, ETag and 304', async ({ request }) => {
  const first = await request.get('/api/mcp/server-card', { headers: { Origin: 'https://agent.example.net' } });
  expect(first.headers()['access-control-allow-origin']).toBe('*');
  expect(first.headers()['cache-control']).toBe('public, max-age=300');
  const etag = first.headers().etag!;
  const again = await request.get('/api/mcp/server-card', { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});
