// FO-MCP-CACHE-HINTS: MCP 2026-07-28 § Caching — every cacheable result carries `ttlMs` and
// `cacheScope` at that revision and at no older one (the 2025 schemas have no such fields), and
// tools/list answers the tool table's order, the same at every revision, call and instance.
import { describe, expect, it } from 'vitest';
import { siteData } from '../../src/server/data.ts';
import { PROJECT_CARD_URI } from '../../src/server/mcp/apps.ts';
import { toolsFor } from '../../src/server/mcp/tools.ts';
import { app, MODERN_META, post, postLegacy, postModern } from '../support/mcp-helpers.ts';

const HINT = { ttlMs: 300_000, cacheScope: 'public' };

async function resultOf(res: Response) {
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.error, JSON.stringify(body.error)).toBeUndefined();
  return body.result as Record<string, unknown>;
}

/** A 2026-07-28 request; resources/read names its URI in Mcp-Name (2026-07-28 § Streamable HTTP: standard headers). */
function modern(method: string, params: Record<string, unknown> = {}) {
  if (method !== 'resources/read') return postModern(app(), method, params);
  return post(
    app(),
    { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: MODERN_META } },
    { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': method, 'Mcp-Name': String(params.uri) },
  );
}

/** The cacheable requests (MCP 2026-07-28 § Caching: Cacheable Results) Folio answers. */
async function cacheable(): Promise<[string, Record<string, unknown>][]> {
  const first = await resultOf(await postModern(app(), 'resources/list'));
  const resources = first.resources as { uri: string }[];
  const requests: [string, Record<string, unknown>][] = [
    ['tools/list', {}],
    ['resources/list', {}],
    ['resources/templates/list', {}],
    ['resources/read', { uri: resources[0]!.uri }],
    ['resources/read', { uri: PROJECT_CARD_URI }],
  ];
  if (typeof first.nextCursor === 'string') requests.push(['resources/list', { cursor: first.nextCursor }]);
  return requests;
}

describe('FO-MCP-CACHE-HINTS: ttlMs and cacheScope on list and read results', () => {
  it('2026-07-28: every cacheable result (tools/list, resources/list and its pages, templates, resources/read, server/discover) carries the hint', async () => {
    for (const [method, params] of await cacheable()) {
      expect(await resultOf(await modern(method, params)), `${method} ${JSON.stringify(params)}`).toMatchObject(HINT);
    }
    expect(await resultOf(await postModern(app(), 'server/discover'))).toMatchObject(HINT);
  });

  it('2025-11-25: the same results carry neither field (the older schemas do not define them)', async () => {
    for (const [method, params] of await cacheable()) {
      const result = await resultOf(await postLegacy(app(), method, params));
      expect(result, method).not.toHaveProperty('ttlMs');
      expect(result, method).not.toHaveProperty('cacheScope');
    }
  });

  it('prompts/list is not offered (no prompts capability), so it has no result to hint at either revision', async () => {
    for (const res of [await postModern(app(), 'prompts/list'), await postLegacy(app(), 'prompts/list')]) {
      expect((await res.json()).error.code).toBe(-32601);
    }
  });
});

describe('FO-MCP-CACHE-HINTS: a deterministic tool order', () => {
  it('tools/list is the tool table order, identical across calls, fresh instances and revisions', async () => {
    const expected = toolsFor(siteData()).map((t) => t.name);
    const lists = [
      await resultOf(await postModern(app(), 'tools/list')),
      await resultOf(await postModern(app(), 'tools/list')),
      await resultOf(await postLegacy(app(), 'tools/list')),
    ].map((r) => (r.tools as { name: string }[]).map((t) => t.name));
    for (const names of lists) expect(names).toEqual(expected);
  });
});
