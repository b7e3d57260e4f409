// GET /api/mcp/server-card (PF-SERVER-CARD; experimental-ext-server-card, SEP-2127): the fields and
// their schema constraints, the media type, CORS for any origin, caching with ETag and 304, and
// consistency with what a connected client observes (the extension's discovery.md § Consistency with Runtime
// Behavior: the card SHOULD NOT contradict serverInfo or the revisions actually served).
import { describe, expect, it } from 'vitest';
import { siteData } from '../../src/server/data.ts';
import { serverName, SERVER_DESCRIPTION } from '../../src/server/mcp/identity.ts';
import { SERVER_CARD_SCHEMA, serverCard } from '../../src/server/mcp/server-card.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../src/http/media-types.ts';
import { app, INITIALIZE, MODERN_META, post, siteUrl } from '../support/mcp-helpers.ts';

const getCard = (headers: Record<string, string> = {}) => app().request('/api/mcp/server-card', { headers });

describe('PF-SERVER-CARD: the server card', () => {
  it('is served as application/mcp-server-card+json with every field the extension defines for a remote server', async () => {
    const res = await getCard({ Accept: SERVER_CARD_MEDIA_TYPE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(SERVER_CARD_MEDIA_TYPE);
    const card = await res.json();
    expect(serverCard.parse(card)).toEqual(card);
    // _meta is the card's extension point: the size controls and the MCP Apps card (FO-MCP-SIZE, FO-MCP-APPS).
    expect(Object.keys(card).sort()).toEqual(['$schema', '_meta', 'description', 'name', 'remotes', 'title', 'version', 'websiteUrl']);
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(card.$schema).toBe(SERVER_CARD_SCHEMA);
    expect(card.websiteUrl).toBe(`${siteUrl()}/`);
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: `${siteUrl()}/api/mcp`, supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] },
    ]);
  });

  it('server-card schema: name is reverse-DNS namespace/name; description 1–100 characters; title at most 100', async () => {
    const card = await (await getCard()).json();
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.name.length).toBeGreaterThanOrEqual(3);
    expect(card.name.length).toBeLessThanOrEqual(200);
    expect(card.name).toBe(`${new URL(siteData().site.url).hostname.split('.').reverse().join('.')}/portfolio`);
    expect(card.description).toBe(SERVER_DESCRIPTION);
    expect(card.description.length).toBeGreaterThanOrEqual(1);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card.title.length).toBeLessThanOrEqual(100);
    expect(card.title).toContain(siteData().site.name);
    expect(card.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('the reverse-DNS name holds for every kind of site host', () => {
    expect(serverName({ url: 'https://folio.example.com' })).toBe('com.example.folio/portfolio');
    expect(serverName({ url: 'https://example.org/' })).toBe('org.example/portfolio');
    expect(serverName({ url: 'http://127.0.0.1:4321' })).toBe('1.0.0.127/portfolio');
    expect(serverName({ url: 'http://localhost:3000' })).toBe('localhost/portfolio');
    for (const url of ['http://[::1]:8080', 'https://xn--bcher-kva.example', 'https://a-b.c-d.example']) {
      expect(serverName({ url })).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    }
  });

  it('PF-CORS, docs/decisions.md § CORS: any origin may read it, preflight included, and errors carry the header too', async () => {
    const res = await getCard({ Origin: 'https://agent.example.net' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    const preflight = await app().request('/api/mcp/server-card', {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example.net', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('if-none-match');
    const wrong = await app().request('/api/mcp/server-card', { method: 'POST', headers: { Origin: 'https://agent.example.net' } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect(wrong.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('PF-CACHE, docs/decisions.md § Caching: Cache-Control public, an ETag, and 304 for If-None-Match; the portfolio rate-limit headers', async () => {
    const a = app();
    const first = await a.request('/api/mcp/server-card');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"portfolio";q=\d+;w=\d+$/);
    const again = await a.request('/api/mcp/server-card', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    const stale = await a.request('/api/mcp/server-card', { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });
});

describe('server-card extension § Consistency with Runtime Behavior', () => {
  it('every revision the card lists is one the endpoint negotiates', async () => {
    const card = await (await getCard()).json();
    for (const version of card.remotes[0].supportedProtocolVersions as string[]) {
      if (version >= '2026-07-28') {
        const res = await post(
          app(),
          { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': version } } },
          { 'Mcp-Protocol-Version': version, 'Mcp-Method': 'server/discover' },
        );
        expect((await res.json()).result.supportedVersions, version).toContain(version);
      } else {
        const res = await post(app(), { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } });
        expect((await res.json()).result.protocolVersion, version).toBe(version);
      }
    }
  });

  it('serverInfo on initialize and on server/discover equals the card’s name, title, version, description and websiteUrl', async () => {
    const card = await (await getCard()).json();
    const expected = { name: card.name, title: card.title, version: card.version, description: card.description, websiteUrl: card.websiteUrl };
    const legacy = await (await post(app(), INITIALIZE)).json();
    expect(legacy.result.serverInfo).toEqual(expected);
    const modern = await (
      await post(
        app(),
        { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: MODERN_META } },
        { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' },
      )
    ).json();
    expect(modern.result._meta['io.modelcontextprotocol/serverInfo']).toEqual(expected);
  });

  it('the remote URL is the endpoint: its path answers MCP', async () => {
    const card = await (await getCard()).json();
    const res = await app().request(new URL(card.remotes[0].url).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE),
    });
    expect(res.status).toBe(200);
  });
});
