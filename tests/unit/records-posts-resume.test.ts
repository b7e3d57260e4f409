// Posts and the résumé as the loader reads them: drafts stay out unless asked for, and every
// mistake names the file, the entry and the field, like every content error.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { type ContentError, loadContent } from '../../src/records/load.ts';
import { plainSummary, resumeDocument, resumeSearchText } from '../../src/records/resume.ts';
import { tempDir } from '../support/temp-dir.ts';

const VALID = join(import.meta.dirname, '..', 'fixtures', 'content-valid', 'content');

let dir: string;
beforeEach(() => {
  // Named content/, as the owner's folder is: problems read "content/posts/a.md: …".
  dir = join(tempDir('folio-posts-'), 'content');
  cpSync(VALID, dir, { recursive: true });
  mkdirSync(join(dir, 'posts'));
});

const post = (slug: string, fields: string, body = 'Text.') => writeFileSync(join(dir, 'posts', `${slug}.md`), `---\n${fields}\n---\n\n${body}\n`);
const resume = (fields: string, body = 'Summary with **emphasis** and [a link](https://example.com).') =>
  writeFileSync(join(dir, 'resume.md'), `---\n${fields}\n---\n\n${body}\n`);
const problems = (): string[] => {
  try {
    loadContent(dir);
    return [];
  } catch (error) {
    return (error as ContentError).problems;
  }
};

describe('FO-POSTS: the loader reads content/posts', () => {
  test('posts are records at /posts/<slug>, newest first then by slug, tags deduplicated', () => {
    post('older', 'title: Older\nsummary: S\ndate: 2024-01-02');
    post('newer', 'title: Newer\nsummary: S\ndate: 2025-03-04\nupdated: 2025-04-01\ntags: [a, b, a]');
    post('also-newer', 'title: Also\nsummary: S\ndate: 2025-03-04');
    const { posts } = loadContent(dir);
    expect(posts.map((p) => p.slug)).toEqual(['also-newer', 'newer', 'older']);
    expect(posts[1]).toMatchObject({ kind: 'post', href: '/posts/newer', twin: '/posts/newer.md', tags: ['a', 'b'], updated: '2025-04-01', draft: false });
  });

  test('FO-ONE-RECORD: a post carries its reading time, counted once from its body when the content loads', () => {
    post('short', 'title: Short\nsummary: S\ndate: 2025-01-01', 'A few words.');
    post('long', 'title: Long\nsummary: S\ndate: 2025-01-02', 'word '.repeat(230 * 7));
    const { posts } = loadContent(dir);
    expect(Object.fromEntries(posts.map((p) => [p.slug, p.readingMinutes]))).toEqual({ long: 7, short: 1 });
  });

  test('a site without content/posts has no posts and no résumé', () => {
    const content = loadContent(dir);
    expect(content.posts).toEqual([]);
    expect(content.resume).toBeUndefined();
  });

  test('a post without a date, a date that does not exist, and updated before date are named', () => {
    post('a', 'title: A\nsummary: S');
    post('b', 'title: B\nsummary: S\ndate: 2025-02-30');
    post('c', 'title: C\nsummary: S\ndate: 2025-02-03\nupdated: 2025-01-01');
    expect(problems()).toEqual([
      'content/posts/a.md: field "date" is required (expected a date as YYYY-MM-DD)',
      'content/posts/b.md: field "date" expected a real calendar date as YYYY-MM-DD, got "2025-02-30"',
      'content/posts/c.md: field "updated" expected a date on or after "date" (2025-02-03), got "2025-01-01"',
    ]);
  });

  test('a project-only field on a post is an unknown field, with the fields a post takes', () => {
    post('a', 'title: A\nsummary: S\ndate: 2025-01-01\ntype: talk');
    expect(problems()).toEqual(['content/posts/a.md: unknown field "type"; expected only title, summary, date, updated, tags, draft, cover, coverAlt']);
  });

  test('the slug "index" and the page slugs "posts" and "resume" are refused', () => {
    post('index', 'title: A\nsummary: S\ndate: 2025-01-01');
    mkdirSync(join(dir, 'pages'), { recursive: true });
    writeFileSync(join(dir, 'pages', 'resume.md'), '---\ntitle: R\nsummary: S\n---\n');
    expect(problems()).toEqual([
      'content/pages/resume.md: the slug "resume" is taken by the site\'s own /resume or /resume.md; rename the file',
      'content/posts/index.md: the slug "index" would clash with the posts index at /posts; rename the file',
    ]);
  });
});

describe('FO-DRAFTS: a draft is read only when asked for (npm run dev asks)', () => {
  test('left out by default, read with { drafts: true }, and checked either way', () => {
    post('done', 'title: Done\nsummary: S\ndate: 2025-01-01');
    post('wip', 'title: WIP\nsummary: S\ndate: 2025-02-01\ndraft: true');
    expect(loadContent(dir).posts.map((p) => p.slug)).toEqual(['done']);
    expect(loadContent(dir, { drafts: true }).posts.map((p) => [p.slug, p.draft])).toEqual([
      ['wip', true],
      ['done', false],
    ]);
    post('wip', 'title: WIP\nsummary: S\ndate: 2025-02-31\ndraft: true');
    expect(problems()).toEqual(['content/posts/wip.md: field "date" expected a real calendar date as YYYY-MM-DD, got "2025-02-31"']);
  });
});

describe('FO-RESUME: the loader reads content/resume.md with JSON Resume’s names', () => {
  const WORK = 'work:\n  - { name: Acme, position: Engineer, startDate: 2020-01, highlights: [Shipped Rust] }\n';

  test('a résumé is a record at /resume; its label defaults to the headline', () => {
    resume(WORK);
    const { resume: r, site } = loadContent(dir);
    expect(r).toMatchObject({ kind: 'resume', href: '/resume', twin: '/resume.md', label: site.headline, source: 'content/resume.md' });
    expect(r?.work).toEqual([{ name: 'Acme', position: 'Engineer', startDate: '2020-01', highlights: ['Shipped Rust'] }]);
    expect(r?.education).toEqual([]);
  });

  test('errors name the list, the entry and the field', () => {
    resume(
      'work:\n  - { name: A, position: B, startDate: 2020-01 }\n  - { name: A, position: B, startDate: 2020-01 }\n  - { name: C, position: D, startDate: May 2020 }\n' +
        'education:\n  - { institution: U, startDate: 2010-09, endDate: 2009-06 }\nskills:\n  - { name: Rust, keyword: [x] }',
    );
    expect(problems()).toEqual([
      'content/resume.md: field "work[2].startDate" expected a date as YYYY-MM or YYYY-MM-DD, got "May 2020"',
      'content/resume.md: field "education[0].endDate" expected a date on or after "startDate" (2010-09), got "2009-06"',
      'content/resume.md: unknown field "keyword" (did you mean "keywords"?) under "skills[0]"; expected only name, level, keywords',
    ]);
  });

  test('the JSON Resume document: basics from site.md, lists from the résumé, the active projects; plain-text summary', () => {
    resume(WORK);
    const content = loadContent(dir);
    const doc = resumeDocument(content.site, content.resume!, content.projects);
    expect(doc.basics).toMatchObject({ name: content.site.name, url: `${content.site.url}/`, summary: 'Summary with emphasis and a link.' });
    expect(doc.work).toEqual(content.resume!.work);
    expect(doc.projects.map((p) => p.url)).toEqual(content.projects.filter((p) => !p.archived).map((p) => `${content.site.url}${p.href}`));
    expect(doc.meta.canonical).toBe(`${content.site.url}/resume.json`);
    expect(resumeSearchText(content.resume!)).toContain('Acme');
    expect(plainSummary('One *two*.\n\n- three\n- four')).toBe('One two.\n\nthree\nfour');
  });
});
