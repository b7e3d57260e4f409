// FO-POSTS, FO-RESUME: the helpers the post and résumé pages render from (src/records/posts.ts,
// src/render/page-inputs.ts) and their JSON-LD (src/records/schema-org.ts), on the sample fixture
// site (three posts, a draft, a résumé) and the second fixture site (neither).
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { postPage, postsIndexNumber, postsIndexPage, postsIndexPages, resumePage } from '../../src/render/page-inputs.ts';
import { pageFrame } from '../../src/records/collections.ts';
import { loadContent } from '../../src/records/load.ts';
import { formatDay, POSTS_PER_PAGE, postsIndexCount, postsIndexPath } from '../../src/records/posts.ts';
import { personFor, schemaObjectFor } from '../../src/records/schema-org.ts';
import type { Content, Post } from '../../src/records/schema.ts';
import { Catalog } from '../../src/records/catalog.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const sample = loadContent(join(fixtures, 'sample-site', 'content'));
const second = loadContent(join(fixtures, 'second-site', 'content'));

/** The sample site with `n` posts, copies of its first with their own slugs and ever older dates. */
function withPosts(n: number): Content {
  const first = sample.posts[0]!;
  const posts: Post[] = Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString().slice(0, 10);
    return { ...first, slug: `post-${i}`, href: `/posts/post-${i}`, twin: `/posts/post-${i}.md`, date };
  });
  return { ...sample, posts };
}

describe('FO-POSTS: the posts index and a post page', () => {
  test('pages of POSTS_PER_PAGE: /posts, then /posts/page/2 …; no page at all without posts', () => {
    const many = withPosts(POSTS_PER_PAGE * 2 + 1);
    expect(postsIndexCount(many)).toBe(3);
    expect(postsIndexPages(new Catalog(many)).map((p) => [p.params.page, postsIndexPath(postsIndexNumber(p.params.page))])).toEqual([
      [undefined, '/posts'],
      ['page/2', '/posts/page/2'],
      ['page/3', '/posts/page/3'],
    ]);
    const last = postsIndexPage(new Catalog(many), 3)!;
    expect(last.posts.map((e) => e.post.slug)).toEqual([`post-${POSTS_PER_PAGE * 2}`]);
    expect(postsIndexPage(new Catalog(many), 1)!.posts).toHaveLength(POSTS_PER_PAGE);
    expect(postsIndexPage(new Catalog(many), 4)).toBeUndefined();
    expect(postsIndexPages(new Catalog(second))).toEqual([]);
    expect(postsIndexPage(new Catalog(second), 1)).toBeUndefined();
    expect(postsIndexPath(1)).toBe('/posts');
  });

  test('the rest parameter: only undefined and page/<n> name a page', () => {
    expect(postsIndexNumber(undefined)).toBe(1);
    expect(postsIndexNumber('page/12')).toBe(12);
    for (const bad of ['page/0', 'page/01', 'page/x', 'pages/2', 'page/2/3', '']) expect(postsIndexNumber(bad), bad).toBeNaN();
  });

  test('a post page: the post, its reading time, the older and newer posts as listed (no bodies); the draft is not loaded', () => {
    const inputs = postPage(new Catalog(sample), 'a-search-index-in-one-file')!;
    expect(inputs.minutes).toBeGreaterThanOrEqual(1);
    expect(inputs.older?.slug).toBe('leaving-quarry-cloud');
    expect(inputs.newer?.slug).toBe('measure-before-you-shard');
    expect(inputs.older).not.toHaveProperty('body');
    expect(postPage(new Catalog(sample), 'notes-on-tracing-costs')).toBeUndefined();
    expect(postPage(new Catalog(sample), 'measure-before-you-shard')).not.toHaveProperty('newer');
  });

  test('dates read as days in the site’s locale, with no slip across time zones', () => {
    expect(formatDay('2026-10-06')).toBe('October 6, 2026');
    expect(formatDay('2025-01-01', 'sv')).toBe('1 januari 2025');
  });

  test('BlogPosting JSON-LD: headline, dates, keywords, the owner as author, the cover', () => {
    const post = sample.posts.find((p) => p.slug === 'a-search-index-in-one-file')!;
    const ld = schemaObjectFor(post, sample.site) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: '2026-04-21',
      dateModified: '2026-05-02',
      keywords: 'rust, search, indexing',
      author: { '@type': 'Person', name: sample.site.name, url: sample.site.url },
      image: { '@type': 'ImageObject', caption: post.cover!.alt },
    });
    expect(ld.author).not.toHaveProperty('@context');
  });
});

describe('FO-RESUME: the header, the résumé page and the owner’s Person', () => {
  test('the frame says whether there are posts and a résumé; the second site has neither', () => {
    expect(pageFrame(sample)).toMatchObject({ writing: true, resume: true });
    expect(pageFrame(second)).toMatchObject({ writing: false, resume: false });
    // Once per catalog: every page's digest reads the same object.
    const catalog = new Catalog(sample);
    expect(catalog.frame).toBe(catalog.frame);
    expect(resumePage(new Catalog(second))).toBeUndefined();
    expect(resumePage(new Catalog(sample))?.resume.slug).toBe('resume');
  });

  test('Person: current positions and employers, schools, skills and their keywords, languages; nothing of the sort without a résumé', () => {
    const person = personFor(sample.site, sample.resume) as Record<string, unknown>;
    expect(person.hasOccupation).toEqual([
      expect.objectContaining({
        '@type': 'Occupation',
        name: 'Independent software engineer',
        occupationLocation: { '@type': 'Place', name: 'Gothenburg, Sweden' },
      }),
    ]);
    expect(person.worksFor).toEqual([{ '@type': 'Organization', name: 'Lindqvist Software AB' }]);
    expect(person.alumniOf).toEqual([{ '@type': 'EducationalOrganization', name: 'Chalmers University of Technology' }]);
    expect(person.knowsAbout).toEqual(expect.arrayContaining(['Systems programming', 'Rust', 'Web performance', 'Core Web Vitals']));
    expect(new Set(person.knowsAbout as string[]).size).toBe((person.knowsAbout as string[]).length);
    expect(person.knowsLanguage).toHaveLength(3);
    expect(schemaObjectFor(sample.resume!, sample.site)).toMatchObject({ '@type': 'Person', worksFor: person.worksFor });
    const bare = personFor(second.site, second.resume);
    for (const field of ['hasOccupation', 'worksFor', 'alumniOf', 'knowsAbout', 'knowsLanguage']) expect(bare).not.toHaveProperty(field);
  });
});
