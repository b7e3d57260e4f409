import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { loadContent } from '../../src/records/load.ts';
import { raw, serveSharedSite } from './serve-support.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';

/** JSON Resume's own validator (CommonJS, untyped): errors or null, and whether the document is valid. */
const { validate: validateJsonResume } = createRequire(import.meta.url)('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void;
};
const validJsonResume = (doc: unknown) =>
  new Promise<{ valid: boolean; errors: unknown }>((resolve) => validateJsonResume(doc, (errors, valid) => resolve({ valid, errors })));

const SAMPLE = join(import.meta.dirname, '..', 'fixtures', 'sample-site', 'content');
const sample = loadContent(SAMPLE);
const DRAFT = 'notes-on-tracing-costs';
const MARKDOWN = 'text/markdown; charset=utf-8';
const ENTRY = /^- \[(?:\\.|[^\]\\])+\]\(([^)\s]+)\)/gm;

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'url' || name === 'category' });

test.describe('the sample site: three posts, a draft, a résumé', () => {
  test('FO-POSTS: each post twin, /posts.md and the post pages answer Markdown, negotiated too, with the twin and llms.txt linked', async ({
    request,
    baseURL,
  }) => {
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
      const md = withoutFrontMatter(served);
      expect(md.split('\n')[0]).toBe(`# ${post.title}`);
      // The llms.txt pointer comes before any image or fields list, as on every twin.
      const pointer = md.indexOf(`(${baseURL}/llms.txt)`);
      expect(pointer).toBeGreaterThan(0);
      expect(pointer).toBeLessThan(md.indexOf('- Date: '));
      expect(md).toContain(`- Date: ${post.date}`);
      expect(md).toMatch(/^- Reading time: \d+ min read$/m);
      expect(md).toContain(`- Tags: ${post.tags.join(', ')}`);
      expect(md).toContain(`- Web page: <${baseURL}${post.href}>`);
      // Links to site pages point at their twins, absolutely.
      expect(md).not.toMatch(/\]\(\/projects\/[a-z-]+\)/);
      // The page the twin mirrors, asked for with Accept: text/markdown, answers the same text.
      const negotiated = await request.get(post.href, { headers: { Accept: 'text/markdown' } });
      expect(negotiated.headers()['content-type']).toBe(MARKDOWN);
      expect(await negotiated.text()).toBe(served);
      const page = await request.get(post.href);
      expect(page.headers()['content-type']).toMatch(/^text\/html/);
      expect(page.headers().link).toContain(`<${post.twin}>; rel="alternate"; type="text/markdown"`);
    }
    // Previous and next: the middle post links both of its neighbours' twins.
    const middle = await (await request.get('/posts/a-search-index-in-one-file.md')).text();
    expect(middle).toContain(`- Previous (older): [Why I shut down a service that paid for itself](${baseURL}/posts/leaving-quarry-cloud.md)`);
    expect(middle).toContain(`- Next (newer): [Measure before you shard](${baseURL}/posts/measure-before-you-shard.md)`);
    // A cover is an image at its published (absolute) address.
    expect(middle).toMatch(new RegExp(`!\\[Diagram of Quarry's single-file index layout[^\\]]*\\]\\(${baseURL}/_images/[0-9a-f]{16}-\\d+\\.webp\\)`));

    const index = await request.get('/posts.md');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toBe(MARKDOWN);
    const text = await index.text();
    expect(text).toMatch(/^# Posts\n\n> 3 posts by Mara Lindqvist, newest first\.$/m);
    // Grouped by year, newest first; each post's twin listed once.
    expect(text.indexOf('## 2026')).toBeGreaterThan(0);
    expect(text.indexOf('## 2025')).toBeGreaterThan(text.indexOf('## 2026'));
    const listed = [...text.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname);
    expect(listed).toEqual(sample.posts.map((p) => p.twin));
    expect((await request.get('/posts', { headers: { Accept: 'text/markdown' } })).headers()['content-type']).toBe(MARKDOWN);
  });

  test('FO-POSTS: the home twin lists the latest posts and links the résumé; a tag twin lists the posts that carry it', async ({ request, baseURL }) => {
    const home = await (await request.get('/index.md')).text();
    const latest = home.slice(home.indexOf('## Latest posts'), home.indexOf('## All projects'));
    expect([...latest.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname)).toEqual(sample.posts.map((p) => p.twin));
    expect(latest).toContain(`[Posts](${baseURL}/posts.md)`);
    expect(home).toContain(`- Résumé: [Résumé](${baseURL}/resume.md)`);
    const tag = await (await request.get('/tags/postgres.md')).text();
    expect(tag).toContain(`[Measure before you shard](${baseURL}/posts/measure-before-you-shard.md)`);
    expect(tag).toMatch(/^> \d+ projects? and 1 post tagged “postgres”: .+\.$/m);
  });

  test('FO-DRAFTS: the draft is in no build: its page and twin are 404s, and no surface names it', async ({ request }) => {
    const twin = await request.get(`/posts/${DRAFT}.md`);
    expect(twin.status()).toBe(404);
    expect(twin.headers()['content-type']).toBe(MARKDOWN);
    expect((await request.get(`/posts/${DRAFT}`)).status()).toBe(404);
    for (const path of ['/posts.md', '/index.md', '/llms.txt', '/llms-full.txt', '/feed.xml', '/sitemap.xml', '/tags/tracing.md']) {
      const body = await (await request.get(path)).text();
      expect(body, path).not.toContain(DRAFT);
      expect(body, path).not.toContain('What tracing really costs');
    }
  });

  test('FO-POSTS: /feed.xml carries the posts and the projects together, newest first, posts at /posts/<slug> with their tags', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/feed.xml');
    expect(res.status()).toBe(200);
    const feed = xml.parse(await res.text());
    const items: { title: string; link: string; pubDate: string; category?: string[] }[] = feed.rss.channel.item;
    expect(feed.rss.channel.title).toBe('Mara Lindqvist: posts and projects');
    // The one order: by date, newest first, then by slug.
    const expected = [
      ...sample.projects.map((p) => ({ date: p.date, slug: p.slug, href: p.href })),
      ...sample.posts.map((p) => ({ date: p.date, slug: p.slug, href: p.href })),
    ].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    expect(items.map((i) => new URL(i.link).pathname)).toEqual(expected.map((e) => e.href));
    const dates = items.map((i) => Date.parse(i.pubDate));
    for (let i = 1; i < dates.length; i++) expect(dates[i]!).toBeLessThanOrEqual(dates[i - 1]!);
    for (const post of sample.posts) {
      const item = items.find((i) => i.link === `${baseURL}${post.href}`)!;
      expect(item.title).toBe(post.title);
      expect(item.category).toEqual(post.tags);
    }
    expect(items.some((i) => i.link.includes('/projects/'))).toBe(true);
  });

  test('FO-POSTS, FO-RESUME: the sitemap lists the posts index, each post and the résumé', async ({ request, baseURL }) => {
    const map = xml.parse(await (await request.get('/sitemap.xml')).text());
    const locs: string[] = map.urlset.url.map((u: { loc: string }) => u.loc);
    for (const path of ['/posts', ...sample.posts.map((p) => p.href), '/resume']) expect(locs, path).toContain(`${baseURL}${path}`);
    expect(locs.filter((l) => l.startsWith(`${baseURL}/posts/`))).toHaveLength(3);
    const updated = map.urlset.url.find((u: { loc: string }) => u.loc === `${baseURL}/posts/a-search-index-in-one-file`);
    expect(updated.lastmod).toBe('2026-05-02');
  });

  test('FO-POSTS, FO-RESUME: llms.txt has a Writing section with the three posts and lists the résumé; llms-full.txt holds the post bodies', async ({
    request,
    baseURL,
  }) => {
    const text = await (await request.get('/llms.txt')).text();
    const writing = text.slice(text.indexOf('\n## Writing\n'), text.indexOf('\n## ', text.indexOf('\n## Writing\n') + 1));
    expect(writing.length).toBeGreaterThan(20);
    const paths = [...writing.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toEqual(['/posts.md', ...sample.posts.map((p) => p.twin)]);
    for (const post of sample.posts) expect(writing).toContain(post.summary);
    expect(text).toContain(`- [Résumé](${baseURL}/resume.md): `);
    // A JSON document is named, not linked: llms.txt links only what reads as text (afdocs).
    expect(text).toContain(`- Résumé: \`${baseURL}/resume.json\` (application/json): `);
    expect(text).not.toContain(`(${baseURL}/resume.json)`);
    expect(text).toMatch(/This site publishes 19 projects, 3 posts and 6 pages, and a résumé\./);
    const full = await (await request.get('/llms-full.txt')).text();
    for (const post of sample.posts) {
      expect(full, post.slug).toContain(`# ${post.title}\n`);
      // A line of the body as written (no link in it, so no rewriting): the body itself is there.
      const line = post.body.split('\n').find((l) => /^[A-Z][^[\]`|]{40,}$/.test(l))!;
      expect(line, post.slug).toBeDefined();
      expect(full, post.slug).toContain(line);
    }
    expect(full).toContain('# Résumé\n');
  });

  test('FO-RESUME: /resume.md is the résumé as Markdown, /resume.json a valid JSON Resume document served as application/json and revalidated', async ({
    request,
    baseURL,
  }) => {
    const twin = await request.get('/resume.md');
    expect(twin.status()).toBe(200);
    expect(twin.headers()['content-type']).toBe(MARKDOWN);
    const served = await twin.text();
    const md = withoutFrontMatter(served);
    expect(md.split('\n')[0]).toBe('# Résumé');
    for (const heading of ['## Summary', '## Experience', '## Education', '## Skills', '## Languages', '## Awards', '## Publications'])
      expect(md).toContain(heading);
    expect(md).toContain('### Platform engineer, [Nordfrakt Logistics](https://example.com/nordfrakt)');
    expect(md).toContain('- Dates: 2020-09 – present');
    expect(md).toContain(`[resume.json](${baseURL}/resume.json)`);
    expect(await (await request.get('/resume', { headers: { Accept: 'text/markdown' } })).text()).toBe(served);

    const res = await request.get('/resume.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    const doc = await res.json();
    const { valid, errors } = await validJsonResume(doc);
    expect(errors).toBeNull();
    expect(valid).toBe(true);
    expect(doc.basics.name).toBe('Mara Lindqvist');
    expect(doc.work.map((w: { name: string }) => w.name)).toEqual(['Lindqvist Software AB', 'Nordfrakt Logistics', 'Kvadrat Web']);
    expect(doc.meta.canonical).toBe(`${baseURL}/resume.json`);
    // The same document the REST API answers (one source: src/records/resume.ts).
    expect(await (await request.get('/api/v1/resume')).json()).toEqual(doc);
  });

  test('FO-RESUME: the api-catalog lists /resume.json with its schema and documentation', async ({ request, baseURL }) => {
    const catalog = await (await request.get('/.well-known/api-catalog')).json();
    const entry = catalog.linkset.find((l: { anchor: string }) => l.anchor === `${baseURL}/resume.json`);
    expect(entry['service-desc'][0].href).toBe('https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json');
    expect(entry['service-doc'].map((d: { href: string }) => d.href)).toEqual([`${baseURL}/resume`, `${baseURL}/resume.md`]);
  });
});

test.describe('the second site: no posts, no résumé', () => {
  test.describe.configure({ mode: 'serial', timeout: 200_000 });
  const SITE = 'tests/fixtures/second-site/content';
  const site = serveSharedSite(SITE);

  test('FO-POSTS, FO-RESUME: /posts.md, /resume.md and /resume.json are 404s, and llms.txt, the sitemap, the feed and the api-catalog name neither', async () => {
    for (const path of ['/posts.md', '/posts/llms.txt', '/resume.md', '/resume.json']) expect((await raw(site.base, path)).status, path).toBe(404);
    expect((await raw(site.base, '/posts', { Accept: 'text/markdown' })).status).toBe(404);
    const trace = /\/posts\b|\/resume\b|[Rr]ésumé|\b[Pp]osts\b|## Writing|list_posts|get_resume/;
    for (const path of [
      '/llms.txt',
      '/llms-full.txt',
      '/sitemap.xml',
      '/feed.xml',
      '/index.md',
      '/tags.md',
      '/tags/llms.txt',
      '/projects/llms.txt',
      '/.well-known/api-catalog',
      '/AGENTS.md',
      '/?mode=agent',
    ]) {
      const res = await raw(site.base, path);
      expect(res.status, path).toBe(200);
      expect(res.body.match(trace)?.[0], path).toBeUndefined();
    }
    const feed = xml.parse((await raw(site.base, '/feed.xml')).body);
    expect(feed.rss.channel.title).toMatch(/: proyectos$/); // the second site's interface is Spanish (FO-LANGUAGE)
    expect(feed.rss.channel.item.length).toBeGreaterThan(0);
  });
});
