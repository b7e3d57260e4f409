// FO-MCP-SIZE: get_project, search_portfolio, list_projects (and get_post, list_posts) take an
// optional `detail` ("summary" | "full") and `fields`, through the official MCP client in both
// protocol eras. Without them the answer is REST's; each size is checked against REST's records,
// and bad values are tool errors with the API's codes, never protocol errors or 500s.
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { ERROR_META_KEY } from '../../src/server/mcp/tool-kit.ts';
import { buildServerCard, CARD_META_SIZING } from '../../src/server/mcp/server-card.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import { siteData } from '../../src/server/data.ts';
import { app, connect, ERAS, type Era, postLegacy } from '../support/mcp-helpers.ts';

const SIZED = ['search_portfolio', 'list_projects', 'get_project', 'list_posts', 'get_post'];

async function rest(path: string) {
  const res = await app().request(path);
  expect(res.status, path).toBe(200);
  return res.json();
}

type Rec = Record<string, unknown>;
const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]!.text;
const errorCode = (result: { _meta?: Rec }) => (result._meta?.[ERROR_META_KEY] as { code: string } | undefined)?.code;

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`FO-MCP-SIZE: sized answers, protocol ${era}`, () => {
    let client: Client | undefined;
    afterEach(async () => {
      await client?.close();
      client = undefined;
    });
    const open = async () => {
      client = (await connect(app(), era)).client;
      // Listing first makes the client validate every structuredContent against the output schema.
      await client.listTools();
      return client;
    };

    it('FO-MCP-SIZE: the sized tools publish detail and fields in their input schemas, with the choices and the default', async () => {
      const { tools } = await (await open()).listTools();
      for (const name of SIZED) {
        const props = tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Rec>;
        expect(props.detail, name).toMatchObject({ type: 'string', enum: ['summary', 'full'] });
        expect(String(props.detail!.description), name).toMatch(/Default "(summary|full)"/);
        expect(props.fields, name).toMatchObject({ type: 'array', minItems: 1 });
        expect((props.fields!.items as { enum: string[] }).enum, name).toContain('title');
      }
      const fieldsOf = (name: string) =>
        ((tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Rec>).fields!.items as { enum: string[] }).enum;
      expect(fieldsOf('get_project')).toEqual(expect.arrayContaining(['body', 'related', 'stack']));
      expect(fieldsOf('search_portfolio')).toEqual(expect.arrayContaining(['score', 'match', 'date', 'readingMinutes']));
      // compare, ask and the résumé keep their one size.
      for (const name of ['compare_projects', 'ask', 'get_resume']) {
        expect(Object.keys(tools.find((t) => t.name === name)!.inputSchema.properties ?? {}), name).not.toContain('detail');
      }
    });

    it('FO-MCP-SIZE: get_project summary is the list entry (no body, no related), full and the default are REST’s record', async () => {
      const c = await open();
      const record = await rest('/api/v1/projects/quarry');
      const entry = (await rest('/api/v1/projects?archive=1&limit=20')).projects.find((p: Rec) => p.slug === 'quarry');
      const summary = await c.callTool({ name: 'get_project', arguments: { slug: 'quarry', detail: 'summary' } });
      expect(summary.isError).toBeFalsy();
      expect(summary.structuredContent).toEqual(entry);
      expect(summary.structuredContent).not.toHaveProperty('body');
      expect(text(summary)).toContain(record.title);
      expect(text(summary)).not.toContain(record.body.trim().slice(0, 80));
      expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(record).length);
      for (const args of [{ slug: 'quarry' }, { slug: 'quarry', detail: 'full' }]) {
        const full = await c.callTool({ name: 'get_project', arguments: args });
        expect(full.structuredContent).toEqual(record);
        expect(text(full)).toContain(record.body.trim().slice(0, 80));
      }
    });

    it('FO-MCP-SIZE: fields keeps only the named fields and the slug, in structuredContent and in the text', async () => {
      const c = await open();
      const record = await rest('/api/v1/projects/quarry');
      const picked = await c.callTool({ name: 'get_project', arguments: { slug: 'quarry', fields: ['url', 'title'] } });
      expect(picked.structuredContent).toEqual({ slug: 'quarry', title: record.title, url: record.url });
      expect(Object.keys(picked.structuredContent!)).toEqual(['slug', 'title', 'url']);
      expect(text(picked)).toContain(record.url);
      expect(text(picked)).not.toContain(record.summary);
      // fields wins over detail: a field only "full" has is there even with detail "summary".
      const body = await c.callTool({ name: 'get_project', arguments: { slug: 'quarry', detail: 'summary', fields: ['body'] } });
      expect(body.structuredContent).toEqual({ slug: 'quarry', body: record.body });
    });

    it('FO-MCP-SIZE: search_portfolio full adds each record’s dates, cover, category, stack or reading time; summary is REST’s hit', async () => {
      const c = await open();
      const restHits = await rest('/api/v1/search?q=search&limit=20');
      const summary = await c.callTool({ name: 'search_portfolio', arguments: { query: 'search', limit: 20, detail: 'summary' } });
      expect(summary.structuredContent).toEqual(restHits);
      const full = (await c.callTool({ name: 'search_portfolio', arguments: { query: 'search', limit: 20, detail: 'full' } })).structuredContent as {
        hits: Rec[];
      };
      expect(full.hits.map((h) => h.slug)).toEqual(restHits.hits.map((h: Rec) => h.slug));
      const kinds = new Set(full.hits.map((h) => h.kind));
      expect(kinds.has('project')).toBe(true);
      for (const [i, hit] of full.hits.entries()) {
        expect(hit).toMatchObject(restHits.hits[i]);
        if (hit.kind === 'project') {
          const p = await rest(`/api/v1/projects/${hit.slug}`);
          expect(hit).toMatchObject({ date: p.date, updated: p.updated, image: p.image, categoryLabel: p.categoryLabel, stack: p.stack, archived: p.archived });
        } else if (hit.kind === 'post') {
          const p = await rest(`/api/v1/posts/${hit.slug}`);
          expect(hit).toMatchObject({ date: p.date, readingMinutes: p.readingMinutes, image: p.image });
        } else expect(hit).toMatchObject({ date: null, updated: null, image: null });
      }
      const picked = (await c.callTool({ name: 'search_portfolio', arguments: { query: 'search', fields: ['title'] } })).structuredContent as { hits: Rec[] };
      expect(picked.hits.length).toBeGreaterThan(0);
      for (const hit of picked.hits) expect(Object.keys(hit)).toEqual(['slug', 'kind', 'title']);
    });

    it('FO-MCP-SIZE: list_projects full gives each project as get_project does, with REST’s paging; fields cuts each entry', async () => {
      const c = await open();
      const page = await rest('/api/v1/projects?limit=3');
      const full = (await c.callTool({ name: 'list_projects', arguments: { limit: 3, detail: 'full' } })).structuredContent as Rec & { projects: Rec[] };
      expect(full.total).toBe(page.total);
      expect(full.nextCursor).toBe(page.nextCursor);
      for (const [i, p] of full.projects.entries()) expect(p).toEqual(await rest(`/api/v1/projects/${page.projects[i].slug}`));
      // The cursor of a full page pages on, sized or not.
      const next = await c.callTool({ name: 'list_projects', arguments: { limit: 3, cursor: full.nextCursor, fields: ['date'] } });
      const restNext = await rest(`/api/v1/projects?limit=3&cursor=${encodeURIComponent(String(page.nextCursor))}`);
      expect((next.structuredContent as { projects: Rec[] }).projects).toEqual(restNext.projects.map((p: Rec) => ({ slug: p.slug, date: p.date })));
      expect(text(next)).toContain(restNext.nextCursor ?? 'last page');
      const summary = await c.callTool({ name: 'list_projects', arguments: { limit: 3, detail: 'summary' } });
      expect(summary.structuredContent).toEqual(page);
    });

    it('FO-MCP-SIZE, FO-POSTS: list_posts and get_post size the same way', async () => {
      const c = await open();
      const posts = await rest('/api/v1/posts?limit=2');
      const slug = posts.posts[0].slug as string;
      const post = await rest(`/api/v1/posts/${slug}`);
      expect((await c.callTool({ name: 'get_post', arguments: { slug, detail: 'summary' } })).structuredContent).toEqual(posts.posts[0]);
      expect((await c.callTool({ name: 'get_post', arguments: { slug, fields: ['readingMinutes'] } })).structuredContent).toEqual({
        slug,
        readingMinutes: post.readingMinutes,
      });
      const full = (await c.callTool({ name: 'list_posts', arguments: { limit: 2, detail: 'full' } })).structuredContent as { posts: Rec[] };
      expect(full.posts[0]).toEqual(post);
    });

    it('FO-MCP-SIZE, PF-ERROR-SHAPE: a bad detail or fields is a tool error with invalid_filter, on every sized tool', async () => {
      const c = await open();
      const base: Record<string, Rec> = {
        search_portfolio: { query: 'search' },
        list_projects: {},
        get_project: { slug: 'quarry' },
        list_posts: {},
        get_post: { slug: siteData().posts[0]!.slug },
      };
      const bad: Rec[] = [
        { detail: 'huge' },
        { detail: 1 },
        { fields: [] },
        { fields: ['nope'] },
        { fields: 'title' },
        { fields: ['title', 'title'] },
        { fields: [{}] },
      ];
      for (const name of SIZED) {
        for (const args of bad) {
          const result = await c.callTool({ name, arguments: { ...base[name], ...args } });
          const label = `${name} ${JSON.stringify(args)}`;
          expect(result.isError, label).toBe(true);
          expect(errorCode(result), label).toBe('invalid_filter');
          expect(text(result), label).toMatch(/^invalid_filter: (detail|fields)/);
        }
      }
      // The slug is still checked first: a bad slug is invalid_slug whatever the size asked.
      const slug = await c.callTool({ name: 'get_project', arguments: { slug: 'Bad!', detail: 'huge' } });
      expect(errorCode(slug)).toBe('invalid_slug');
    });
  });
}

describe('FO-MCP-SIZE: documented where a client looks', () => {
  it('FO-MCP-SIZE, FO-NO-500: hostile sizing values over raw JSON-RPC are tool errors, never a 500 or a protocol error', async () => {
    const hostile: unknown[] = [null, {}, ['body', null], Array.from({ length: 5000 }, () => 'title'), 'x'.repeat(10_000), [['title']], true];
    for (const value of hostile) {
      for (const key of ['detail', 'fields']) {
        const res = await postLegacy(app(), 'tools/call', { name: 'get_project', arguments: { slug: 'quarry', [key]: value } });
        expect(res.status, `${key} ${JSON.stringify(value).slice(0, 30)}`).toBe(200);
        const body = await res.json();
        expect(body.error, key).toBeUndefined();
        expect(body.result.isError, `${key} ${JSON.stringify(value).slice(0, 30)}`).toBe(true);
      }
    }
  });

  it('FO-MCP-SIZE: the server card names the sized tools, each of which exists and takes detail and fields', () => {
    const sizing = buildServerCard(siteData().site, siteData())._meta![CARD_META_SIZING];
    expect([...sizing.tools, ...sizing.toolsWithPosts].sort()).toEqual([...SIZED].sort());
    expect(sizing.detail).toEqual(['summary', 'full']);
    for (const name of SIZED) {
      const tool = TOOLS.find((t) => t.name === name)!;
      expect(Object.keys(tool.input.shape), name).toEqual(expect.arrayContaining(['detail', 'fields']));
    }
  });
});
