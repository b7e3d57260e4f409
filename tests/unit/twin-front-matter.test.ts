// FO-TWIN-FRONT-MATTER and FO-SITEMAP-MD on the fixture sites, in memory: a served twin opens with
// YAML front matter that says what the page is, where it lives and when it changed, in agreement
// with the sitemap; /sitemap.md lists the sitemap's pages by their twins.
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { frontMatterBlock, withFrontMatter, withoutFrontMatter } from '../../src/discovery/front-matter.ts';
import { ABSOLUTE, allTwins, postsTwin, projectsTwin, tagsTwin, tagTwin, twinText, type Twin } from '../../src/discovery/twin.ts';
import { sitemapEntries, sitemapMarkdown, sitemapXml } from '../../src/discovery/sitemap.ts';
import { llmsTxt } from '../../src/discovery/llms.ts';
import { lastChanged, listingOf, tagGroups } from '../../src/records/collections.ts';
import { loadContent, RESERVED_PAGE_SLUGS } from '../../src/records/load.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { absoluteUrl } from '../../src/records/urls.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const sample = loadContent(join(FIXTURES, 'sample-site', 'content'));
const second = loadContent(join(FIXTURES, 'second-site', 'content'));

/** The front matter a served twin opens with, parsed as YAML (js-yaml's default schema: an unquoted date would come back a Date). */
function frontMatterOf(text: string): Record<string, unknown> {
  const m = /^---\n([\s\S]*?)\n---\n\n/.exec(text);
  expect(m, text.slice(0, 80)).not.toBeNull();
  return load(m![1]!) as Record<string, unknown>;
}

async function everyTwin(content: typeof sample): Promise<Twin[]> {
  const catalog = new Catalog(content);
  const listing = listingOf(content);
  return [
    ...(await allTwins(catalog, ABSOLUTE)),
    tagsTwin(content, ABSOLUTE),
    ...tagGroups(content, content.site.base).map((g) => tagTwin(g, content.site, ABSOLUTE)),
    ...(content.posts.length ? [postsTwin(listing, ABSOLUTE)] : []),
    await projectsTwin(listing, ABSOLUTE),
  ];
}

describe('FO-TWIN-FRONT-MATTER: a served twin opens with YAML front matter', () => {
  test('values are quoted by js-yaml, so a hostile title or summary reads back exactly, and a date stays a string', () => {
    const fields = {
      title: 'Quarry: "fast" --- #1 \\ search',
      description: "It's a: list\n- of things, with {braces} and [brackets] & *stars*",
      canonical: 'https://ada.example/projects/quarry',
      lang: 'en',
      date: '2024-01-02',
    };
    const block = frontMatterBlock(fields);
    expect(block.startsWith('---\ntitle: "')).toBe(true);
    expect(block.endsWith('\n---\n\n')).toBe(true);
    // The default schema would read an unquoted 2024-01-02 as a Date: it is quoted, so it reads as text.
    expect(load(block.slice(4, -5))).toEqual(fields);
    expect(withoutFrontMatter(withFrontMatter(fields, '# Quarry\n'))).toBe('# Quarry\n');
    expect(withoutFrontMatter('# No front matter\n\n---\n\nA rule.\n')).toBe('# No front matter\n\n---\n\nA rule.\n');
  });

  for (const [name, content] of [
    ['sample', sample],
    ['second', second],
  ] as const) {
    test(`${name} site: every twin's front matter has its title, description, absolute page, language, and the sitemap's date; the Markdown after it is unchanged`, async () => {
      const lastmods = new Map(sitemapEntries(content).map((e) => [e.path, e.lastmod]));
      const twins = await everyTwin(content);
      expect(twins.length).toBeGreaterThan(10);
      let dated = 0;
      for (const twin of twins) {
        const text = twinText(twin, content.site);
        expect(withoutFrontMatter(text), twin.path).toBe(twin.markdown);
        const front = frontMatterOf(text);
        expect(Object.keys(front).slice(0, 4), twin.path).toEqual(['title', 'description', 'canonical', 'lang']);
        expect(front.title, twin.path).toBe(twin.title);
        expect(front.description, twin.path).toBe(twin.summary);
        expect(front.canonical, twin.path).toBe(absoluteUrl(content.site, twin.page));
        expect(front.lang, twin.path).toBe(twin.lang ?? content.site.locale);
        // The date it last changed is the sitemap's, for every page the sitemap lists.
        if (lastmods.has(twin.page)) expect(front.lastmod, twin.path).toBe(lastmods.get(twin.page));
        if (front.lastmod !== undefined) dated++;
        for (const key of ['date', 'lastmod']) if (key in front) expect(front[key], `${twin.path} ${key}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(dated).toBeGreaterThan(0);
      // A record's date is its own; a project or post carries it.
      for (const p of content.projects) {
        const front = frontMatterOf(twinText(twins.find((t) => t.page === p.href)!, content.site));
        expect([front.date, front.lastmod], p.href).toEqual([p.date, p.updated ?? p.date]);
      }
    });
  }

  test('a page without a date says none: the content gives it none (no build date is invented)', async () => {
    const twins = await everyTwin(sample);
    const about = twins.find((t) => t.page === '/about')!;
    const front = frontMatterOf(twinText(about, sample.site));
    expect('date' in front || 'lastmod' in front).toBe(false);
  });
});

describe('FO-SITEMAP-MD: /sitemap.md, and the indexes’ lastmod', () => {
  test('each index has the lastmod of the newest record it lists; undated pages have none', () => {
    const entries = sitemapEntries(sample);
    const newest = (records: readonly { date: string; updated?: string }[]) =>
      records
        .map((r) => r.updated ?? r.date)
        .sort()
        .at(-1);
    const posts = sample.posts.filter((p) => !p.draft);
    const at = (path: string) => entries.find((e) => e.path === path);
    expect(at('/')!.lastmod).toBe(newest([...sample.projects, ...posts]));
    expect(at('/projects')!.lastmod).toBe(newest(sample.projects));
    expect(at('/posts')!.lastmod).toBe(newest(posts));
    expect(at('/tags')!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const page of sample.pages) expect(at(page.href)!.lastmod, page.href).toBeUndefined();
    expect(at('/developers')!.lastmod).toBeUndefined();
    for (const group of tagGroups(sample, sample.site.base)) expect(at(group.href)!.lastmod, group.href).toBe(lastChanged(group.records));
    expect(
      lastChanged([
        { date: '2026-01-01', draft: true },
        { date: '2025-01-01', updated: '2025-06-01' },
      ]),
    ).toBe('2025-06-01');
    expect(sitemapXml([sample]).match(/<lastmod>/g)!.length).toBe(entries.filter((e) => e.lastmod).length);
  });

  test('/sitemap.md lists every sitemap page by its absolute twin, in order, with its date; llms.txt links it; no page can take its name', () => {
    const md = sitemapMarkdown([sample]);
    expect(md).toMatch(/^# Sitemap: /);
    const links = [...md.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?: \((\d{4}-\d{2}-\d{2})\))?$/gm)];
    const entries = sitemapEntries(sample);
    expect(links.map((m) => m[1])).toEqual(entries.map((e) => e.path));
    expect(links.map((m) => m[2])).toEqual(entries.map((e) => absoluteUrl(sample.site, e.path === '/' ? '/index.md' : `${e.path}.md`)));
    expect(links.map((m) => m[3])).toEqual(entries.map((e) => e.lastmod));
    expect(md).toContain(absoluteUrl(sample.site, '/sitemap.xml'));
    expect(llmsTxt(new Catalog(sample).siteListing)).toContain(`(${absoluteUrl(sample.site, '/sitemap.md')})`);
    expect(RESERVED_PAGE_SLUGS.has('sitemap')).toBe(true);
  });
});
