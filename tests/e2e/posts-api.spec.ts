// Posts and the résumé over real HTTP against `npm start` serving the built sample fixture site
// (FO-POSTS, FO-DRAFTS, FO-RESUME): REST lists and reads them, every answer checked against the
// served openapi.json; search finds them; the official MCP client lists, reads and calls their
// tools. Then the second fixture site, which has neither, on the run's shared server of it:
// an empty list, a 404 résumé and no post or résumé tools.
import { createRequire } from 'node:module';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from '@playwright/test';
import { serveSharedSite } from './serve-support.ts';
import { captureExchange } from '../../scripts/local-server/record-exchanges.ts';
import { validateExchanges } from '../contract/validate.ts';

/** JSON Resume's own validator (CommonJS, untyped): errors or null, and whether the document is valid. */
const { validate: validateJsonResume } = createRequire(import.meta.url)('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void;
};

const PUBLISHED = ['measure-before-you-shard', 'a-search-index-in-one-file'];
const DRAFT = 'notes-on-tracing-costs';

/** GET a path, check the answer against the served openapi.json, and return status and body. */
async function api(base: string, path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const request = new Request(new URL(path, base));
  const response = await fetch(request);
  const [forCheck, forUs] = response.body ? response.body.tee() : [null, null];
  const exchange = await captureExchange(request, response, forCheck);
  const doc = await (await fetch(new URL('/openapi.json', base))).json();
  expect(validateExchanges(doc, [exchange]), `${path} against openapi.json`).toEqual([]);
  const text = forUs ? await new Response(forUs).text() : '';
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function mcpClient(base: string): Promise<Client> {
  const client = new Client({ name: 'folio-posts-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', base)));
  return client;
}

test.describe('FO-POSTS, FO-RESUME: the sample site (shared server)', () => {
  test('FO-POSTS, FO-DRAFTS: /api/v1/posts lists the three published posts newest first, never the draft, cached like projects', async ({ baseURL }) => {
    const res = await api(baseURL!, '/api/v1/posts');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.posts).toHaveLength(3);
    const slugs = res.body.posts.map((p: { slug: string }) => p.slug);
    expect(slugs.slice(0, 2)).toEqual(PUBLISHED);
    expect(slugs).not.toContain(DRAFT);
    const dates = res.body.posts.map((p: { date: string }) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.posts[0]).toMatchObject({
      url: `${baseURL}/posts/${PUBLISHED[0]}`,
      twinUrl: `${baseURL}/posts/${PUBLISHED[0]}.md`,
      readingMinutes: expect.any(Number),
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"portfolio";/);
    expect((await api(baseURL!, `/api/v1/posts/${DRAFT}`)).body.error.code).toBe('not_found');
  });

  test('FO-POSTS: limit=1 pages through every post with nextCursor; limit=0 is 400 invalid_filter', async ({ baseURL }) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(baseURL!, `/api/v1/posts?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.posts.map((p: { slug: string }) => p.slug));
      cursor = res.body.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toHaveLength(3);
    expect(seen.slice(0, 2)).toEqual(PUBLISHED);
    const zero = await api(baseURL!, '/api/v1/posts?limit=0');
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatchObject({ code: 'invalid_filter', hint: expect.any(String) });
  });

  test('FO-POSTS: the tag filter, the /api/posts alias, one post with its body, and an unknown slug 404 not_found', async ({ baseURL }) => {
    const tagged = await api(baseURL!, '/api/v1/posts?tag=postgres');
    expect(tagged.body.posts.length).toBeGreaterThan(0);
    expect(tagged.body.posts.every((p: { tags: string[] }) => p.tags.includes('postgres'))).toBe(true);
    expect(tagged.body.total).toBeLessThan(3);
    const alias = await api(baseURL!, '/api/posts');
    expect(alias.body).toEqual((await api(baseURL!, '/api/v1/posts')).body);
    const one = await api(baseURL!, `/api/v1/posts/${PUBLISHED[0]}`);
    expect(one.status).toBe(200);
    expect(one.body.body.length).toBeGreaterThan(100);
    expect((await api(baseURL!, `/api/posts/${PUBLISHED[0]}`)).body).toEqual(one.body);
    const missing = await api(baseURL!, '/api/v1/posts/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', hint: expect.any(String) });
    expect((await api(baseURL!, '/api/v1/posts/Not_A_Slug')).body.error.code).toBe('invalid_slug');
  });

  test('FO-RESUME: /api/v1/resume is a valid JSON Resume document, the same as /resume.json', async ({ baseURL }) => {
    const res = await api(baseURL!, '/api/v1/resume');
    expect(res.status).toBe(200);
    const verdict = await new Promise<{ valid: boolean; errors: unknown }>((resolve) =>
      validateJsonResume(res.body, (errors, valid) => resolve({ valid, errors })),
    );
    expect(verdict.errors ?? null).toBeNull();
    expect(verdict.valid).toBe(true);
    expect(res.body.work.map((w: { name: string }) => w.name)).toContain('Nordfrakt Logistics');
    const file = await fetch(new URL('/resume.json', baseURL));
    expect(file.status).toBe(200);
    expect(await file.json()).toEqual(res.body);
    expect((await api(baseURL!, '/api/resume')).body).toEqual(res.body);
  });

  test('FO-POSTS, FO-RESUME: search finds the post with type=post, and the résumé by organisation, position and skill', async ({ baseURL }) => {
    const posts = await api(baseURL!, '/api/v1/search?q=shard&type=post');
    expect(posts.body.hits[0]).toMatchObject({ slug: 'measure-before-you-shard', kind: 'post', type: 'post' });
    expect(posts.body.hits.every((h: { kind: string }) => h.kind === 'post')).toBe(true);
    const resume = (await api(baseURL!, '/api/v1/resume')).body;
    for (const q of ['Nordfrakt', resume.work[0].position, 'PostgreSQL']) {
      const hits = (await api(baseURL!, `/api/v1/search?q=${encodeURIComponent(q)}&limit=20`)).body.hits;
      expect(
        hits.find((h: { kind: string }) => h.kind === 'resume'),
        q,
      ).toMatchObject({ slug: 'resume', type: 'resume', url: `${baseURL}/resume` });
    }
    const ask = await (await fetch(new URL('/ask?query=Nordfrakt', baseURL))).json();
    expect(ask.results.map((r: { url: string }) => r.url)).toContain(`${baseURL}/resume`);
  });

  test('FO-POSTS, FO-RESUME: the official MCP client calls list_posts, get_post and get_resume and reads a post twin resource', async ({ baseURL }) => {
    const client = await mcpClient(baseURL!);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['list_posts', 'get_post', 'get_resume']));
      const list = await client.callTool({ name: 'list_posts', arguments: { limit: 2 } });
      expect(list.isError).toBeFalsy();
      expect(list.structuredContent).toEqual((await api(baseURL!, '/api/v1/posts?limit=2')).body);
      const post = await client.callTool({ name: 'get_post', arguments: { slug: PUBLISHED[0] } });
      expect(post.structuredContent).toEqual((await api(baseURL!, `/api/v1/posts/${PUBLISHED[0]}`)).body);
      const bad = await client.callTool({ name: 'get_post', arguments: { slug: DRAFT } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]!.text).toMatch(/^not_found: /);
      const resume = await client.callTool({ name: 'get_resume', arguments: {} });
      expect(resume.structuredContent).toEqual((await api(baseURL!, '/api/v1/resume')).body);
      const uri = `${baseURL}/posts/${PUBLISHED[0]}.md`;
      const read = await client.readResource({ uri });
      const text = (read.contents[0] as { text: string }).text;
      expect(text).toBe(await (await fetch(uri)).text());
      expect(text).toMatch(/^# Measure before you shard$/m);
      const resources = (await client.listResources()).resources.map((r) => r.uri);
      expect(resources).toContain(uri);
      expect(resources).toContain(`${baseURL}/resume.md`);
      expect(resources).not.toContain(`${baseURL}/posts/${DRAFT}.md`);
    } finally {
      await client.close();
    }
  });
});

test.describe('FO-POSTS, FO-RESUME: the second site, which has no posts and no résumé (the run’s shared server of it)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const site = serveSharedSite('tests/fixtures/second-site/content');

  test('FO-POSTS, FO-RESUME: /api/v1/posts is an empty list, /api/v1/resume 404 not_found, and MCP has no post or résumé tools', async () => {
    const posts = await api(site.base, '/api/v1/posts');
    expect(posts.status).toBe(200);
    expect(posts.body).toEqual({ posts: [], total: 0, nextCursor: null });
    const resume = await api(site.base, '/api/v1/resume');
    expect(resume.status).toBe(404);
    expect(resume.body.error).toMatchObject({ code: 'not_found', hint: expect.any(String) });
    expect((await api(site.base, '/api/v1/search?q=post&type=post')).body.hits).toEqual([]);
    const client = await mcpClient(site.base);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('list_projects');
      for (const absent of ['list_posts', 'get_post', 'get_resume']) expect(names).not.toContain(absent);
      const resources = (await client.listResources()).resources.map((r) => new URL(r.uri).pathname);
      expect(resources.some((p) => p.startsWith('/posts/') || p === '/resume.md')).toBe(false);
    } finally {
      await client.close();
    }
  });
});
