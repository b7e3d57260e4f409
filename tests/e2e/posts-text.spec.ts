// FO-POSTS, FO-DRAFTS, FO-RESUME over real HTTP: what the served site adds to the posts' and the
// résumé's files (the Markdown media type, the Link header naming the posts' llms.txt and the page,
// negotiation answering a page's twin, 404s for what is not built, the JSON Resume document's media
// type and revalidation), on the sample fixture site (the suite's own server) and the second
// fixture site (no posts, no résumé; the run's shared server). What the twins, /posts.md,
// /feed.xml, the sitemap, llms.txt, /resume.md, /resume.json and the api-catalog say is tested with
// no build in tests/unit/pages-posts.test.ts.
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { loadContent } from '../../src/records/load.ts';
import { raw, serveSharedSite } from './serve-support.ts';

const SAMPLE = join(import.meta.dirname, '..', 'fixtures', 'sample-site', 'content');
const sample = loadContent(SAMPLE);
const DRAFT = 'notes-on-tracing-costs';
const MARKDOWN = 'text/markdown; charset=utf-8';

test.describe('the sample site: three posts, a draft, a résumé', () => {
  test('FO-POSTS: each post twin, /posts.md and the post pages answer Markdown, negotiated too, with the twin and llms.txt linked', async ({ request }) => {
    expect(sample.posts.map((p) => p.slug)).toEqual(['measure-before-you-shard', 'a-search-index-in-one-file', 'leaving-quarry-cloud']);
    for (const post of sample.posts) {
      const twin = await request.get(post.twin);
      expect(twin.status(), post.twin).toBe(200);
      expect(twin.headers()['content-type'], post.twin).toBe(MARKDOWN);
      // llms.txt v2: the most specific llms.txt that covers a post is the posts' own.
      // FO-TWIN-CANONICAL: and its page as canonical.
      expect(twin.headers().link, post.twin).toBe(
        `</posts/llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt of the posts", <${post.href}>; rel="canonical"`,
      );
      const served = await twin.text();
      expect(served.length).toBeGreaterThan(200);
      // The page the twin mirrors, asked for with Accept: text/markdown, answers the same text.
      const negotiated = await request.get(post.href, { headers: { Accept: 'text/markdown' } });
      expect(negotiated.headers()['content-type']).toBe(MARKDOWN);
      expect(await negotiated.text()).toBe(served);
      const page = await request.get(post.href);
      expect(page.headers()['content-type']).toMatch(/^text\/html/);
      expect(page.headers().link).toContain(`<${post.twin}>; rel="alternate"; type="text/markdown"`);
    }
    const index = await request.get('/posts.md');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toBe(MARKDOWN);
    expect((await request.get('/posts', { headers: { Accept: 'text/markdown' } })).headers()['content-type']).toBe(MARKDOWN);
  });

  test('FO-DRAFTS: the draft is in no build: its page and twin are 404s', async ({ request }) => {
    const twin = await request.get(`/posts/${DRAFT}.md`);
    expect(twin.status()).toBe(404);
    expect(twin.headers()['content-type']).toBe(MARKDOWN);
    expect((await request.get(`/posts/${DRAFT}`)).status()).toBe(404);
  });

  test('FO-RESUME: /resume.md is served as Markdown, also to a negotiation of /resume; /resume.json as application/json, revalidated', async ({ request }) => {
    const twin = await request.get('/resume.md');
    expect(twin.status()).toBe(200);
    expect(twin.headers()['content-type']).toBe(MARKDOWN);
    expect(await (await request.get('/resume', { headers: { Accept: 'text/markdown' } })).text()).toBe(await twin.text());
    const res = await request.get('/resume.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});

test.describe('the second site: no posts, no résumé', () => {
  test.describe.configure({ mode: 'serial', timeout: 200_000 });
  const SITE = 'tests/fixtures/second-site/content';
  const site = serveSharedSite(SITE);

  test('FO-POSTS, FO-RESUME: /posts.md, /resume.md and /resume.json are 404s, and the agent view names neither', async () => {
    for (const path of ['/posts.md', '/posts/llms.txt', '/resume.md', '/resume.json']) expect((await raw(site.base, path)).status, path).toBe(404);
    expect((await raw(site.base, '/posts', { Accept: 'text/markdown' })).status).toBe(404);
    const agent = await raw(site.base, '/?mode=agent');
    expect(agent.status).toBe(200);
    expect(agent.body.match(/\/posts\b|\/resume\b|[Rr]ésumé|\b[Pp]osts\b|## Writing|list_posts|get_resume/)?.[0]).toBeUndefined();
  });
});
