// An independent repeat of the hostile-content attack (FO-CONTENT-DATA, FO-MARKDOWN-SAFE): what it
// found running or live, each through the real loader and generators. A comment a raw HTML block
// leaves open swallows the page up to the next `-->`, which a later link's title can hold, and the
// markup after it is read as a tag; an owner's rewording of an interface sentence, the owner's name
// in /pricing.md and a site URL holding `<` reached Markdown documents as written; a feed item's
// description is HTML to a feed reader; SKILL.md's front matter is Markdown to a renderer that
// does not know front matter.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from '../../src/records/front-matter.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { parse, parseFragment } from 'parse5';
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { ABSOLUTE, allTwins, notFoundTwin } from '../../src/discovery/twin.ts';
import { agentView } from '../../src/discovery/agent-view.ts';
import { developerGuide, developersMarkdown } from '../../src/discovery/developers.ts';
import { pricingMarkdown } from '../../src/discovery/pricing.ts';
import { skillDescription, skillMarkdown } from '../../src/discovery/skill-md.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { feedItems } from '../../src/records/feed.ts';
import { ContentError, loadContent } from '../../src/records/load.ts';
import { searchTwin } from '../../src/records/markdown-text.ts';
import type { Content } from '../../src/records/schema.ts';
import { withConfiguredSiteUrls } from '../support/content-fixtures.ts';
import { tempDir } from '../support/temp-dir.ts';

withConfiguredSiteUrls();

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const VALID = join(FIXTURES, 'content-valid', 'content');
const MARKDOWN_HOSTILE = join(FIXTURES, 'markdown-hostile-site', 'content');

/** A copy of a fixture's content with `edit` applied to one of its files; its problems, or the content it loads to. */
function loadEdited(fixture: string, file: string, edit: (text: string) => string): { problems: string[]; content?: Content } {
  const dir = tempDir('folio-hostile-repeat-');
  cpSync(fixture, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  try {
    return { problems: [], content: loadContent(dir) };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    throw error;
  }
}

/** The problems of the small valid site with `body` as its one project's text (from line 10 of the file), each naming the file from the content folder. */
const refusedIn = (body: string) =>
  loadEdited(VALID, join('projects', 'alpha.md'), (text) => text.replace('Alpha body.', () => body)).problems.map((p) =>
    p.replace(/^[^:]*?projects\/alpha\.md/, 'projects/alpha.md'),
  );

type Node = { type: string; url?: string; value?: string; children?: Node[] };
const nodes = (tree: Node): Node[] => [tree, ...(tree.children ?? []).flatMap(nodes)];

/** What a GFM renderer that allows HTML makes of `markdown`: no raw HTML, and no link but http(s), mailto, the site's paths and anchors. */
function expectInert(markdown: string, name: string) {
  const all = nodes(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as unknown as Node);
  expect(
    all.filter((n) => n.type === 'html').map((n) => n.value),
    `${name}: raw HTML`,
  ).toEqual([]);
  expect(
    all.filter((n) => n.url !== undefined && !/^(?:https?:\/\/|mailto:|\/|#)/i.test(n.url)).map((n) => n.url),
    `${name}: a link that is not http(s), mailto or the site`,
  ).toEqual([]);
  return all;
}

/** The elements of an HTML document with an event-handler attribute. */
function handlers(html: string): string[] {
  const found: string[] = [];
  const walk = (node: { tagName?: string; attrs?: { name: string }[]; childNodes?: unknown[] }) => {
    for (const a of node.attrs ?? []) if (a.name.startsWith('on')) found.push(`<${node.tagName} ${a.name}>`);
    for (const child of node.childNodes ?? []) walk(child as never);
  };
  walk(parse(html) as never);
  return found;
}

describe('FO-CONTENT-DATA: raw HTML that leaves a comment, declaration or tag open is refused', () => {
  const SWALLOWING = '[x](/a "--><img src=x onerror=alert(1)>")';

  test('FO-CONTENT-DATA: the attack: an open comment in a block quote, closed by a later link title, would put a live <img onerror> on the page', async () => {
    const body = `> <!--\n\n${SWALLOWING}`;
    // What the page would hold: the renderer copies the open comment, and a browser reads on to the title's `-->`.
    expect(handlers((await renderMarkdown(body)).html)).toEqual(['<img onerror>']);
    expect(refusedIn(body)).toEqual([
      'projects/alpha.md: line 10: a comment or declaration in the text is never closed with "-->", so the page after it would be read as part of it; close it [body-unclosed]',
    ]);
  });

  test.each([
    ['an HTML block that ends open', `<div>\n<!--\n\n</div>\n\n${SWALLOWING}`, 11, '"-->"'],
    ['a list item', `- <!--\n- ${SWALLOWING}`, 10, '"-->"'],
    ['a footnote', `Text[^1]\n\n[^1]: <!--\n\n${SWALLOWING}`, 12, '"-->"'],
    ['an instruction', `> <?x\n\n${SWALLOWING}`, 10, '">"'],
    ['a declaration', `> <!X\n\n${SWALLOWING}`, 10, '">"'],
    ['a comment holding a ">"', `> <!-- a >\n\n${SWALLOWING}`, 10, '"-->"'],
    ['a comment over lines', `<div>\n<!-- one\ntwo\n\n${SWALLOWING}`, 11, '"-->"'],
    ['a CDATA section', '> <![CDATA[\n\n[x](/a "]]><img src=x onerror=alert(1)>")', 10, '">"'],
  ])('FO-CONTENT-DATA: an open comment or declaration in %s is refused with file and line', (_, body, line, close) => {
    expect(refusedIn(body)).toContain(
      `projects/alpha.md: line ${line}: a comment or declaration in the text is never closed with ${close}, so the page after it would be read as part of it; close it [body-unclosed]`,
    );
  });

  test('FO-CONTENT-DATA: an open <!DOCTYPE and a `</` at the end of a block are refused too', () => {
    expect(refusedIn(`<div>\n<!DOCTYPE\n\n${SWALLOWING}`)).toContain(
      'projects/alpha.md: line 11: a comment or declaration in the text is never closed with ">", so the page after it would be read as part of it; close it [body-unclosed]',
    );
    expect(refusedIn('<div>\n</\n\ntext')).toContain(
      'projects/alpha.md: line 11: a tag in the text is never closed with ">", so the text after it would be read as part of the tag; close it [body-unclosed]',
    );
  });

  test('FO-CONTENT-DATA: closed comments (also the short <!--> and a `<` in prose or code) still load', () => {
    expect(refusedIn('<!-- a note for later -->\n\nText.\n\n<div>\n<!-->\n</div>\n\n> <!-- quoted --> text\n\n`<!--` and a < b')).toEqual([]);
  });
});

describe('FO-CONTENT-DATA: the feed keeps owner text as text', () => {
  test('FO-CONTENT-DATA: a feed item’s description is HTML to a feed reader: the summary is escaped as HTML there, so it holds no element', () => {
    const content = loadContent(MARKDOWN_HOSTILE);
    const items = feedItems(new Catalog(content).listing);
    const summaries = [...content.projects, ...content.posts].map((r) => r.summary);
    expect(summaries.some((s) => s.includes('<script>'))).toBe(true);
    for (const item of items) {
      // What a reader does with it: the XML already decoded, the rest parsed as HTML.
      const fragment = parseFragment(item.description ?? '') as unknown as { childNodes: { nodeName: string; value?: string }[] };
      expect(fragment.childNodes.map((n) => n.nodeName)).toEqual(['#text']);
      expect(summaries).toContain(fragment.childNodes[0]!.value);
    }
  });
});

describe('FO-MARKDOWN-SAFE: owner words the Markdown documents wrote as they were', () => {
  const STRINGS = `strings:
  twinSiteIndex: "<img src=x onerror=\\"alert(1)\\"> {link}"
  twinAllProjectsNote: "[x](javascript:alert(1)) {link}"
  twinEveryPostByYear: "<script>alert(1)</script> {link}"
  twinNotFoundIntro: "<b onmouseover=\\"alert(1)\\">here</b>"
`;

  test('FO-MARKDOWN-SAFE: an owner’s rewording of an interface sentence (site.strings) is text in every twin; only its link is Markdown', async () => {
    const { content } = loadEdited(MARKDOWN_HOSTILE, 'site.md', (text) => text.replace(/\n---\n/, () => `\n${STRINGS}---\n`));
    const catalog = new Catalog(content!);
    const twins = [...(await allTwins(catalog, ABSOLUTE)), notFoundTwin(content!)];
    for (const twin of twins) expectInert(twin.markdown, twin.path);
    expectInert(searchTwin(content!.site, 'lantern', []), '/search.md');
    const home = twins.find((t) => t.path === '/index.md')!.markdown;
    expect(home).toContain('\\<img src=x onerror="alert(1)"> [llms.txt](');
    expect(home).toContain('\\[x](javascript:alert(1)) [projects index](');
    expect(home).toContain('\\<script>alert(1)\\</script> [Posts](');
    expect(twins.find((t) => t.path === '/404.md')!.markdown).toContain('\\<b onmouseover="alert(1)">here\\</b>');
  });

  test('FO-MARKDOWN-SAFE: Folio’s own wording of those sentences stays Markdown (the 404 twin’s code span)', () => {
    const content = loadContent(VALID);
    expect(notFoundTwin(content).markdown).toContain('plus `.md`.');
  });

  test('FO-MARKDOWN-SAFE: /pricing.md writes the owner’s name as text', () => {
    const content = loadContent(MARKDOWN_HOSTILE);
    expect(content.site.name).toContain('<script>');
    const all = expectInert(pricingMarkdown(content.site), '/pricing.md');
    expect(
      all
        .filter((n) => n.type === 'text')
        .map((n) => n.value)
        .join(''),
    ).toContain(content.site.name);
  });

  test('FO-MARKDOWN-SAFE: a site URL holding <, > or a space is normalized, so the agent documents that write it keep it one URL', () => {
    const { content } = loadEdited(VALID, 'site.md', (text) => text.replace(/^url: .*$/m, () => 'url: "https://m.example/a b/<img/src/onerror=alert(1)>"'));
    expect(content!.site.url).toBe('https://m.example/a%20b/%3Cimg/src/onerror=alert(1)%3E');
    const withPages = { ...content!, projects: content!.projects, pages: content!.pages };
    for (const [name, markdown] of [
      ['/pricing.md', pricingMarkdown(content!.site)],
      ['/agent-view.md', agentView(withPages)],
      ['/SKILL.md', skillMarkdown(withPages)],
      ['/developers.md', developersMarkdown(developerGuide(withPages))],
    ] as const)
      expectInert(markdown, name);
  });

  test('FO-MARKDOWN-SAFE: SKILL.md’s description is the same to a YAML reader and holds no HTML or link for a renderer that does not know front matter', () => {
    const content = loadContent(MARKDOWN_HOSTILE);
    const skill = skillMarkdown(content);
    expect(parseFrontMatter(skill).data.description).toBe(skillDescription(content));
    expect(skillDescription(content)).toContain('<script>');
    expectInert(skill, 'SKILL.md');
  });
});
