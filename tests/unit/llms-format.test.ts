import { beforeAll, describe, expect, test } from 'vitest';
import { LLMS_TXT_WARN_CHARS, estimateTokens, sizeReport } from '../../src/builder/integration.ts';
import { llmsFullTxt } from '../../src/discovery/llms.ts';
import { llmsSections, llmsTxt, postsLlmsTxt, projectsLlmsTxt, ROOT_LIST_MAX, SECTION_LIST_MAX, tagsLlmsTxt } from '../../src/discovery/llms.ts';
import { ALL_PROJECTS, filteredProjects, listingOf, PROJECTS_PER_PAGE, tagGroups } from '../../src/records/collections.ts';
import { loadContent } from '../../src/records/load.ts';
import { loadTwinFixture, withConfiguredSiteUrls } from '../support/content-fixtures.ts';
import type { Content } from '../../src/records/schema.ts';
import { allTwins } from '../../src/discovery/twin.ts';
import { Catalog } from '../../src/records/catalog.ts';

let fixture: Content;
let sample: Content;
withConfiguredSiteUrls();
beforeAll(() => {
  fixture = loadTwinFixture();
  sample = loadContent();
});

/** `- [title](url): note` — llmstxt.org § Format, "file lists". */
const ENTRY = /^- \[(?<title>(?:\\.|[^\]\\])+)\]\((?<url>[^)\s]+)\)(?:: (?<note>.+))?$/;

function parse(text: string) {
  const lines = text.trimEnd().split('\n');
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith('## ')) sections.set(line.slice(3), (current = []));
    else if (current && line.trim()) current.push(line);
  }
  return { lines, sections };
}

describe('PF-DISCOVERY: llms.txt follows llmstxt.org § Format', () => {
  test('the fixture site, pinned whole', () => {
    expect(llmsTxt(fixture)).toMatchInlineSnapshot(`
      "# Ada Fixture

      > A fixture site for the twin and llms.txt generator tests.

      Maker of small, well-tested things. This site publishes 2 projects and 1 page. Every page has a Markdown version at its path plus \`.md\` (the home page: \`/index.md\`); the links below point at those. Content changes only when the site is redeployed.

      Machine-readable descriptions (JSON documents, not pages to read; fetch one when you need the exact shape of the API):

      - OpenAPI description: \`https://ada.example/openapi.json\` (application/openapi+json): OpenAPI 3.1 description of every API route, with a typed schema for every response, errors included
      - API catalog: \`https://ada.example/.well-known/api-catalog\` (application/linkset+json): RFC 9727 API catalog: a linkset pointing at the APIs, their descriptions and docs
      - Agent resource discovery: \`https://ada.example/.well-known/ard.json\` (application/json): Canonical domain discovery document for agents
      - AI catalog (legacy path): \`https://ada.example/.well-known/ai-catalog.json\` (application/ai-catalog+json): The same discovery document at its legacy path
      - AI catalog of the APIs and docs: \`https://ada.example/.well-known/ai-catalog/resources.json\` (application/ai-catalog+json): The REST API, the ask endpoint and llms.txt, nested under the discovery document
      - Protected-resource metadata: \`https://ada.example/.well-known/oauth-protected-resource\` (application/json): RFC 9728 metadata of the protected catalog: which authorization server to ask
      - Authorization-server metadata: \`https://ada.example/.well-known/oauth-authorization-server\` (application/json): RFC 8414 metadata: registration, token and revocation endpoints
      - MCP server card: \`https://ada.example/api/mcp/server-card\` (application/mcp-server-card+json): The MCP server’s card: name, version, transport and where to connect

      ## Projects

      - [Lantern: a \\[tiny\\] log viewer](https://ada.example/projects/lantern.md): A terminal log viewer that follows files and highlights errors. (tool, 2024)

      ## Pages

      - [Home](https://ada.example/index.md): Ada Fixture's profile and featured projects, with every project and page listed
      - [Projects](https://ada.example/projects.md): 2 projects by Ada Fixture in 2 categories, 1 of them archived. Listed by category and by type.
      - [About](https://ada.example/about.md): Who Ada is.
      - [Projects section](https://ada.example/projects/llms.txt): the projects and their index pages, in an llms.txt of its own
      - [Tags](https://ada.example/tags/llms.txt): every tag and what carries it, in an llms.txt of its own

      ## API and agent docs

      - [llms-full.txt](https://ada.example/llms-full.txt): every page listed here as Markdown, in one file
      - [sitemap.md](https://ada.example/sitemap.md): every page by its Markdown version, with the date it last changed
      - [AGENTS.md](https://ada.example/AGENTS.md): How an agent should use this site: entry points, limits and etiquette
      - [SKILL.md](https://ada.example/SKILL.md): A skill file an agent can load to query this site
      - [Pricing](https://ada.example/pricing.md): Pricing: everything is free; no key, no account, no paid tier
      - [Developers](https://ada.example/developers.md): Developer documentation: the error catalog, rate limits, versioning and deprecation policy
      - [Deprecation policy](https://ada.example/developers/deprecation.md): How long a replaced API version keeps working, the headers it sends meanwhile, and the version table
      - [Auth guide](https://ada.example/auth.md): The public-read flow step by step: two requests, no secret

      ## Optional

      - [Harbor](https://ada.example/projects/harbor.md): Archived. An archived library for tailing files. (library, 2019)
      "
    `);
  });

  test('an H1 with the site name first, then a blockquote summary, then prose without headings', () => {
    const { lines } = parse(llmsTxt(sample));
    expect(lines[0]).toBe(`# ${sample.site.name}`);
    expect(lines[1]).toBe('');
    expect(lines[2]).toBe(`> ${sample.site.summary}`);
    const firstH2 = lines.findIndex((l) => l.startsWith('## '));
    expect(lines.slice(3, firstH2).every((l) => !l.startsWith('#'))).toBe(true);
    expect(lines.slice(3, firstH2).join(' ')).toMatch(/plus `\.md`/);
  });

  test('FO-POSTS: H2 sections in order: Projects, Writing (the site has posts), Pages, API and agent docs, Optional last; no deeper headings', () => {
    const text = llmsTxt(sample);
    expect([...parse(text).sections.keys()]).toEqual(['Projects', 'Writing', 'Pages', 'API and agent docs', 'Optional']);
    expect(text).not.toMatch(/^#{3,} /m);
  });

  test('every line of every section is a "- [title](absolute url): note" entry', () => {
    for (const [name, entries] of parse(llmsTxt(sample)).sections) {
      for (const line of entries) {
        const m = ENTRY.exec(line);
        expect(m, `${name}: ${line}`).not.toBeNull();
        expect(m!.groups!.url!.startsWith(`${sample.site.url}/`)).toBe(true);
        expect(m!.groups!.note?.length).toBeGreaterThan(0);
      }
    }
  });

  test('every twin is listed exactly once', async () => {
    const text = llmsTxt(sample);
    const urls = [...parse(text).sections.values()].flat().map((l) => ENTRY.exec(l)!.groups!.url);
    const twins = (await allTwins(new Catalog(sample))).map((t) => `${sample.site.url}${t.path}`);
    for (const twin of twins)
      expect(
        urls.filter((u) => u === twin),
        twin,
      ).toHaveLength(1);
  });

  test('archived projects are listed only under Optional; active ones under Projects', () => {
    const { sections } = parse(llmsTxt(sample));
    const urlsOf = (name: string) => (sections.get(name) ?? []).map((l) => ENTRY.exec(l)!.groups!.url);
    for (const p of sample.projects) {
      const url = `${sample.site.url}${p.twin}`;
      expect(urlsOf(p.archived ? 'Optional' : 'Projects')).toContain(url);
      expect(urlsOf(p.archived ? 'Projects' : 'Optional')).not.toContain(url);
    }
  });

  test('featured projects come first under Projects, in the order content/site.md lists them', () => {
    const entries = llmsSections(sample).find((s) => s.title === 'Projects')!.entries;
    const featured = sample.site.featured.map((slug) => `/projects/${slug}.md`);
    expect(entries.slice(0, featured.length).map((e) => e.path)).toEqual(featured);
  });

  test('the API and agent docs section lists llms-full.txt', () => {
    const docs = parse(llmsTxt(sample)).sections.get('API and agent docs')!;
    expect(docs.some((l) => l.includes(`](${sample.site.url}/llms-full.txt)`))).toBe(true);
  });

  test('the sample llms.txt stays well under the size agents read whole', () => {
    expect(llmsTxt(sample).length).toBeLessThan(LLMS_TXT_WARN_CHARS);
  });
});

describe('llms-full.txt: every twin, in reading order, links absolute', () => {
  test('holds every twin (with absolute links) in the order of allTwins, separated by rules', async () => {
    const full = await llmsFullTxt(new Catalog(sample));
    const twins = await allTwins(new Catalog(sample), { absolute: true });
    let at = 0;
    for (const t of twins) {
      const found = full.indexOf(t.markdown.trim(), at);
      expect(found, t.path).toBeGreaterThan(at);
      expect(full.slice(found - 7, found)).toBe('\n\n---\n\n');
      at = found;
    }
  });

  test('FO-POSTS, FO-RESUME: opens with the site, then the home twin, the résumé, projects index, featured projects; the posts after the projects; archived projects last', async () => {
    const twins = await allTwins(new Catalog(sample));
    const order = twins.map((t) => t.path);
    expect(order.slice(0, 3)).toEqual(['/index.md', '/resume.md', '/projects.md']);
    expect(order.slice(3, 3 + sample.site.featured.length)).toEqual(sample.site.featured.map((s) => `/projects/${s}.md`));
    const posts = order.indexOf('/posts.md');
    expect(order.slice(posts, posts + 1 + sample.posts.length)).toEqual(['/posts.md', ...sample.posts.map((p) => p.twin)]);
    expect(posts).toBeGreaterThan(Math.max(...sample.projects.filter((p) => !p.archived).map((p) => order.indexOf(p.twin))));
    const archived = sample.projects.filter((p) => p.archived).map((p) => p.twin);
    expect(order.slice(-archived.length).sort()).toEqual(archived.sort());
    const full = await llmsFullTxt(new Catalog(sample));
    expect(full.split('\n')[0]).toBe(`# ${sample.site.name}: the whole site as Markdown`);
  });

  test('no root-relative links remain: the file is read away from the site', async () => {
    expect(await llmsFullTxt(new Catalog(sample))).not.toMatch(/\]\(\/(?!\/)/);
  });
});

describe('the build reports sizes', () => {
  test('each file: characters and approximate tokens (~4 characters per token)', () => {
    expect(sizeReport('llms-full.txt', 'x'.repeat(10_001))).toEqual({ info: 'llms-full.txt: 10,001 characters, ~2,501 tokens' });
    expect(estimateTokens('abcd')).toBe(1);
  });

  test('llms.txt past ~50,000 characters warns, with what to do', () => {
    expect(sizeReport('llms.txt', 'x'.repeat(LLMS_TXT_WARN_CHARS)).warning).toBeUndefined();
    expect(sizeReport('llms.txt', 'x'.repeat(LLMS_TXT_WARN_CHARS + 1)).warning).toMatchInlineSnapshot(
      `"llms.txt is 50,001 characters, past the ~50,000 agents read whole; shorten summaries or move projects to the Optional section (archive them)."`,
    );
  });
});

describe('PF-DISCOVERY: llms.txt v2 section files', () => {
  test('/tags/llms.txt lists the tags index and every tag page once, as Markdown twins, in llms.txt’s format; the root llms.txt links it', () => {
    const content = loadContent();
    const text = tagsLlmsTxt(content);
    const groups = tagGroups(content);
    expect(groups.length).toBeGreaterThan(3);
    expect(text).toMatch(/^# .+: tags\n\n> .+\n\n/);
    expect(text.match(/^## /gm)).toEqual(['## ']);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): .+$/gm)].map((m) => new URL(m[1]!).pathname);
    expect(links).toEqual(['/tags.md', ...groups.map((g) => g.twin)]);
    expect(llmsTxt(content)).toContain(`(${content.site.url.replace(/\/+$/, '')}/tags/llms.txt)`);
  });

  test('a site without tags has no tags section file linked', () => {
    const content = loadContent();
    const untagged = {
      ...content,
      projects: content.projects.map((p) => ({ ...p, tags: [] })),
      pages: content.pages.map((p) => ({ ...p, tags: [] })),
      posts: content.posts.map((p) => ({ ...p, tags: [] })),
    };
    expect(llmsTxt(untagged)).not.toContain('/tags/llms.txt');
  });

  test('/projects/llms.txt lists every project once as its twin, active then archived under Optional; the root links it', () => {
    const content = loadContent();
    const listing = listingOf(content);
    const text = projectsLlmsTxt(listing);
    expect(text).toMatch(/^# .+: projects\n\n> .+\n\n/);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): .+$/gm)].map((m) => new URL(m[1]!).pathname);
    expect(links).toEqual(filteredProjects(listing, ALL_PROJECTS).map((p) => p.twin));
    expect(content.projects.some((p) => p.archived)).toBe(true);
    expect(text.split('## Optional')[1]).toContain(content.projects.find((p) => p.archived)!.twin);
    expect(llmsTxt(content)).toContain(`(${content.site.url.replace(/\/+$/, '')}/projects/llms.txt)`);
  });

  test('/posts/llms.txt lists every post once as its twin, newest first; a site without posts links none', () => {
    const content = loadContent();
    expect(content.posts.length).toBeGreaterThan(1);
    const text = postsLlmsTxt(listingOf(content));
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): .+$/gm)].map((m) => new URL(m[1]!).pathname);
    expect(links).toEqual(content.posts.map((p) => p.twin));
    expect(llmsTxt(content)).toContain('/posts/llms.txt)');
    expect(llmsTxt({ ...content, posts: [] })).not.toContain('/posts/llms.txt');
  });

  test('FO-SCALE: at 10,000 projects, 500 pages and 300 posts every llms.txt stays within what agents read whole, and every record is one page of its index away', () => {
    const content = loadContent();
    const [project, post, page] = [content.projects[0]!, content.posts[0]!, content.pages[0]!];
    const many: Content = {
      ...content,
      projects: Array.from({ length: 10_000 }, (_, i) => ({
        ...project,
        slug: `p${i}`,
        href: `/projects/p${i}`,
        twin: `/projects/p${i}.md`,
        title: `Project ${i}`,
        featured: false,
        archived: i % 10 === 0,
      })),
      pages: Array.from({ length: 500 }, (_, i) => ({ ...page, slug: `page-${i}`, href: `/page-${i}`, twin: `/page-${i}.md`, title: `Page ${i}` })),
      posts: Array.from({ length: 300 }, (_, i) => ({ ...post, slug: `post-${i}`, href: `/posts/post-${i}`, twin: `/posts/post-${i}.md`, title: `Post ${i}` })),
    };
    const listing = listingOf(many);
    const files = { root: llmsTxt(many), projects: projectsLlmsTxt(listing), posts: postsLlmsTxt(listing) };
    for (const [name, text] of Object.entries(files)) expect(text.length, name).toBeLessThanOrEqual(LLMS_TXT_WARN_CHARS);
    // The root names the section files; each section file lists its first page and links every later one.
    expect(files.root).toContain('/projects/llms.txt)');
    expect(files.root).toContain('/posts/llms.txt)');
    expect(files.root.match(/\/projects\/p\d+\.md\)/g)!.length).toBeLessThanOrEqual(ROOT_LIST_MAX);
    expect(many.projects.length).toBeGreaterThan(SECTION_LIST_MAX);
    const pages = Math.ceil(10_000 / PROJECTS_PER_PAGE);
    const pageLinks = [...files.projects.matchAll(/\/projects\/page\/(\d+)\.md\)/g)].map((m) => Number(m[1]));
    expect(pageLinks).toEqual(Array.from({ length: pages - 1 }, (_, i) => i + 2));
    const first = [...files.projects.matchAll(/\/projects\/(p\d+)\.md\)/g)].map((m) => m[1]);
    expect(first).toEqual(
      filteredProjects(listing, ALL_PROJECTS)
        .slice(0, PROJECTS_PER_PAGE)
        .map((p) => p.slug),
    );
    expect([...files.posts.matchAll(/\/posts\/page\/(\d+)\.md\)/g)].length).toBe(Math.ceil(300 / 20) - 1);
  });
});
