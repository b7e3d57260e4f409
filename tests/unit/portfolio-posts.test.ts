// Posts and the résumé on the function's surfaces (FO-POSTS, FO-DRAFTS, FO-RESUME): the data file
// carries them (published posts only), search finds them, REST lists and reads them with the
// projects' errors and paging, and MCP offers their tools only where the site has them. Data: the
// sample and second fixture sites, written to a data file and read back as the function reads it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordTwins } from '../../src/discovery/twin.ts';
import { loadContent } from '../../src/records/load.ts';
import { readingMinutes } from '../../src/records/posts.ts';
import { resumeDocument } from '../../src/records/resume.ts';
import type { Content } from '../../src/records/schema.ts';
import { buildDataFile, writeDataFile } from '../../src/builder/data-file.ts';
import { DATA_FILE, readDataFile, type SiteData } from '../../src/search/data-file.ts';
import { answer } from '../../src/server/knowledge.ts';
import { listTwins, readTwin } from '../../src/server/mcp/resources.ts';
import { toolsFor } from '../../src/server/mcp/tools.ts';
import { jsonResume, postDetail, postList, searchResponse } from '../../src/server/portfolio.ts';
import { client, expectError, roomy, viaTool } from '../support/portfolio-helpers.ts';
import { tempDir } from '../support/temp-dir.ts';
import { Catalog } from '../../src/records/catalog.ts';

/** JSON Resume's own validator (CommonJS, untyped): errors or null, and whether the document is valid. */
const { validate: validateJsonResume } = createRequire(import.meta.url)('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void;
};

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const DRAFT = 'notes-on-tracing-costs';

async function dataOf(content: Content): Promise<SiteData> {
  const root = tempDir('folio-posts-', 'file');
  await writeDataFile(new Catalog(content), await recordTwins(new Catalog(content)), root);
  return readDataFile(join(root, DATA_FILE));
}

const sampleContent = loadContent(join(FIXTURES, 'sample-site', 'content'));
const sample = await dataOf(sampleContent);
const second = await dataOf(loadContent(join(FIXTURES, 'second-site', 'content')));
const get = client({ ...roomy, data: () => sample });
const getSecond = client({ ...roomy, data: () => second });

describe('FO-DRAFTS: the data file never holds a draft', () => {
  it('FO-DRAFTS: the build loads without drafts, and buildDataFile refuses a draft it is handed', async () => {
    expect(sample.posts.map((p) => p.slug)).not.toContain(DRAFT);
    const withDrafts = loadContent(join(FIXTURES, 'sample-site', 'content'), { drafts: true });
    expect(withDrafts.posts.map((p) => p.slug)).toContain(DRAFT);
    expect(() => buildDataFile(withDrafts, {})).toThrow(/draft post cannot go into the data file/);
  });

  it('FO-DRAFTS: REST, search and MCP know nothing of the draft', async () => {
    expectError(await get(`/api/v1/posts/${DRAFT}`), 404, 'not_found');
    const hits = searchResponse.parse((await get('/api/v1/search?q=tracing+costs&limit=20')).body).hits;
    expect(hits.map((h) => h.slug)).not.toContain(DRAFT);
    expect(listTwins(sample).resources.map((r) => r.uri)).not.toContain(`${sample.site.url}/posts/${DRAFT}.md`);
  });
});

describe('FO-POSTS: GET /api/v1/posts and /api/v1/posts/{slug}', () => {
  it('FO-POSTS: lists the three published posts newest first, with reading time and page and twin URLs', async () => {
    const res = await get('/api/v1/posts');
    expect(res.status).toBe(200);
    const body = postList.parse(res.body);
    expect(body.posts.map((p) => p.slug)).toEqual(sampleContent.posts.map((p) => p.slug));
    expect(body.total).toBe(3);
    expect(body.nextCursor).toBeNull();
    const dates = body.posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = body.posts[0]!;
    const record = sampleContent.posts.find((p) => p.slug === first.slug)!;
    expect(first).toMatchObject({
      title: record.title,
      summary: record.summary,
      tags: record.tags,
      readingMinutes: readingMinutes(record.body),
      url: `${sample.site.url}/posts/${first.slug}`,
      twinUrl: `${sample.site.url}/posts/${first.slug}.md`,
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^W\//);
  });

  it('FO-POSTS: pages with limit and nextCursor, and the cursor is bound to its tag', async () => {
    const slugs: string[] = [];
    let cursor: string | null = null;
    do {
      const body = postList.parse((await get(`/api/v1/posts?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body);
      expect(body.posts).toHaveLength(1);
      slugs.push(body.posts[0]!.slug);
      cursor = body.nextCursor;
    } while (cursor && slugs.length < 10);
    expect(slugs).toEqual(sampleContent.posts.map((p) => p.slug));
    const first = postList.parse((await get('/api/v1/posts?limit=1')).body);
    expectError(await get(`/api/v1/posts?tag=postgres&cursor=${encodeURIComponent(first.nextCursor!)}`), 400, 'invalid_cursor');
    expectError(await get('/api/v1/posts?cursor=nonsense'), 400, 'invalid_cursor');
  });

  it('FO-POSTS: filters by tag; an unknown or malformed tag is invalid_filter with the tags in the hint', async () => {
    const tagged = postList.parse((await get('/api/v1/posts?tag=postgres')).body);
    expect(tagged.posts.length).toBeGreaterThan(0);
    expect(tagged.posts.every((p) => p.tags.includes('postgres'))).toBe(true);
    expect(tagged.total).toBe(sampleContent.posts.filter((p) => p.tags.includes('postgres')).length);
    const unknown = await get('/api/v1/posts?tag=no-such-tag');
    expectError(unknown, 400, 'invalid_filter');
    expect(unknown.body.error.hint).toContain('postgres');
    expectError(await get('/api/v1/posts?tag=Not%20A%20Tag'), 400, 'invalid_filter');
  });

  it('FO-POSTS: limit is 1 to 20, like projects', async () => {
    for (const limit of ['0', '21', 'ten']) expectError(await get(`/api/v1/posts?limit=${limit}`), 400, 'invalid_filter');
    expect(postList.parse((await get('/api/v1/posts?limit=20')).body).posts).toHaveLength(3);
  });

  it('FO-POSTS: one post has its Markdown body; an unknown slug is not_found, a malformed one invalid_slug', async () => {
    const post = sampleContent.posts[1]!;
    const body = postDetail.parse((await get(`/api/v1/posts/${post.slug}`)).body);
    expect(body.body).toBe(post.body);
    expect(body.updated).toBe(post.updated ?? null);
    expectError(await get('/api/v1/posts/no-such-post'), 404, 'not_found');
    expectError(await get('/api/v1/posts/Not_A_Slug'), 400, 'invalid_slug');
  });

  it('FO-POSTS: /api/posts and /api/posts/{slug} are the unversioned aliases', async () => {
    const versioned = await get('/api/v1/posts?limit=2');
    const alias = await get('/api/posts?limit=2');
    expect(alias.body).toEqual(versioned.body);
    const slug = sampleContent.posts[0]!.slug;
    expect((await get(`/api/posts/${slug}`)).body).toEqual((await get(`/api/v1/posts/${slug}`)).body);
  });

  it('FO-POSTS: a site without posts lists none: an empty list, and every slug is not_found', async () => {
    expect(second.posts).toEqual([]);
    expect(postList.parse((await getSecond('/api/v1/posts')).body)).toEqual({ posts: [], total: 0, nextCursor: null });
    expectError(await getSecond('/api/v1/posts/anything'), 404, 'not_found');
  });
});

describe('FO-POSTS, FO-RESUME: search and ask find posts and the résumé', () => {
  it('FO-POSTS: type=post finds the post with kind and type "post"', async () => {
    const body = searchResponse.parse((await get('/api/v1/search?q=shard&type=post')).body);
    expect(body.hits[0]).toMatchObject({
      slug: 'measure-before-you-shard',
      kind: 'post',
      type: 'post',
      url: `${sample.site.url}/posts/measure-before-you-shard`,
    });
    expect(body.hits.every((h) => h.kind === 'post')).toBe(true);
    const bad = await get('/api/v1/search?q=shard&type=blog');
    expectError(bad, 400, 'invalid_filter');
    expect(bad.body.error.message).toContain('post');
  });

  it('FO-RESUME: search finds the résumé by organisation, position and skill, with kind "resume"', async () => {
    const resume = sampleContent.resume!;
    const position = resume.work[0]!.position;
    for (const q of ['Nordfrakt', position, 'PostgreSQL']) {
      const hits = searchResponse.parse((await get(`/api/v1/search?q=${encodeURIComponent(q)}&limit=20`)).body).hits;
      expect(
        hits.find((h) => h.kind === 'resume'),
        q,
      ).toMatchObject({ slug: 'resume', type: 'resume', url: `${sample.site.url}/resume` });
    }
    const only = searchResponse.parse((await get('/api/v1/search?q=Nordfrakt&type=resume')).body);
    expect(only.hits.map((h) => h.kind)).toEqual(['resume']);
  });

  it('FO-POSTS, FO-RESUME: ask results for a post and the résumé link to their pages with their JSON-LD', () => {
    const post = answer(sample, 'measure before you shard').results[0]!;
    expect(post.url).toBe(`${sample.site.url}/posts/measure-before-you-shard`);
    expect(post.schema_object['@type']).toBe('BlogPosting');
    const resume = answer(sample, 'Nordfrakt').results.find((r) => r.url === `${sample.site.url}/resume`);
    expect(resume).toBeDefined();
  });
});

describe('FO-RESUME: GET /api/v1/resume', () => {
  it('FO-RESUME: answers the one JSON Resume document, valid against the JSON Resume schema', async () => {
    const res = await get('/api/v1/resume');
    expect(res.status).toBe(200);
    const document = jsonResume.parse(res.body);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(resumeDocument(sampleContent.site, sampleContent.resume!, sampleContent.projects))));
    const verdict = await new Promise<{ valid: boolean; errors: unknown }>((resolve) =>
      validateJsonResume(document, (errors, valid) => resolve({ valid, errors })),
    );
    expect(verdict.errors ?? null).toBeNull();
    expect(verdict.valid).toBe(true);
    expect((await get('/api/resume')).body).toEqual(res.body);
  });

  it('FO-RESUME: a site without a résumé answers 404 not_found with a hint', async () => {
    const res = await getSecond('/api/v1/resume');
    expectError(res, 404, 'not_found');
    expect(res.body.error.message).toContain('no résumé');
  });
});

describe('FO-POSTS, FO-RESUME: MCP tools and resources', () => {
  it('FO-POSTS, FO-RESUME: list_posts, get_post and get_resume answer what REST answers', async () => {
    expect(viaTool('list_posts', sample, { limit: 2 })).toEqual({ answer: (await get('/api/v1/posts?limit=2')).body });
    const slug = sampleContent.posts[0]!.slug;
    expect(viaTool('get_post', sample, { slug })).toEqual({ answer: (await get(`/api/v1/posts/${slug}`)).body });
    expect(viaTool('get_resume', sample, {})).toEqual({ answer: (await get('/api/v1/resume')).body });
    expect(viaTool('get_post', sample, { slug: 'no-such-post' })).toEqual({ code: 'not_found' });
    expect(viaTool('get_post', sample, { slug: 'Bad Slug' })).toEqual({ code: 'invalid_slug' });
    expect(viaTool('list_posts', sample, { limit: 0 })).toEqual({ code: 'invalid_filter' });
    expect(viaTool('list_posts', sample, { tag: 'no-such-tag' })).toEqual({ code: 'invalid_filter' });
  });

  it('FO-POSTS, FO-RESUME: the post and résumé tools are offered only on a site that has them', () => {
    const names = (data: SiteData) => toolsFor(data).map((t) => t.name);
    expect(names(sample)).toEqual(expect.arrayContaining(['list_posts', 'get_post', 'get_resume']));
    expect(names(second)).not.toContain('list_posts');
    expect(names(second)).not.toContain('get_post');
    expect(names(second)).not.toContain('get_resume');
    expect(names(second)).toContain('list_projects');
  });

  it('FO-POSTS, FO-RESUME: a site without them lists no post or résumé resource, and search of type post finds nothing', async () => {
    const paths: string[] = [];
    let cursor: string | undefined;
    do {
      const page = listTwins(second, cursor);
      paths.push(...page.resources.map((r) => new URL(r.uri).pathname));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => p.startsWith('/posts/') || p === '/resume.md')).toEqual([]);
    expect(searchResponse.parse((await getSecond('/api/v1/search?q=post&type=post')).body).hits).toEqual([]);
  });

  it('FO-POSTS, FO-RESUME: every post twin and the résumé twin are resources, read as the build wrote them', () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = listTwins(sample, cursor);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor);
    for (const post of sampleContent.posts) expect(uris).toContain(`${sample.site.url}${post.twin}`);
    expect(uris).toContain(`${sample.site.url}/resume.md`);
    const post = sampleContent.posts[0]!;
    const read = readTwin(sample, `${sample.site.url}${post.twin}`).contents[0]!;
    expect(read.text).toMatch(new RegExp(`^# ${post.title}$`, 'm'));
    expect(read.text).toBe(sample.twinOf(post.twin));
  });
});
