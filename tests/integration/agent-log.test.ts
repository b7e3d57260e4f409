// FO-AGENT-LOG and FO-AGENTS-SUMMARY: a recorded week of traffic through the real app (app.request,
// an injected clock that spreads the requests over seven days), each request's log line collected;
// then the summary `npm run agents` prints for those lines, in a file shaped as npm start prints
// them and as Vercel exports them. No line may hold the client's address, its user agent as sent,
// or a query's text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { agentFamily, familyName, signatureAgentHost } from '../../src/server/agent-family.ts';
import { safeName, surfaceOf, type RequestLogLine } from '../../src/server/middleware/request-log.ts';
import { requestLines, summarize, weekOf } from '../../scripts/lib/agents-summary.ts';
import { roomy } from '../support/portfolio-helpers.ts';

const ADDRESS = '203.0.113.77';
const UA = {
  gpt: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  claude: 'Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)',
  perplexity: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 FolioTester/9',
  curl: 'curl/8.11.1',
  script: 'my-own-script/0.1 (owner@example.com)',
};
const QUERIES = ['distributed tile cache secret phrase', 'who built quarry zebra-unique', 'tidewater lighthouse mango'];

const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const HOUR = 3_600_000;

/** A week of requests: [hour of the week, user agent, path, init]. The hours reach into the next week, so two weeks are summed. */
function week(): [number, string, string, RequestInit?][] {
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const rpc = (body: object, extra: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { ...json, ...extra },
    body: JSON.stringify(body),
  });
  const init = (name: string) =>
    rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name, version: '1' } } });
  const call = (name: string, args: object, client = 'claude-code') =>
    rpc(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          // 2026-07-28: every request carries its envelope, the client's name with it.
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: client, version: '2' },
          },
        },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
    );
  return [
    [1, UA.gpt, `/api/v1/search?q=${encodeURIComponent(QUERIES[0]!)}`],
    [5, UA.gpt, '/api/v1/projects'],
    [9, UA.gpt, '/api/v1/projects/quarry'],
    [13, UA.gpt, '/api/v1/nope'],
    [20, UA.claude, '/api/mcp', init('claude-code')],
    [21, UA.claude, '/api/mcp', call('search_portfolio', { query: QUERIES[1] })],
    [22, UA.claude, '/api/mcp', call('get_project', { slug: 'quarry' })],
    [23, UA.claude, '/api/mcp', call('search_portfolio', { query: QUERIES[2] })],
    [30, UA.perplexity, `/ask?query=${encodeURIComponent(QUERIES[2]!)}`],
    [40, UA.perplexity, '/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERIES[0] }) }],
    [50, UA.browser, `/search?q=${encodeURIComponent(QUERIES[1]!)}`],
    [60, UA.curl, '/.well-known/oauth-protected-resource/api/v1'],
    [61, UA.curl, '/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"client_name":"x"' }],
    [70, UA.script, '/api/v1/projects/no-such-project'],
    [80, '', '/api/mcp/server-card'],
    [90, UA.gpt, '/api/v1/posts', { headers: { 'signature-agent': '"https://chatgpt.com"', signature: 'sig1=:AAAA:', 'signature-input': 'sig1=()' } }],
    [100, UA.claude, '/api/mcp', call('ask', { query: QUERIES[0] }, 'Claude Desktop')],
    [120, UA.gpt, '/api/v1/compare?slugs=quarry'],
    [160, UA.gpt, '/api/v1/projects'],
    // The next week (Monday 2026-11-23).
    [168 + 5, UA.claude, '/api/mcp', call('list_projects', { limit: 2 })],
  ];
}

/** Runs the week through the app with the clock at each request's hour; returns the lines the log wrote. */
async function recordWeek(): Promise<string[]> {
  const lines: string[] = [];
  let now = MONDAY;
  const app = createApp({ ...roomy, now: () => now, log: (line) => lines.push(line) });
  for (const [hour, ua, path, init = {}] of week()) {
    now = MONDAY + hour * HOUR;
    const headers = new Headers(init.headers);
    if (ua) headers.set('user-agent', ua);
    headers.set('x-forwarded-for', ADDRESS);
    headers.set('x-real-ip', ADDRESS);
    const res = await app.request(`http://127.0.0.1:4321${path}`, { ...init, headers });
    await res.text();
  }
  return lines;
}

const recorded = recordWeek();
const dir = mkdtempSync(join(tmpdir(), 'folio-agents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FO-AGENT-LOG: one structured line per request the function answers', () => {
  it('one JSON line per request, with surface, operation, tool, agent family, MCP client, status, ms and time', async () => {
    const lines = await recorded;
    expect(lines).toHaveLength(week().length);
    const parsed = lines.map((l) => JSON.parse(l) as RequestLogLine);
    expect(parsed[0]).toMatchObject({
      event: 'folio.request',
      time: '2026-11-16T01:00:00.000Z',
      surface: 'api',
      operation: 'searchPortfolio',
      method: 'GET',
      agent: 'GPTBot',
      agentKind: 'ai',
      query: true,
      status: 200,
    });
    expect(parsed[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(parsed[3]).toMatchObject({ surface: 'api', operation: 'route_not_found', status: 404, query: false });
    expect(parsed[4]).toMatchObject({
      surface: 'mcp',
      operation: 'mcp',
      mcpMethod: 'initialize',
      mcpClient: 'claude-code',
      agent: 'Claude-User',
      query: false,
    });
    expect(parsed[5]).toMatchObject({ surface: 'mcp', mcpMethod: 'tools/call', tool: 'search_portfolio', mcpClient: 'claude-code', query: true, status: 200 });
    expect(parsed[8]).toMatchObject({ surface: 'ask', operation: 'askGet', agent: 'Perplexity-User', query: true });
    expect(parsed[9]).toMatchObject({ surface: 'ask', operation: 'askPost', query: true });
    expect(parsed[10]).toMatchObject({ surface: 'search', operation: 'searchPage', agent: 'browser', agentKind: 'browser', query: true });
    expect(parsed[11]).toMatchObject({ surface: 'oauth', operation: 'getCatalogResourceMetadata', agent: 'curl', agentKind: 'bot' });
    expect(parsed[12]).toMatchObject({ surface: 'oauth', operation: 'registerClient', status: 400 });
    expect(parsed[13]).toMatchObject({ agent: 'unknown', agentKind: 'unknown', status: 404 });
    expect(parsed[14]).toMatchObject({ surface: 'mcp', operation: 'mcpServerCard', agent: 'unknown' });
    // A signed request (web-bot-auth) is named by the operator its Signature-Agent names: a claim (FO-AGENT-CLAIM).
    expect(parsed[15]).toMatchObject({ agent: 'chatgpt.com', agentKind: 'claimed' });
    expect(parsed[16]).toMatchObject({ tool: 'ask', mcpClient: 'Claude Desktop', query: true });
  });

  it('no line holds the address, a user agent as sent, a query or a path parameter', async () => {
    const text = (await recorded).join('\n');
    expect(text).not.toContain(ADDRESS);
    for (const ua of Object.values(UA)) expect(text).not.toContain(ua);
    // Not even the distinctive parts of a user agent: its version strings, the owner's address.
    for (const part of ['GPTBot/1.2', 'claude-code/2.1.86', 'Chrome/131', 'FolioTester', 'owner@example.com', 'my-own-script'])
      expect(text).not.toContain(part);
    for (const q of QUERIES) for (const word of q.split(' ')) expect(text).not.toContain(word);
    expect(text).not.toContain('no-such-project');
    expect(text).not.toContain('?');
  });

  it('agent families from crawler-user-agents, the signing operator, or browser/unknown', () => {
    expect(agentFamily(UA.gpt)).toEqual({ family: 'GPTBot', kind: 'ai' });
    expect(agentFamily('Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)')).toEqual({ family: 'ClaudeBot', kind: 'ai' });
    expect(agentFamily('Googlebot/2.1 (+http://www.google.com/bot.html)')).toEqual({ family: 'Googlebot', kind: 'bot' });
    expect(agentFamily(UA.browser)).toEqual({ family: 'browser', kind: 'browser' });
    expect(agentFamily(undefined)).toEqual({ family: 'unknown', kind: 'unknown' });
    const signed = { signature: 'sig2=:AAAA:', signatureInput: 'sig2=("@authority" "signature-agent")' };
    expect(agentFamily(UA.script, { ...signed, signatureAgent: 'sig2=("https://agent.example"), sig1="https://bot.example.net/x"' })).toEqual({
      family: 'agent.example',
      kind: 'claimed',
    });
    expect(signatureAgentHost('"http://plain.example"')).toBeUndefined();
    expect(familyName('PerplexityBot\\/')).toBe('PerplexityBot');
    expect(familyName('[cC]laude[bB]ot')).toBe('ClaudeBot');
  });

  it('client-chosen names are cut to a safe alphabet; surfaces by path', () => {
    expect(safeName('Claude Desktop')).toBe('Claude Desktop');
    expect(safeName('<script>alert(1)</script>')).toBe('other');
    expect(safeName('x'.repeat(100))).toHaveLength(64);
    expect(
      ['/api/mcp', '/API/V1/x', '/ask', '/oauth/token', '/.well-known/oauth-protected-resource/api', '/agent/claim', '/search.md', '/x'].map(surfaceOf),
    ).toEqual(['mcp', 'api', 'ask', 'oauth', 'oauth', 'agent', 'search', 'other']);
  });
});

const SUMMARY = `Week 2026-11-16 to 2026-11-22 (UTC): 19 requests answered by the function
  AI agents:   GPTBot 6, Claude-User 5, Perplexity-User 2
  Signed:      chatgpt.com 1 (claimed, not verified: the signatures are not checked)
  All clients: GPTBot (ai) 6, Claude-User (ai) 5, Perplexity-User (ai) 2, curl 2, unknown 2, browser 1, chatgpt.com (claimed) 1
  Surfaces:    api 8, mcp 6, ask 2, oauth 2, search 1
  Top tools:   search_portfolio 2, ask 1, get_project 1
  Top operations: getProject 2, listProjects 2, askGet 1, askPost 1, compareProjects 1, and 7 more
  MCP clients: claude-code 4, Claude Desktop 1
  Queries:     7 (searches and questions; their text is never logged)
  Errors:      4 (api compareProjects 400 1, api getProject 404 1, api route_not_found 404 1, oauth registerClient 400 1); server errors (5xx): 0

Week 2026-11-23 to 2026-11-29 (UTC): 1 request answered by the function
  AI agents:   Claude-User 1
  Signed:      none
  All clients: Claude-User (ai) 1
  Surfaces:    mcp 1
  Top tools:   list_projects 1
  Top operations: none
  MCP clients: claude-code 1
  Queries:     0 (searches and questions; their text is never logged)
  Errors:      0; server errors (5xx): 0
`;

describe('FO-AGENTS-SUMMARY: `npm run agents` sums a recorded week', () => {
  it('weeks start on Monday, UTC', () => {
    expect(weekOf('2026-11-16T00:00:00.000Z')).toBe('2026-11-16');
    expect(weekOf('2026-11-22T23:59:59.000Z')).toBe('2026-11-16');
    expect(weekOf('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
  });

  it('the summary of the week as npm start prints it (the lines among other output) and as Vercel exports it (JSON lines, or an array, with the line in `message`)', async () => {
    const lines = await recorded;
    const started = ['', 'Folio on http://127.0.0.1:4321', '', ...lines, 'SIGTERM: stopping'].join('\n');
    const vercelLines = lines
      .map((l, i) => JSON.stringify({ id: `log${i}`, timestampInMs: MONDAY + i, level: 'info', source: 'lambda', message: l }))
      .join('\n');
    const vercelArray = JSON.stringify(lines.map((l) => ({ message: `${l}\n`, requestPath: '/api' })));
    for (const [name, text] of Object.entries({ 'start.log': started, 'vercel.jsonl': vercelLines, 'vercel.json': vercelArray })) {
      expect(summarize(requestLines(text)), name).toBe(SUMMARY);
      const file = join(dir, name);
      writeFileSync(file, text);
      expect(execFileSync(process.execPath, ['scripts/agents.ts', file], { encoding: 'utf8' }), name).toBe(SUMMARY);
    }
  });

  it('a file with no request lines says so and exits 1', () => {
    const file = join(dir, 'empty.log');
    writeFileSync(file, 'Folio on http://127.0.0.1:4321\n');
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['scripts/agents.ts', file], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(1);
    expect(stderr).toMatch(/no Folio request lines/);
  });
});
