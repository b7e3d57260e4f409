// FO-MARKDOWN-SAFE over every Markdown surface: a site whose front matter is full of markup-looking
// text (tests/fixtures/markdown-hostile-site: titles, summaries, labels, categories, the résumé's
// fields holding <script>, <img onerror>, [x](javascript:…), and link URLs holding "><script>, spaces
// and `>`) builds twins, index twins, llms.txt, llms-full.txt, a search twin and MCP text answers
// that a GFM parser reads as text: no HTML node, no link anywhere but http(s), mailto or the site.
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, test } from 'vitest';
import { llmsFullTxt } from '../../src/discovery/llms.ts';
import { llmsTxt, postsLlmsTxt, projectsLlmsTxt, tagsLlmsTxt } from '../../src/discovery/llms.ts';
import { ABSOLUTE, allTwins, notFoundTwin, projectsPageTwin, projectTwin, recordTwins, tagsTwin, tagTwin } from '../../src/discovery/twin.ts';
import { writeDataFile } from '../../src/builder/data-file.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { projectLinkList, tagGroups } from '../../src/records/collections.ts';
import { loadContent } from '../../src/records/load.ts';
import { DATA_FILE, readDataFile } from '../../src/search/data-file.ts';
import { createApp } from '../../src/server/app.ts';
import { call } from '../../src/server/mcp/tool-kit.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import { disagreements, recordFacts, twinFacts } from '../../scripts/lib/surface-parity.ts';
import { agentView } from '../../src/discovery/agent-view.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { authGuide } from '../../src/discovery/auth-guide.ts';
import { deprecationMarkdown } from '../../src/discovery/deprecation.ts';
import { developerGuide, developersMarkdown, inlineHtml } from '../../src/discovery/developers.ts';
import { skillMarkdown } from '../../src/discovery/skill-md.ts';
import { roomy } from '../support/portfolio-helpers.ts';
import { tempDir } from '../support/temp-dir.ts';
import { withConfiguredSiteUrls } from '../support/content-fixtures.ts';
import { parseHtml } from '../support/html-query.ts';
import { liveMarkup, renderTrusting } from '../support/live-markup.ts';

withConfiguredSiteUrls();
const content = loadContent(join(import.meta.dirname, '..', 'fixtures', 'markdown-hostile-site', 'content'));
const catalog = new Catalog(content);
const root = tempDir('folio-hostile-md-', 'file');
await writeDataFile(catalog, await recordTwins(catalog), root);
const data = readDataFile(join(root, DATA_FILE));
const app = createApp({ ...roomy, data: () => data });

type Node = { type: string; url?: string; value?: string; children?: Node[] };
const nodes = (tree: Node): Node[] => [tree, ...(tree.children ?? []).flatMap(nodes)];

/**
 * What a GFM renderer that allows HTML would make of `markdown`: no raw HTML, and every link,
 * image and definition pointing at an http(s) address, an email address, the site's own path or an anchor.
 */
function expectInert(markdown: string, name: string) {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as unknown as Node;
  const all = nodes(tree);
  expect(
    all.filter((n) => n.type === 'html').map((n) => n.value),
    `${name}: raw HTML`,
  ).toEqual([]);
  const urls = all.filter((n) => n.url !== undefined).map((n) => n.url!);
  expect(
    urls.filter((url) => !/^(?:https?:\/\/|mailto:|\/|#)/i.test(url)),
    `${name}: a link that is not http(s), mailto or the site`,
  ).toEqual([]);
  // FO-LINK-SCHEMES: and rendered by micromark letting raw HTML and every protocol through, nothing runs or leads elsewhere.
  const { html, rawHtml } = renderTrusting(markdown);
  expect(rawHtml, `${name}: raw HTML to a trusting renderer`).toBe(false);
  expect(liveMarkup(parseHtml(html).all('*'), { email: content.site.email }), `${name}: live markup`).toEqual([]);
  // The hostile text is still there, as text: escaped, not dropped.
  return textOf(tree as never);
}

describe('FO-MARKDOWN-SAFE: owner text that looks like markup stays text on every Markdown surface', () => {
  test('every twin (home, résumé, indexes, projects, posts, pages, tags, a filtered index, 404) parses to no HTML and no javascript: link', async () => {
    const twins = [
      ...(await allTwins(catalog, ABSOLUTE)),
      ...(await allTwins(catalog)),
      tagsTwin(content, ABSOLUTE),
      ...tagGroups(content).map((g) => tagTwin(g, content.site, ABSOLUTE)),
      projectsPageTwin(catalog, { kind: 'category', id: 'tools' }, 1, ABSOLUTE)!,
      projectsPageTwin(catalog, { kind: 'category', id: 'libs' }, 1, ABSOLUTE)!,
      notFoundTwin(content),
    ];
    expect(twins.map((t) => t.path)).toEqual(
      expect.arrayContaining(['/index.md', '/resume.md', '/projects.md', '/posts.md', '/projects/lantern.md', '/about.md']),
    );
    for (const twin of twins) expectInert(twin.markdown, twin.path);
    const home = expectInert(twins.find((t) => t.path === '/index.md')!.markdown, '/index.md');
    expect(home).toContain('Mallory <script>alert(1)</script>');
    expect(home).toContain('[x](javascript:alert(1)) maker of <img src=x onerror=alert(1)>');
  });

  test('a link URL with "><script>, a space or > stays one autolink, percent-encoded, in the project twin', async () => {
    const twin = (await projectTwin(content.projects.find((p) => p.slug === 'lantern')!, catalog, ABSOLUTE)).markdown;
    expect(twin).toContain('<https://code.example/lantern?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E>');
    expect(twin).toContain('<https://demo.example/a%20b%3Ec%60d>');
    expectInert(twin, 'lantern');
  });

  test('llms.txt, its section files and llms-full.txt parse to no HTML and no javascript: link', async () => {
    for (const [name, text] of [
      ['llms.txt', llmsTxt(content)],
      ['projects/llms.txt', projectsLlmsTxt(catalog.listing)],
      ['posts/llms.txt', postsLlmsTxt(catalog.listing)],
      ['tags/llms.txt', tagsLlmsTxt(catalog.listing)],
      ['llms-full.txt', await llmsFullTxt(catalog)],
    ] as const)
      expectInert(text, name);
  });

  test('the search twin lists hostile titles and echoes a hostile query as text', async () => {
    for (const q of ['lantern', 'alert', '<script>alert(1)</script>', '[x](javascript:alert(1))', '<img src=x onerror=alert(1)>']) {
      const res = await app.request(`/search.md?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const text = expectInert(await res.text(), `/search.md?q=${q}`);
      expect(text).toContain(q);
    }
  });

  test('MCP text answers of every tool parse to no HTML and no javascript: link', () => {
    const calls: [string, unknown][] = [
      ['search_portfolio', { query: 'alert' }],
      ['search_portfolio', { query: '<script>alert(1)</script>' }],
      ['search_portfolio', { query: 'lantern', fields: ['title', 'summary', 'url'] }],
      ['list_projects', { archive: '1' }],
      ['list_projects', { detail: 'full' }],
      ['get_project', { slug: 'lantern' }],
      ['get_project', { slug: 'lantern', fields: ['title', 'links', 'stack'] }],
      ['compare_projects', { slugs: ['lantern', 'harbor'] }],
      ['list_posts', {}],
      ['get_post', { slug: 'note' }],
      ['get_resume', {}],
      ['ask', { query: 'alert' }],
      ['ask', { query: '[x](javascript:alert(1))' }],
    ];
    for (const [name, args] of calls) {
      const result = call(TOOLS.find((t) => t.name === name)!, data, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBeFalsy();
      const text = (result.content as { text: string }[])[0]!.text;
      expectInert(text, `${name} ${JSON.stringify(args)}`);
    }
  });

  test('the agent documents (agent view, AGENTS.md, SKILL.md, auth.md, developers.md, the deprecation policy) keep the owner’s words as text', () => {
    for (const [name, markdown] of [
      ['agent view', agentView(content)],
      ['AGENTS.md', agentsMarkdown(content)],
      ['SKILL.md', skillMarkdown(content).replace(/^---\n[\s\S]*?\n---\n/, '')],
      ['auth.md', authGuide(content)],
      ['developers.md', developersMarkdown(developerGuide(content))],
      ['deprecation', deprecationMarkdown(content.site)],
    ] as const)
      expect(expectInert(markdown, name)).toContain('Mallory <script>alert(1)</script>');
    // The /developers page renders the same prose to HTML: the escaped name is text there too.
    const html = developerGuide(content).intro.map(inlineHtml).join('\n');
    expect(html).toContain('Mallory &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|href="javascript:/);
  });

  test('npm run check reads the hostile twin back as REST states the project: title, summary, category and every link', async () => {
    const res = await app.request('/api/v1/projects/lantern');
    expect(res.status).toBe(200);
    const rest = await res.json();
    const twin = twinFacts((await projectTwin(content.projects.find((p) => p.slug === 'lantern')!, catalog, ABSOLUTE)).markdown);
    expect(disagreements(recordFacts(rest), twin, 'the twin')).toEqual([]);
    expect(twin.title).toBe('<script>alert(1)</script> Lantern');
    expect(twin.category).toBe('<img src=x onerror=alert(1)>');
    expect(twin.links).toHaveLength(projectLinkList(content.projects.find((p) => p.slug === 'lantern')!, content.site).length);
    expect(twin.links).toContain('<img src=x onerror=alert(1)>: coverage: https://press.example/y?a=1&amp;b=2');
  });
});
