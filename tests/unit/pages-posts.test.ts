// FO-POSTS, FO-DRAFTS, FO-RESUME, FO-RESUME-PDF: the pages and files posts and the résumé give a
// site, as a build makes them, rendered with no build (tests/support/render-page.ts): the sample
// fixture site (three posts, a draft, a résumé), the same site as `npm run dev` shows it (the draft
// read and marked), and the second fixture site (neither posts nor a résumé). What the served site
// adds (headers, negotiation, 404 answers, the social cards' files) stays in
// tests/e2e/posts-text.spec.ts; what a browser shows (print, the PDF button) in posts-pages.spec.ts.
import { createRequire } from 'node:module';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';
import type { Content } from '../../src/records/schema.ts';
import type { Doc } from '../support/html-query.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

/** JSON Resume's own validator (CommonJS, untyped): errors or null, and whether the document is valid. */
const { validate: validateJsonResume } = createRequire(import.meta.url)('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void;
};
const validJsonResume = (doc: unknown) =>
  new Promise<{ valid: boolean; errors: unknown }>((resolve) => validateJsonResume(doc, (errors, valid) => resolve({ valid, errors })));

const sample = fixtureSite(SAMPLE_SITE_CONTENT);
const dev = fixtureSite(SAMPLE_SITE_CONTENT, { drafts: true });
const second = fixtureSite('tests/fixtures/second-site/content');
const DRAFT = 'notes-on-tracing-costs';
const ENTRY = /^- \[(?:\\.|[^\]\\])+\]\(([^)\s]+)\)/gm;
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'url' || name === 'category' });

/** The link in `page`'s landmark or list named `name` whose accessible name is `link`. */
const linkIn = (page: Doc, selector: string, name: string, link: string | RegExp) => page.getNamed(selector, name).getNamed('a', link);

let content: Content;
let url = '';
beforeAll(async () => {
  content = await sample.content();
  url = content.site.url;
});

describe('the sample site: its pages', () => {
  test('FO-POSTS, FO-DRAFTS: /posts lists the three published posts newest first, grouped by year, each with date, summary and reading time; never the draft', async () => {
    const page = await sample.page('/posts');
    expect(page.get('h1').text).toBe('Writing');
    expect(page.texts('.post-year > h2')).toEqual(['2026', '2025']);
    expect(page.texts('.post-list__title a')).toEqual([
      'Measure before you shard',
      'A search index in one file',
      'Why I shut down a service that paid for itself',
    ]);
    expect(page.attrs('.post-list__title a', 'href')).toEqual([
      '/posts/measure-before-you-shard',
      '/posts/a-search-index-in-one-file',
      '/posts/leaving-quarry-cloud',
    ]);
    expect(page.attrs('.post-list__meta time', 'datetime')).toEqual(['2026-10-06', '2026-04-21', '2025-02-11']);
    expect(page.get('.post-list__meta').text).toMatch(/\d+ min read/);
    expect(page.get('.post-list__summary').text).toContain('single measurement');
    // The draft is neither listed nor built (FO-DRAFTS).
    expect(page.bodyText()).not.toContain('What tracing really costs');
    expect(await sample.has(`/posts/${DRAFT}`)).toBe(false);
    // Three posts fit on one page: no pager, no second page.
    expect(page.all('.pager')).toHaveLength(0);
    expect(await sample.has('/posts/page/2')).toBe(false);
    expect(page.get('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/posts.md');
    expect(linkIn(page, 'nav', 'Main', 'Writing').attr('aria-current')).toBe('page');
  });

  test('FO-POSTS: a post shows its date, reading time, a table of contents of its four sections, tags, older and newer posts, and BlogPosting JSON-LD', async () => {
    const page = await sample.page('/posts/measure-before-you-shard');
    expect(page.get('h1').text).toBe('Measure before you shard');
    const meta = page.get('.post__meta');
    expect(meta.get('time').attr('datetime')).toBe('2026-10-06');
    expect(meta.text).toContain('October 6, 2026');
    expect(meta.text).toMatch(/\b\d+ min read\b/);
    const toc = page.getNamed('nav', 'In this post');
    expect(toc.texts('a')).toEqual(['The symptom', 'The measurement', 'What we changed', 'What I tell teams now']);
    // Each entry leads to its section's heading.
    for (const href of toc.attrs('a', 'href')) expect(page.all(`h2${href}`), href).toHaveLength(1);
    expect(
      page
        .getNamed('ul', 'Tags')
        .all('a')
        .map((a) => a.accessibleName()),
    ).toEqual(['Tag: postgres', 'Tag: performance', 'Tag: consulting']);
    // The newest post: an older one, no newer one.
    const more = page.getNamed('nav', 'More posts');
    expect(more.get('a[rel="prev"]').attr('href')).toBe('/posts/a-search-index-in-one-file');
    expect(more.all('a[rel="next"]')).toHaveLength(0);
    expect(page.all('meta[name="robots"]')).toHaveLength(0);
    const [ld] = page.jsonLd;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Measure before you shard',
      datePublished: '2026-10-06',
      dateModified: '2026-10-06',
      keywords: 'postgres, performance, consulting',
      author: { '@type': 'Person', name: 'Mara Lindqvist' },
    });
    expect(ld!.url).toMatch(/\/posts\/measure-before-you-shard$/);
    // Its social card is one the build draws.
    const card = page.get('meta[property="og:image"]').attr('content')!;
    expect(card).toMatch(/\/og\/posts\/measure-before-you-shard\.png$/);
    expect(await sample.has(new URL(card).pathname)).toBe(true);

    // The middle post links both ways, shows when it was updated, and its cover.
    const middle = await sample.page('/posts/a-search-index-in-one-file');
    const around = middle.getNamed('nav', 'More posts');
    expect(around.get('a[rel="next"]').attr('href')).toBe('/posts/measure-before-you-shard');
    expect(around.get('a[rel="prev"]').attr('href')).toBe('/posts/leaving-quarry-cloud');
    expect(middle.get('.post__meta').text).toContain('Updated May 2, 2026');
    expect(middle.get('.record__cover img').attr('alt')).toMatch(/single-file index layout/);
    const [middleLd] = middle.jsonLd;
    expect(middleLd).toMatchObject({ '@type': 'BlogPosting', dateModified: '2026-05-02' });
    expect((middleLd!.image as { '@type': string })['@type']).toBe('ImageObject');
    // Two sections only: no table of contents.
    expect(middle.named('nav', 'In this post')).toHaveLength(0);
  });

  test('FO-POSTS, FO-RESUME: the home page shows the latest writing, and the header and footer link Writing and the Résumé', async () => {
    const page = await sample.page('/');
    const latest = page.get('section[aria-labelledby="latest-writing"]');
    expect(latest.get('h2').text).toBe('Latest writing');
    expect(latest.texts('.post-list__title a')).toEqual([
      'Measure before you shard',
      'A search index in one file',
      'Why I shut down a service that paid for itself',
    ]);
    expect(latest.getNamed('a', /All 3 posts/).attr('href')).toBe('/posts');
    expect(linkIn(page, 'nav', 'Main', 'Writing').attr('href')).toBe('/posts');
    expect(linkIn(page, 'nav', 'Main', 'Résumé').attr('href')).toBe('/resume');
    // Still one bounded row: Projects and at most six more.
    expect(page.getNamed('nav', 'Main').all('a').length).toBeLessThanOrEqual(7);
    expect(linkIn(page, 'nav', 'Site', 'Résumé').attr('href')).toBe('/resume');
    // The owner's Person says what the résumé says.
    const person = page.jsonLd.find((o) => o['@type'] === 'Person')!;
    expect(person.worksFor).toEqual([{ '@type': 'Organization', name: 'Lindqvist Software AB' }]);
    expect(person.knowsAbout).toContain('Rust');
  });

  test('FO-POSTS: tag pages list the posts that carry the tag, and the tags index counts them', async () => {
    const page = await sample.page('/tags/postgres');
    expect(page.get('section[aria-labelledby="tag-posts"]').texts('.post-list__title a')).toEqual(['Measure before you shard']);
    expect(page.get('.lead').text).toContain('1 post');
    // The count is of everything with the tag: projects, posts and pages.
    const { projects, posts, pages } = content;
    const carrying = [...projects, ...posts, ...pages].filter((r) => r.tags.includes('consulting'));
    expect(carrying.map((r) => r.kind)).toContain('post');
    expect((await sample.page('/tags')).get('a.chip[href="/tags/consulting"] .chip__count').text).toBe(String(carrying.length));
  });

  test('FO-RESUME: /resume shows the name, title, contact, summary, experience, education, skills and languages, links JSON Resume and the twin, and carries the Person JSON-LD', async () => {
    const page = await sample.page('/resume');
    expect(page.get('h1').text).toBe('Mara Lindqvist');
    expect(page.get('.resume__head .lead').text).toBe('Independent software engineer — search, data systems and web performance');
    const contact = page.get('address.resume__contact');
    expect(contact.getNamed('a', 'mara@example.com').attr('href')).toBe('mailto:mara@example.com');
    // One line of details, as printed (and as read as text: FO-CHECKERS' content-start-position).
    expect(contact.text).toContain('Contact: mara@example.com · Gothenburg, Sweden');
    expect(contact.getNamed('a', 'GitHub').attr('href')).toBe('https://github.com/example-mara');
    expect(page.get('#resume-summary + .prose').text).toContain('twelve years of experience');

    expect(page.texts('.resume__section > h2')).toEqual(['Summary', 'Experience', 'Education', 'Skills', 'Languages', 'Awards', 'Publications']);
    const jobs = page.all('section[aria-labelledby="resume-work"] .resume-entry');
    expect(jobs).toHaveLength(3);
    expect(jobs[0]!.get('h3').text).toBe('Independent software engineer');
    expect(jobs[0]!.get('.resume-entry__when').text).toBe('Sep 2020 – present');
    expect(jobs[0]!.all('li')).toHaveLength(3);
    expect(jobs[1]!.getNamed('a', 'Nordfrakt Logistics').attr('href')).toBe('https://example.com/nordfrakt');
    expect(jobs[1]!.get('.resume-entry__when').text).toBe('May 2016 – Aug 2020');
    expect(page.get('section[aria-labelledby="resume-education"]').text).toContain('Chalmers University of Technology');
    expect(page.get('.resume-skills dt').text).toContain('Systems programming');
    expect(page.get('.resume-skills dd').text).toBe('Rust, C, Go');
    expect(page.all('.resume-languages li')).toHaveLength(3);
    expect(page.getNamed('a', 'JSON Resume').attr('href')).toBe('/resume.json');
    expect(page.get('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/resume.md');
    expect(linkIn(page, 'nav', 'Main', 'Résumé').attr('aria-current')).toBe('page');
    expect(await sample.has('/og/resume.png')).toBe(true);

    const person = page.jsonLd.find((o) => o['@type'] === 'Person')!;
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Mara Lindqvist',
      hasOccupation: [{ '@type': 'Occupation', name: 'Independent software engineer' }],
      worksFor: [{ '@type': 'Organization', name: 'Lindqvist Software AB' }],
      alumniOf: [{ '@type': 'EducationalOrganization', name: 'Chalmers University of Technology' }],
      knowsLanguage: [
        { '@type': 'Language', name: 'Swedish' },
        { '@type': 'Language', name: 'English' },
        { '@type': 'Language', name: 'German' },
      ],
    });
    // Past employers are not current ones.
    expect(JSON.stringify(person.worksFor)).not.toContain('Nordfrakt');
    expect(person.knowsAbout).toEqual(expect.arrayContaining(['Systems programming', 'Rust', 'PostgreSQL', 'OpenTelemetry']));
  });

  test('FO-RESUME-PDF: the PDF button is described as opening the print dialog, with its hint; its script is the page’s own file', async () => {
    const page = await sample.page('/resume');
    const button = page.getNamed('button', 'Download résumé (PDF)');
    const hint = page.get(`#${button.attr('aria-describedby')}`);
    expect(hint.attr('id')).toBe('resume-pdf-hint');
    expect(hint.text).toBe('Opens the print dialog: choose “Save as PDF”.');
    expect(page.all('script[src="/resume-print.js"]')).toHaveLength(1);
  });
});

describe('the sample site: its twins and files', () => {
  test('FO-POSTS: each post twin and /posts.md: title, the llms.txt pointer first, date, reading time, tags, the page, neighbours and cover, absolute links', async () => {
    expect(content.posts.map((p) => p.slug)).toEqual(['measure-before-you-shard', 'a-search-index-in-one-file', 'leaving-quarry-cloud']);
    for (const post of content.posts) {
      const md = withoutFrontMatter(await sample.text(post.twin));
      expect(md.split('\n')[0]).toBe(`# ${post.title}`);
      // The llms.txt pointer comes before any image or fields list, as on every twin.
      const pointer = md.indexOf(`(${url}/llms.txt)`);
      expect(pointer).toBeGreaterThan(0);
      expect(pointer).toBeLessThan(md.indexOf('- Date: '));
      expect(md).toContain(`- Date: ${post.date}`);
      expect(md).toMatch(/^- Reading time: \d+ min read$/m);
      expect(md).toContain(`- Tags: ${post.tags.join(', ')}`);
      expect(md).toContain(`- Web page: <${url}${post.href}>`);
      // Links to site pages point at their twins, absolutely.
      expect(md).not.toMatch(/\]\(\/projects\/[a-z-]+\)/);
    }
    // Previous and next: the middle post links both of its neighbours' twins.
    const middle = await sample.text('/posts/a-search-index-in-one-file.md');
    expect(middle).toContain(`- Previous (older): [Why I shut down a service that paid for itself](${url}/posts/leaving-quarry-cloud.md)`);
    expect(middle).toContain(`- Next (newer): [Measure before you shard](${url}/posts/measure-before-you-shard.md)`);
    // A cover is an image at its published (absolute) address.
    expect(middle).toMatch(
      new RegExp(`!\\[Diagram of Quarry's single-file index layout[^\\]]*\\]\\(${url.replace(/[.]/g, '\\.')}/_images/[0-9a-f]{16}-\\d+\\.webp\\)`),
    );

    const text = await sample.text('/posts.md');
    expect(text).toMatch(/^# Posts\n\n> 3 posts by Mara Lindqvist, newest first\.$/m);
    // Grouped by year, newest first; each post's twin listed once.
    expect(text.indexOf('## 2026')).toBeGreaterThan(0);
    expect(text.indexOf('## 2025')).toBeGreaterThan(text.indexOf('## 2026'));
    expect([...text.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname)).toEqual(content.posts.map((p) => p.twin));
  });

  test('FO-POSTS: the home twin lists the latest posts and links the résumé; a tag twin lists the posts that carry it', async () => {
    const home = await sample.text('/index.md');
    const latest = home.slice(home.indexOf('## Latest posts'), home.indexOf('## All projects'));
    expect([...latest.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname)).toEqual(content.posts.map((p) => p.twin));
    expect(latest).toContain(`[Posts](${url}/posts.md)`);
    expect(home).toContain(`- Résumé: [Résumé](${url}/resume.md)`);
    const tag = await sample.text('/tags/postgres.md');
    expect(tag).toContain(`[Measure before you shard](${url}/posts/measure-before-you-shard.md)`);
    expect(tag).toMatch(/^> \d+ projects? and 1 post tagged “postgres”: .+\.$/m);
  });

  test('FO-DRAFTS: the draft is in no build: no page or twin of it is written, and no file names it', async () => {
    expect(await sample.has(`/posts/${DRAFT}`)).toBe(false);
    expect(await sample.has(`/posts/${DRAFT}.md`)).toBe(false);
    for (const path of ['/posts.md', '/index.md', '/llms.txt', '/llms-full.txt', '/feed.xml', '/sitemap.xml', '/tags/tracing.md']) {
      if (!(await sample.has(path))) continue;
      const body = await sample.text(path);
      expect(body, path).not.toContain(DRAFT);
      expect(body, path).not.toContain('What tracing really costs');
    }
  });

  test('FO-POSTS: /feed.xml carries the posts and the projects together, newest first, posts at /posts/<slug> with their tags', async () => {
    const feed = xml.parse(await sample.text('/feed.xml'));
    const items: { title: string; link: string; pubDate: string; category?: string[] }[] = feed.rss.channel.item;
    expect(feed.rss.channel.title).toBe('Mara Lindqvist: posts and projects');
    // The one order: by date, newest first, then by slug.
    const expected = [
      ...content.projects.map((p) => ({ date: p.date, slug: p.slug, href: p.href })),
      ...content.posts.map((p) => ({ date: p.date, slug: p.slug, href: p.href })),
    ].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    expect(items.map((i) => new URL(i.link).pathname)).toEqual(expected.map((e) => e.href));
    const dates = items.map((i) => Date.parse(i.pubDate));
    for (let i = 1; i < dates.length; i++) expect(dates[i]!).toBeLessThanOrEqual(dates[i - 1]!);
    for (const post of content.posts) {
      const item = items.find((i) => i.link === `${url}${post.href}`)!;
      expect(item.title).toBe(post.title);
      expect(item.category).toEqual(post.tags);
    }
    expect(items.some((i) => i.link.includes('/projects/'))).toBe(true);
  });

  test('FO-POSTS, FO-RESUME: the sitemap lists the posts index, each post and the résumé', async () => {
    const map = xml.parse(await sample.text('/sitemap.xml'));
    const locs: string[] = map.urlset.url.map((u: { loc: string }) => u.loc);
    for (const path of ['/posts', ...content.posts.map((p) => p.href), '/resume']) expect(locs, path).toContain(`${url}${path}`);
    expect(locs.filter((l) => l.startsWith(`${url}/posts/`))).toHaveLength(3);
    const updated = map.urlset.url.find((u: { loc: string }) => u.loc === `${url}/posts/a-search-index-in-one-file`);
    expect(updated.lastmod).toBe('2026-05-02');
  });

  test('FO-POSTS, FO-RESUME: llms.txt has a Writing section with the three posts and lists the résumé; llms-full.txt holds the post bodies', async () => {
    const text = await sample.text('/llms.txt');
    const writing = text.slice(text.indexOf('\n## Writing\n'), text.indexOf('\n## ', text.indexOf('\n## Writing\n') + 1));
    expect(writing.length).toBeGreaterThan(20);
    expect([...writing.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname)).toEqual(['/posts.md', ...content.posts.map((p) => p.twin)]);
    for (const post of content.posts) expect(writing).toContain(post.summary);
    expect(text).toContain(`- [Résumé](${url}/resume.md): `);
    // A JSON document is named, not linked: llms.txt links only what reads as text (afdocs).
    expect(text).toContain(`- Résumé: \`${url}/resume.json\` (application/json): `);
    expect(text).not.toContain(`(${url}/resume.json)`);
    expect(text).toMatch(/This site publishes 19 projects, 3 posts and 6 pages, and a résumé\./);
    const full = await sample.text('/llms-full.txt');
    for (const post of content.posts) {
      expect(full, post.slug).toContain(`# ${post.title}\n`);
      // A line of the body as written (no link in it, so no rewriting): the body itself is there.
      const line = post.body.split('\n').find((l) => /^[A-Z][^[\]`|]{40,}$/.test(l))!;
      expect(line, post.slug).toBeDefined();
      expect(full, post.slug).toContain(line);
    }
    expect(full).toContain('# Résumé\n');
  });

  describe('the function beside them', () => {
    const fn = siteFunction(sample);

    test('FO-RESUME: /resume.md is the résumé as Markdown, /resume.json a valid JSON Resume document, the one REST answers', async () => {
      const md = withoutFrontMatter(await sample.text('/resume.md'));
      expect(md.split('\n')[0]).toBe('# Résumé');
      for (const heading of ['## Summary', '## Experience', '## Education', '## Skills', '## Languages', '## Awards', '## Publications'])
        expect(md).toContain(heading);
      expect(md).toContain('### Platform engineer, [Nordfrakt Logistics](https://example.com/nordfrakt)');
      expect(md).toContain('- Dates: 2020-09 – present');
      expect(md).toContain(`[resume.json](${url}/resume.json)`);

      const file = await sample.response('/resume.json');
      expect(file.headers.get('content-type')).toMatch(/^application\/json/);
      const doc = await file.json();
      const { valid, errors } = await validJsonResume(doc);
      expect(errors).toBeNull();
      expect(valid).toBe(true);
      expect(doc.basics.name).toBe('Mara Lindqvist');
      expect(doc.work.map((w: { name: string }) => w.name)).toEqual(['Lindqvist Software AB', 'Nordfrakt Logistics', 'Kvadrat Web']);
      expect(doc.meta.canonical).toBe(`${url}/resume.json`);
      // The same document the REST API answers (one source: src/records/resume.ts).
      expect(await (await fn('/api/v1/resume')).json()).toEqual(doc);
    });
  });

  test('FO-RESUME: the api-catalog lists /resume.json with its schema and documentation', async () => {
    const catalog = JSON.parse(await sample.text('/.well-known/api-catalog'));
    const entry = catalog.linkset.find((l: { anchor: string }) => l.anchor === `${url}/resume.json`);
    expect(entry['service-desc'][0].href).toBe('https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json');
    expect(entry['service-doc'].map((d: { href: string }) => d.href)).toEqual([`${url}/resume`, `${url}/resume.md`]);
  });
});

describe('the sample site as npm run dev shows it (drafts read)', () => {
  test('FO-DRAFTS: under npm run dev the draft is listed and has its page, marked as a draft and kept out of search engines', async () => {
    const posts = await dev.page('/posts');
    const draft = posts.all('.post-list__item').filter((item) => item.text.includes('What tracing really costs'));
    expect(draft).toHaveLength(1);
    expect(draft[0]!.get('.badge').text).toBe('Draft');
    const page = await dev.page(`/posts/${DRAFT}`);
    expect(page.get('h1').text).toBe('What tracing really costs');
    expect(page.get('.notice--draft').text).toContain('Draft.');
    expect(page.get('title').text).toMatch(/^Draft: /);
    expect(page.get('meta[name="robots"]').attr('content')).toBe('noindex');
    // A published post is not marked.
    const published = await dev.page('/posts/measure-before-you-shard');
    expect(published.all('.notice--draft')).toHaveLength(0);
    expect(published.all('meta[name="robots"]')).toHaveLength(0);
  });
});

describe('a site with neither posts nor a résumé (the second fixture site)', () => {
  test('FO-POSTS, FO-RESUME: no posts and no résumé: no /posts, /resume or their cards are written, no Writing or Résumé link, no latest writing', async () => {
    for (const path of ['/posts', '/posts/page/2', '/resume', '/og/posts.png', '/og/resume.png']) expect(await second.has(path), path).toBe(false);
    for (const path of ['/', '/projects', '/tags']) {
      const page = await second.page(path);
      expect(page.get('body').text, path).not.toMatch(/Writing|Résumé|Latest writing/);
      expect(page.all('a[href="/posts"], a[href="/resume"]'), path).toHaveLength(0);
    }
    const home = await second.page('/');
    expect(home.all('section[aria-labelledby="latest-writing"]')).toHaveLength(0);
    const person = home.jsonLd.find((o) => o['@type'] === 'Person')!;
    for (const field of ['hasOccupation', 'worksFor', 'alumniOf', 'knowsAbout', 'knowsLanguage']) expect(person, field).not.toHaveProperty(field);
  });

  test('FO-POSTS, FO-RESUME: /posts.md, /resume.md and /resume.json are not written, and llms.txt, the sitemap, the feed, the api-catalog and the agent files name neither', async () => {
    for (const path of ['/posts.md', '/posts/llms.txt', '/resume.md', '/resume.json']) expect(await second.has(path), path).toBe(false);
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
      // What /?mode=agent answers (src/routing: the agent view).
      '/agent-view.md',
    ]) {
      expect(await second.has(path), path).toBe(true);
      expect((await second.text(path)).match(trace)?.[0], path).toBeUndefined();
    }
    const feed = xml.parse(await second.text('/feed.xml'));
    expect(feed.rss.channel.title).toMatch(/: proyectos$/); // the second site's interface is Spanish (FO-LANGUAGE)
    expect(feed.rss.channel.item.length).toBeGreaterThan(0);
  });
});
