// The official MCP client (@modelcontextprotocol/client) against the app, in each protocol era:
// every tool with good and bad arguments, compared with the REST endpoint it wraps (same answer,
// same code, message and hint), and every resource listed page by page and read.
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { siteData } from '../../src/server/data.ts';
import { ERROR_META_KEY } from '../../src/server/mcp/tool-kit.ts';
import { RESOURCE_PAGE_SIZE } from '../../src/server/mcp/resources.ts';
import { recordTwins } from '../../src/discovery/twin.ts';
import { loadContent } from '../../src/records/load.ts';
import { buildServerCard } from '../../src/server/mcp/server-card.ts';
import { TOOLS, toolsFor } from '../../src/server/mcp/tools.ts';
import { app, connect, ERAS, type Era, siteUrl } from '../support/mcp-helpers.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';

// The sample site has posts and a résumé, so it is served every tool of the table (FO-POSTS, FO-RESUME).
const TOOL_NAMES = toolsFor(siteData()).map((t) => t.name);

/** A REST call through its own app instance, so REST and MCP requests never share a rate-limit window. */
async function rest(path: string) {
  const res = await app().request(path);
  return { status: res.status, body: await res.json() };
}

/** Pairs of a tool call and the REST request that must answer the same. */
const GOOD: [string, Record<string, unknown>, string][] = [
  ['search_portfolio', { query: 'search' }, '/api/v1/search?q=search'],
  ['search_portfolio', { query: 'rust', type: 'library', limit: 3 }, '/api/v1/search?q=rust&type=library&limit=3'],
  ['search_portfolio', { query: 'zzzzqqqq' }, '/api/v1/search?q=zzzzqqqq'],
  ['list_projects', {}, '/api/v1/projects'],
  ['list_projects', { limit: 20, archive: '1' }, '/api/v1/projects?limit=20&archive=1'],
  ['list_projects', { category: 'data', type: 'library' }, '/api/v1/projects?category=data&type=library'],
  ['get_project', { slug: 'quarry' }, '/api/v1/projects/quarry'],
  ['get_project', { slug: 'quarry-cloud' }, '/api/v1/projects/quarry-cloud'],
  ['compare_projects', { slugs: ['quarry', 'tidewater'] }, '/api/v1/compare?slugs=quarry,tidewater'],
  ['compare_projects', { slugs: 'quarry,tidewater,pagewatch' }, '/api/v1/compare?slugs=quarry,tidewater,pagewatch'],
  ['list_posts', {}, '/api/v1/posts'],
  ['list_posts', { tag: 'postgres', limit: 1 }, '/api/v1/posts?tag=postgres&limit=1'],
  ['get_post', { slug: 'measure-before-you-shard' }, '/api/v1/posts/measure-before-you-shard'],
  ['get_resume', {}, '/api/v1/resume'],
  ['ask', { query: 'search library' }, '/ask?query=search%20library'],
];

/** Bad arguments and the REST request with the same mistake: same status, code and hint. */
/** The last field: whether REST's message is the same too (not when the argument is named or sent differently). */
const BAD: [string, Record<string, unknown>, string, string, boolean][] = [
  ['search_portfolio', {}, '/api/v1/search', 'invalid_query', false],
  ['search_portfolio', { query: '   ' }, '/api/v1/search?q=%20%20%20', 'invalid_query', false],
  ['search_portfolio', { query: 'x'.repeat(501) }, `/api/v1/search?q=${'x'.repeat(501)}`, 'invalid_query', false],
  ['search_portfolio', { query: 42 }, '/api/v1/search?q=', 'invalid_query', false],
  ['search_portfolio', { query: 'x', type: 'blog' }, '/api/v1/search?q=x&type=blog', 'invalid_filter', true],
  ['search_portfolio', { query: 'x', limit: 21 }, '/api/v1/search?q=x&limit=21', 'invalid_filter', true],
  ['search_portfolio', { query: 'x', limit: 0 }, '/api/v1/search?q=x&limit=0', 'invalid_filter', true],
  ['list_projects', { limit: 21 }, '/api/v1/projects?limit=21', 'invalid_filter', true],
  ['list_projects', { category: 'nope' }, '/api/v1/projects?category=nope', 'invalid_filter', true],
  ['list_projects', { type: 'page' }, '/api/v1/projects?type=page', 'invalid_filter', true],
  ['list_projects', { archive: 'yes' }, '/api/v1/projects?archive=yes', 'invalid_filter', true],
  ['list_projects', { cursor: 'not-a-cursor' }, '/api/v1/projects?cursor=not-a-cursor', 'invalid_cursor', true],
  ['get_project', {}, '/api/v1/projects/%20', 'invalid_slug', false],
  ['get_project', { slug: 'Not_A_Slug' }, '/api/v1/projects/Not_A_Slug', 'invalid_slug', true],
  ['get_project', { slug: 'no-such-project' }, '/api/v1/projects/no-such-project', 'not_found', true],
  ['get_project', { slug: 'about' }, '/api/v1/projects/about', 'not_found', true],
  ['list_posts', { limit: 0 }, '/api/v1/posts?limit=0', 'invalid_filter', true],
  ['list_posts', { tag: 'no-such-tag' }, '/api/v1/posts?tag=no-such-tag', 'invalid_filter', true],
  ['get_post', { slug: 'no-such-post' }, '/api/v1/posts/no-such-post', 'not_found', true],
  ['get_post', { slug: 'Not_A_Slug' }, '/api/v1/posts/Not_A_Slug', 'invalid_slug', true],
  ['compare_projects', {}, '/api/v1/compare', 'invalid_compare', false],
  ['compare_projects', { slugs: ['quarry'] }, '/api/v1/compare?slugs=quarry', 'invalid_compare', true],
  ['compare_projects', { slugs: ['quarry', 'quarry'] }, '/api/v1/compare?slugs=quarry,quarry', 'invalid_compare', true],
  ['compare_projects', { slugs: ['a', 'b', 'c', 'd', 'e'] }, '/api/v1/compare?slugs=a,b,c,d,e', 'invalid_compare', true],
  ['compare_projects', { slugs: ['quarry', 'Bad!'] }, '/api/v1/compare?slugs=quarry,Bad!', 'invalid_slug', true],
  ['compare_projects', { slugs: ['quarry', 'no-such-project'] }, '/api/v1/compare?slugs=quarry,no-such-project', 'not_found', true],
  ['ask', {}, '/ask', 'invalid_query', false],
  ['ask', { query: '' }, '/ask?query=', 'invalid_query', true],
  ['ask', { query: 'y'.repeat(501) }, `/ask?query=${'y'.repeat(501)}`, 'invalid_query', true],
];

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`official MCP client, protocol ${era}`, () => {
    let client: Client | undefined;
    afterEach(async () => {
      await client?.close();
      client = undefined;
    });
    const open = async () => {
      const connected = await connect(app(), era);
      client = connected.client;
      return connected;
    };

    it(`PF-MCP: connects at ${era} with no session id, and serverInfo matches the server card`, async () => {
      const { client, wire } = await open();
      expect(client.getNegotiatedProtocolVersion()).toBe(era);
      expect(wire.responses.every((r) => r.headers.get('mcp-session-id') === null)).toBe(true);
      if (era === '2026-07-28') expect(wire.requests.map((r) => (r.body as { method: string }).method)).toEqual(['server/discover']);
      else expect((wire.requests[0]!.body as { method: string }).method).toBe('initialize');
      const card = buildServerCard(siteData().site, siteData());
      expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version, title: card.title, description: card.description });
      expect(client.getInstructions()).toContain('search_portfolio');
    });

    it('PF-TOOLS, FO-POSTS, FO-RESUME: lists every tool of the table, each read-only, with an input schema and an output schema', async () => {
      const { client } = await open();
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
      expect(TOOL_NAMES).toEqual(TOOLS.map((t) => t.name));
      for (const tool of tools) {
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false });
        expect(tool.description!.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
      }
      const input = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
      // detail and fields size the answer (FO-MCP-SIZE); REST's parameters come first, unchanged, `lang` (FO-I18N) among them.
      expect(Object.keys(input('search_portfolio').properties!)).toEqual(['query', 'type', 'limit', 'lang', 'detail', 'fields']);
      expect(Object.keys(input('list_projects').properties!)).toEqual(['category', 'type', 'archive', 'cursor', 'limit', 'lang', 'detail', 'fields']);
      expect(input('get_project').required).toEqual(['slug']);
      expect(input('compare_projects').properties!.slugs).toMatchObject({ type: 'array', minItems: 2, maxItems: 4 });
      expect(input('ask').required).toEqual(['query']);
      expect(input('search_portfolio').properties!.limit).toMatchObject({ minimum: 1, maximum: 20 });
      expect(Object.keys(input('list_posts').properties!)).toEqual(['tag', 'cursor', 'limit', 'lang', 'detail', 'fields']);
      expect(input('get_post').required).toEqual(['slug']);
      expect(Object.keys(input('get_resume').properties!)).toEqual(['lang']);
    });

    it('PF-TOOLS: every tool of the table answers its declared example without error', async () => {
      const { client } = await open();
      await client.listTools();
      for (const tool of TOOLS) {
        const result = await client.callTool({ name: tool.name, arguments: tool.example });
        expect(result.isError, tool.name).toBeFalsy();
        expect(result.structuredContent, tool.name).toBeDefined();
      }
    });

    it('PF-TOOLS: every tool answers what its REST endpoint answers, as structuredContent and readable text', async () => {
      const { client } = await open();
      await client.listTools(); // the client validates structuredContent against the listed output schemas
      for (const [name, args, path] of GOOD) {
        const result = await client.callTool({ name, arguments: args });
        const label = `${name} ${JSON.stringify(args)}`;
        expect(result.isError, label).toBeFalsy();
        const expected = await rest(path);
        expect(expected.status, path).toBe(200);
        expect(result.structuredContent, label).toEqual(expected.body);
        const text = (result.content as { type: string; text: string }[])[0]!;
        expect(text.type).toBe('text');
        // Readable, not a JSON dump: it names what was found.
        expect(text.text.startsWith('{'), label).toBe(false);
        expect(text.text.length, label).toBeGreaterThan(20);
      }
    });

    it('PF-TOOLS: readable text names every hit, project and URL the structured answer has', async () => {
      const { client } = await open();
      const search = await client.callTool({ name: 'search_portfolio', arguments: { query: 'search', limit: 5 } });
      const text = (search.content as { text: string }[])[0]!.text;
      for (const hit of (search.structuredContent as { hits: { title: string; twinUrl: string }[] }).hits) {
        expect(text).toContain(hit.title);
        expect(text).toContain(hit.twinUrl);
      }
      const list = await client.callTool({ name: 'list_projects', arguments: { limit: 2 } });
      const listed = list.structuredContent as { nextCursor: string; projects: { slug: string }[] };
      expect((list.content as { text: string }[])[0]!.text).toContain(listed.nextCursor);
      for (const p of listed.projects) expect((list.content as { text: string }[])[0]!.text).toContain(p.slug);
    });

    it('PF-ERROR-SHAPE: bad arguments are tool errors with the REST status, code and hint', async () => {
      const { client } = await open();
      for (const [name, args, path, code] of BAD) {
        const label = `${name} ${JSON.stringify(args).slice(0, 60)}`;
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, label).toBe(true);
        expect(result.structuredContent, label).toBeUndefined();
        const error = (result._meta as Record<string, { code: string; status: number; hint: string; message: string; docs: string }>)[ERROR_META_KEY]!;
        const expected = await rest(path);
        expect({ code: error.code, status: error.status }, label).toEqual({ code, status: expected.status });
        expect(expected.body.error.code, path).toBe(code);
        expect(error.hint, label).toBe(expected.body.error.hint);
        expect(error.docs, label).toBe(`${siteUrl()}/developers#error-${code}`);
        const text = (result.content as { text: string }[])[0]!.text;
        expect(text, label).toBe(`${code}: ${error.message} Hint: ${error.hint} Docs: ${error.docs}`);
      }
    });

    it('error messages equal REST’s where the argument has the same name and form', async () => {
      const { client } = await open();
      const same = BAD.filter((c) => c[4]);
      expect(same.length).toBeGreaterThan(15);
      for (const [name, args, path] of same) {
        const result = await client.callTool({ name, arguments: args });
        const error = (result._meta as Record<string, { message: string }>)[ERROR_META_KEY]!;
        expect(error.message, `${name} ${JSON.stringify(args).slice(0, 40)}`).toBe((await rest(path)).body.error.message);
      }
    });

    it('PF-CURSOR: list_projects pages with nextCursor exactly like REST; a cursor reused with other filters → invalid_cursor', async () => {
      const { client } = await open();
      const seen: string[] = [];
      let cursor: string | undefined;
      let restCursor: string | undefined;
      do {
        const args = { limit: 4, archive: '1', ...(cursor ? { cursor } : {}) };
        const page = (await client.callTool({ name: 'list_projects', arguments: args })).structuredContent as {
          projects: { slug: string }[];
          nextCursor: string | null;
        };
        const restPage = await rest(`/api/v1/projects?limit=4&archive=1${restCursor ? `&cursor=${encodeURIComponent(restCursor)}` : ''}`);
        expect(page).toEqual(restPage.body);
        seen.push(...page.projects.map((p) => p.slug));
        cursor = page.nextCursor ?? undefined;
        restCursor = restPage.body.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(
        siteData()
          .projects.map((p) => p.slug)
          .sort((a, b) => seen.indexOf(a) - seen.indexOf(b)),
      );
      expect(new Set(seen).size).toBe(siteData().projects.length);

      const first = (await client.callTool({ name: 'list_projects', arguments: { limit: 2 } })).structuredContent as { nextCursor: string };
      const reused = await client.callTool({ name: 'list_projects', arguments: { limit: 2, type: 'library', cursor: first.nextCursor } });
      expect((reused._meta as Record<string, { code: string }>)[ERROR_META_KEY]!.code).toBe('invalid_cursor');
    });

    it('an unknown tool is an error naming it', async () => {
      const { client } = await open();
      const outcome = await client.callTool({ name: 'delete_everything', arguments: {} }).then(
        (r) => JSON.stringify(r),
        (e: Error) => e.message,
      );
      expect(outcome).toContain('delete_everything');
    });

    it('FO-ONE-RECORD: resources are every record’s Markdown twin, listed a page at a time with nextCursor', async () => {
      const { client, wire } = await open();
      const data = siteData();
      const records = [...data.projects, ...data.posts, ...data.pages, ...(data.resume ? [data.resume] : [])];
      // listResources() without a cursor walks every page itself; the first page alone is a plain request.
      let page = (await client.request({ method: 'resources/list', params: {} })) as {
        resources: { uri: string; mimeType?: string; name: string; title?: string }[];
        nextCursor?: string;
      };
      const pages = [page];
      while (page.nextCursor) {
        page = await client.listResources({ cursor: page.nextCursor });
        pages.push(page);
        if (pages.length > 10) throw new Error('resources/list does not end');
      }
      expect(pages.length).toBe(Math.ceil(records.length / RESOURCE_PAGE_SIZE));
      expect(pages.length).toBeGreaterThan(1);
      for (const p of pages.slice(0, -1)) expect(p.resources.length).toBe(RESOURCE_PAGE_SIZE);
      const listed = pages.flatMap((p) => p.resources);
      expect(listed.map((r) => r.uri)).toEqual(records.map((r) => `${siteUrl()}${r.twin}`));
      expect(listed.map((r) => r.title)).toEqual(records.map((r) => r.title));
      expect(listed.every((r) => r.mimeType === 'text/markdown')).toBe(true);
      expect(new Set(listed.map((r) => r.name)).size).toBe(records.length);

      const before = wire.requests.length;
      const all = await client.listResources();
      expect(all.resources.map((r) => r.uri)).toEqual(listed.map((r) => r.uri));
      expect(wire.requests.length - before).toBe(pages.length);
    });

    it('FO-ONE-RECORD: every resource reads as its twin Markdown; an unknown URI or a bad cursor is an error', async () => {
      const { client } = await open();
      const data = siteData();
      // The build's own twin generator, run again from content/ for the URL the data was built for:
      // MCP serves exactly what it made.
      const content = loadContent();
      const twins = await recordTwins(new Catalog({ ...content, site: { ...content.site, url: data.site.url } }));
      for (const record of [...data.projects, ...data.pages]) {
        const uri = `${siteUrl()}${record.twin}`;
        const { contents } = await client.readResource({ uri });
        expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: twins[record.twin] }]);
        // As its route serves it (FO-TWIN-FRONT-MATTER): front matter, then the title.
        expect(withoutFrontMatter((contents[0] as { text: string }).text).startsWith(`# ${record.title}\n`)).toBe(true);
      }
      await expect(client.readResource({ uri: `${siteUrl()}/projects/no-such-project.md` })).rejects.toThrow(/not found/i);
      await expect(client.readResource({ uri: 'not a uri' })).rejects.toThrow();
      await expect(client.listResources({ cursor: 'bogus' })).rejects.toThrow(/cursor/i);
    });
  });
}

describe('one client, automatic negotiation', () => {
  it('a client in auto mode discovers 2026-07-28', async () => {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const a = app();
    const client = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/api/mcp'), { fetch: async (url, init) => a.request(String(url), init) }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const result = await client.callTool({ name: 'get_project', arguments: { slug: 'quarry' } });
    expect((result.structuredContent as { slug: string }).slug).toBe('quarry');
    await client.close();
  });
});
