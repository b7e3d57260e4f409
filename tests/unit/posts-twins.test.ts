// Posts and the résumé on the text surfaces, from the fixture sites' content: their twins, the home
// and tag twins, llms.txt, the feed, the sitemap, the api-catalog, AGENTS.md, SKILL.md and the
// agent view. The sample site has three posts, a draft and a résumé; the second site has neither,
// and none of these may name posts or a résumé there.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { llmsSections, llmsTxt } from '../../src/discovery/llms.ts';
import {
  allTwins,
  brokenLinks,
  homeTwin,
  postsPageTwin,
  postsTwin,
  postTwin,
  recordTwins,
  resumeTwin,
  tagsTwin,
  tagSummary,
  tagTwin,
  twinOfLink,
} from '../../src/discovery/twin.ts';
import { agentView } from '../../src/discovery/agent-view.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { apiCatalog } from '../../src/discovery/api-catalog.ts';
import { skillMarkdown } from '../../src/discovery/skill-md.ts';
import { sitemapEntries } from '../../src/discovery/sitemap.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';
import { listingOf, tagGroups } from '../../src/records/collections.ts';
import { feedItems, feedTitle } from '../../src/records/feed.ts';
import { loadContent, RESERVED_PAGE_SLUGS } from '../../src/records/load.ts';
import type { Content } from '../../src/records/schema.ts';
import { Catalog } from '../../src/records/catalog.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const sample = loadContent(join(FIXTURES, 'sample-site', 'content'));
const withDrafts = loadContent(join(FIXTURES, 'sample-site', 'content'), { drafts: true });
const second = loadContent(join(FIXTURES, 'second-site', 'content'));
const DRAFT = 'notes-on-tracing-costs';
const url = (path: string) => `${sample.site.url}${path}`;

/** Every mention of posts or a résumé a text surface could carry. */
const TRACE = /\/posts\b|\/resume\b|[Rr]ésumé|\b[Pp]osts?\b(?! up to)|## Writing|list_posts|get_post|get_resume/;

describe('FO-POSTS: post twins and the posts index', () => {
  test('a post twin: title, summary, the llms.txt pointer before the cover and the fields, then the body with twin links, then previous and next', async () => {
    const post = sample.posts.find((p) => p.slug === 'a-search-index-in-one-file')!;
    const { markdown, path, page } = await postTwin(post, new Catalog(sample));
    expect([path, page]).toEqual(['/posts/a-search-index-in-one-file.md', '/posts/a-search-index-in-one-file']);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe(`# ${post.title}`);
    expect(lines[2]).toBe(`> ${post.summary}`);
    const pointer = markdown.indexOf(url('/llms.txt'));
    expect(pointer).toBeLessThan(markdown.indexOf('![Diagram'));
    expect(markdown.indexOf('![Diagram')).toBeLessThan(markdown.indexOf('- Date: 2026-04-21'));
    expect(markdown).toContain('- Updated: 2026-05-02');
    expect(markdown).toMatch(/^- Reading time: [1-9]\d* min read$/m);
    expect(markdown).toContain('- Tags: rust, search, indexing');
    expect(markdown).toContain(`- Web page: <${url(post.href)}>`);
    // The body's link to a project points at the project's twin.
    expect(markdown).toContain('[Quarry](/projects/quarry.md)');
    expect(markdown).toMatch(
      /## More posts\n\n- Previous \(older\): \[Why I shut down a service that paid for itself\]\(\/posts\/leaving-quarry-cloud\.md\) \(2025-02-11\)\n- Next \(newer\): \[Measure before you shard\]\(\/posts\/measure-before-you-shard\.md\) \(2026-10-06\)/,
    );
    // The newest post has no "next"; the oldest no "previous".
    expect((await postTwin(sample.posts[0]!, new Catalog(sample))).markdown).not.toContain('Next (newer)');
    expect((await postTwin(sample.posts.at(-1)!, new Catalog(sample))).markdown).not.toContain('Previous (older)');
  });

  test('the posts index: every post, newest first, grouped by year; links to posts resolve to their twins', () => {
    const { markdown, path, page, summary } = postsTwin(listingOf(sample));
    expect([path, page, summary]).toEqual(['/posts.md', '/posts', '3 posts by Mara Lindqvist, newest first.']);
    const years = [...markdown.matchAll(/^## (\d{4})$/gm)].map((m) => m[1]);
    expect(years).toEqual(['2026', '2025']);
    const twins = [...markdown.matchAll(/\]\((\/posts\/[^)]+)\)/g)].map((m) => m[1]);
    expect(twins).toEqual(sample.posts.map((p) => p.twin));
    expect(twinOfLink('/posts', sample)).toBe('/posts.md');
    expect(twinOfLink('/posts/leaving-quarry-cloud#top', sample)).toBe('/posts/leaving-quarry-cloud.md#top');
    expect(twinOfLink('/resume', sample)).toBe('/resume.md');
    // On a site without posts or a résumé, those paths are no page: no twin to point at.
    expect(twinOfLink('/posts', second)).toBeUndefined();
    expect(twinOfLink('/resume', second)).toBeUndefined();
  });

  test('past 20 posts, each later page of the index for people has a twin of its own, naming /posts.md for every post', () => {
    const base = listingOf(sample).posts[0]!;
    const posts = Array.from({ length: 45 }, (_, i) => ({
      ...base,
      slug: `note-${i}`,
      title: `Note ${i}`,
      twin: `/posts/note-${i}.md`,
      href: `/posts/note-${i}`,
    }));
    const listing = { ...listingOf(sample), posts };
    expect(postsPageTwin(listing, 1)).toBeUndefined();
    expect(postsPageTwin(listing, 4)).toBeUndefined();
    const third = postsPageTwin(listing, 3)!;
    expect(third).toMatchObject({ path: '/posts/page/3.md', page: '/posts/page/3', title: 'Posts, page 3 of 3' });
    expect([...third.markdown.matchAll(/^- \[Note (\d+)\]/gm)].map((m) => Number(m[1]))).toEqual([40, 41, 42, 43, 44]);
    expect(third.markdown).toContain('- Every post: [Posts](/posts.md)');
    expect(postsPageTwin(listing, 2)!.markdown.match(/^- \[Note /gm)).toHaveLength(20);
  });

  test('the home twin lists the latest posts and links the résumé; tag twins list posts; the tags index counts them', async () => {
    const home = (await homeTwin(new Catalog(sample).siteListing)).markdown;
    const latest = home.slice(home.indexOf('## Latest posts'), home.indexOf('## All projects'));
    expect([...latest.matchAll(/\]\((\/posts\/[^)]+)\)/g)].map((m) => m[1])).toEqual(sample.posts.map((p) => p.twin));
    expect(home).toContain('- Résumé: [Résumé](/resume.md), Independent software engineer');
    const performance = tagGroups(listingOf(sample)).find((g) => g.tag === 'performance')!;
    const tag = tagTwin(performance, sample.site).markdown;
    expect(tag).toContain('[Measure before you shard](/posts/measure-before-you-shard.md)');
    expect(tag).toMatch(/> \d+ projects?, 1 post and \d+ pages? tagged “performance”: [^\n]+\.|> \d+ projects? and 1 post tagged “performance”: [^\n]+\./);
    expect(tagsTwin(listingOf(sample)).summary).toMatch(/projects, posts and pages\.$/);
  });

  test('FO-TAG-SUMMARY: a tag page is described by what carries the tag: counted, with up to three titles named and the rest counted', () => {
    const groups = tagGroups(listingOf(sample));
    for (const group of groups) {
      const summary = tagSummary(group, sample.site);
      const titles = group.records.map((r) => r.title);
      for (const title of titles.slice(0, 3)) expect(summary).toContain(title);
      if (titles.length > 3) expect(summary).toMatch(new RegExp(` and ${titles.length - 3} more\\.$`));
      else expect(summary.endsWith(`${titles.at(-1)}.`)).toBe(true);
    }
    // Four records: three named, one counted, in the site's language and its typography.
    const group = groups.find((g) => g.records.length >= 1)!;
    const four = { ...group, tag: 'x', records: [0, 1, 2, 3].map((i) => ({ ...group.records[0]!, title: `T${i}` })) };
    expect(tagSummary(four, sample.site)).toMatch(/ tagged “x”: T0, T1, T2 and 1 more\.$/);
    expect(tagSummary(four, { ...sample.site, locale: 'fr' })).toMatch(/ avec l’étiquette «\u202Fx\u202F»\u202F: T0, T1, T2 et 1 autre\.$/);
    expect(tagSummary({ ...four, records: four.records.slice(0, 2) }, sample.site)).toMatch(/ tagged “x”: T0 and T1\.$/);
    // The page's lead counts only: its cards and lists name the records just below it.
    expect(tagSummary(four, sample.site, { titles: false })).toMatch(/^4 \w+ tagged “x”\.$/);
  });

  test('a link in a post to a post that does not exist is a broken link the build names', async () => {
    const post = { ...sample.posts[0]!, body: 'See [the other one](/posts/no-such-post) and [this one](/posts/leaving-quarry-cloud).' };
    const broken = await brokenLinks({ ...sample, posts: [post, ...sample.posts.slice(1)] }, RESERVED_PAGE_SLUGS);
    expect(broken).toEqual([{ source: post.source, url: '/posts/no-such-post' }]);
  });

  test('post twins and the résumé twin are record twins (the build writes them beside their pages; the data file carries them)', async () => {
    const twins = await recordTwins(new Catalog(sample));
    // FO-TWIN-FRONT-MATTER: as their routes serve them, front matter first.
    for (const post of sample.posts) expect(withoutFrontMatter(twins[post.twin]!), post.twin).toMatch(new RegExp(`^# ${post.title}\\n`));
    for (const post of sample.posts) expect(twins[post.twin], post.twin).toMatch(new RegExp(`^---\\ntitle: "${post.title}"\\n`));
    expect(withoutFrontMatter(twins['/resume.md']!)).toMatch(/^# Résumé\n/);
    expect(Object.keys(twins).some((p) => p.includes(DRAFT))).toBe(false);
    expect(Object.keys(await recordTwins(new Catalog(second))).filter((p) => p.startsWith('/posts') || p.startsWith('/resume'))).toEqual([]);
  });
});

describe('FO-DRAFTS: a draft under npm run dev says it is one', () => {
  test("the draft's twin says it is a draft, and the index marks it; a build's content has no draft at all", async () => {
    const draft = withDrafts.posts.find((p) => p.slug === DRAFT)!;
    expect(draft.draft).toBe(true);
    const { markdown } = await postTwin(draft, new Catalog(withDrafts));
    expect(markdown).toContain('**Draft**: not published.');
    expect(postsTwin(listingOf(withDrafts)).markdown).toContain(
      `(/posts/${DRAFT}.md): Notes towards a post on sampling overhead in Tracejoin; not finished. (draft, 2026-11-01)`,
    );
    expect(sample.posts.some((p) => p.slug === DRAFT)).toBe(false);
  });

  test('even under npm run dev, the feed and the sitemap leave the draft out', () => {
    expect(feedItems(listingOf(withDrafts)).some((i) => i.link?.includes(DRAFT))).toBe(false);
    expect(sitemapEntries(withDrafts).some((e) => e.path.includes(DRAFT))).toBe(false);
  });
});

describe('FO-POSTS: the feed, the sitemap and llms.txt', () => {
  test('the feed: posts and projects in one list, by date (newest first) then slug, posts with their tags as categories', () => {
    const items = feedItems(listingOf(sample));
    expect(items).toHaveLength(sample.projects.length + sample.posts.length);
    const dates = items.map((i) => (i.pubDate as Date).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const post = items.find((i) => i.link === url('/posts/measure-before-you-shard'))!;
    expect(post.categories).toEqual(['postgres', 'performance', 'consulting']);
    expect(items[0]!.link).toBe(url('/posts/measure-before-you-shard'));
    expect(feedTitle(listingOf(sample))).toBe('Mara Lindqvist: posts and projects');
    // FO-LANGUAGE: the second site's interface is Spanish, and so is its feed's title.
    expect(feedTitle(listingOf(second))).toMatch(/: proyectos$/);
  });

  test('the sitemap: the posts index (lastmod of the newest post), each post (lastmod its update), the résumé', () => {
    const entries = sitemapEntries(sample);
    expect(entries).toContainEqual({ path: '/posts', lastmod: '2026-10-06' });
    expect(entries).toContainEqual({ path: '/posts/a-search-index-in-one-file', lastmod: '2026-05-02' });
    expect(entries).toContainEqual({ path: '/resume' });
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
  });

  test('llms.txt: a Writing section (the index, then each post, newest first); the résumé listed as a page and named as JSON', () => {
    const sections = llmsSections(new Catalog(sample).siteListing);
    const writing = sections.find((s) => s.title === 'Writing')!;
    expect(writing.entries.map((e) => e.path)).toEqual(['/posts.md', ...sample.posts.map((p) => p.twin)]);
    expect(sections.find((s) => s.title === 'Pages')!.entries.map((e) => e.path)).toContain('/resume.md');
    const text = llmsTxt(new Catalog(sample).siteListing);
    expect(text).toContain(`- Résumé: \`${url('/resume.json')}\` (application/json)`);
    // A listing without the résumé's mention (listingOf alone) names no résumé.
    expect(llmsTxt(listingOf(sample))).not.toContain('resume');
  });
});

describe('FO-RESUME: the résumé twin and the discovery files', () => {
  test('the résumé twin: who, the summary, then experience, education, skills, languages and the other sections, and where the JSON is', async () => {
    const { markdown, path, page, title } = await resumeTwin(sample.resume!, new Catalog(sample));
    expect([path, page, title]).toEqual(['/resume.md', '/resume', 'Résumé']);
    const order = ['## Summary', '## Experience', '## Education', '## Skills', '## Languages', '## Awards', '## Publications'].map((h) =>
      markdown.indexOf(`\n${h}\n`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(markdown).toContain('### Independent software engineer, Lindqvist Software AB\n\n- Dates: 2020-09 – present\n- Location: Gothenburg, Sweden');
    expect(markdown).toContain('- Systems programming (Expert): Rust, C, Go');
    expect(markdown).toContain('- Swedish: Native speaker');
    expect(markdown).toContain(`[resume.json](${url('/resume.json')})`);
    // Sections the résumé leaves empty are left out, not written empty.
    expect(markdown).not.toContain('## Certificates');
    expect(markdown).not.toContain('## Volunteering');
  });

  test('the api-catalog lists /resume.json with a résumé, and only then', () => {
    const anchors = (content: Content) => apiCatalog(content.site, content).linkset.map((l) => l.anchor);
    expect(anchors(sample)).toContain(url('/resume.json'));
    expect(anchors(second).some((a) => a.endsWith('/resume.json'))).toBe(false);
  });

  test('AGENTS.md, SKILL.md and the agent view document the posts and résumé endpoints and MCP tools on a site with them', () => {
    for (const text of [agentsMarkdown(sample), skillMarkdown(sample)]) {
      for (const needle of ['/api/v1/posts', '/api/v1/resume', 'list_posts', 'get_post', 'get_resume', '/resume.json']) expect(text, needle).toContain(needle);
    }
    expect(agentsMarkdown(sample)).toMatch(/`limit` 1–20, optional `tag`, follow `nextCursor`/);
    expect(agentView(sample)).toContain(`(${url('/api/v1/posts')})`);
  });
});

describe('FO-POSTS, FO-RESUME: a site without posts or a résumé names neither', () => {
  test('the second site has no posts and no résumé', () => {
    expect(second.posts).toEqual([]);
    expect(second.resume).toBeUndefined();
  });

  test('its twins, llms.txt, feed, sitemap, api-catalog, AGENTS.md, SKILL.md and agent view carry no trace of either', async () => {
    const texts: [string, string][] = [
      ['llms.txt', llmsTxt(new Catalog(second).siteListing)],
      ['home twin', (await homeTwin(new Catalog(second).siteListing)).markdown],
      ['tags twin', tagsTwin(listingOf(second)).markdown],
      ['feed', JSON.stringify(feedItems(listingOf(second)))],
      ['sitemap', JSON.stringify(sitemapEntries(second))],
      ['api-catalog', JSON.stringify(apiCatalog(second.site, second))],
      ['AGENTS.md', agentsMarkdown(second)],
      ['SKILL.md', skillMarkdown(second)],
      ['agent view', agentView(second)],
      ...(await allTwins(new Catalog(second))).map((t): [string, string] => [t.path, t.markdown]),
    ];
    for (const [name, text] of texts) expect(text.match(TRACE)?.[0], name).toBeUndefined();
    expect(llmsSections(new Catalog(second).siteListing).map((s) => s.title)).not.toContain('Writing');
  });
});
