// FO-ONE-LIST: every document that names the MCP tools or the REST operations names exactly the ones
// served. The tools `tools/list` answers are the ones the server card, AGENTS.md, SKILL.md and
// /developers (page and twin) name, and no other tool appears there; every operation openapi.json
// documents is on /developers, and no other; a tool named in docs/requirements.md exists. Checked on
// the sample fixture site as built (its pages: the integration tier builds it first) and, through the generators,
// on a site without posts or a résumé, where their tools must appear nowhere (FO-POSTS, FO-RESUME).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { siteData } from '../../src/server/data.ts';
import { ERRORS } from '../../src/server/errors.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { TOOLS, toolsFor } from '../../src/server/mcp/tools.ts';
import { buildServerCard, CARD_META_APPS, CARD_META_SIZING, CARD_META_TOOLS } from '../../src/server/mcp/server-card.ts';
import { serverInstructions } from '../../src/server/mcp/server.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { skillMarkdown } from '../../src/discovery/skill-md.ts';
import { developerGuide, developersMarkdown } from '../../src/discovery/developers.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { app, postLegacy } from '../support/mcp-helpers.ts';

const content = loadContent();
const bare = { ...content, posts: [], resume: undefined };
const doc = openApiFor(content.site);
const ALL_TOOLS = TOOLS.map((t) => t.name);

/**
 * The words of openapi.json that are not tools but are written like one (`snake_case`): error codes,
 * OAuth's words, property and parameter names. A snake_case name in code formatting that is none
 * of these is taken for a tool name, so a tool renamed or removed but still named in prose fails here.
 */
const notTools = new Set<string>(Object.keys(ERRORS));
(function collect(node: unknown) {
  if (Array.isArray(node)) for (const item of node) collect(item);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) notTools.add(name);
      if (key === 'name' && typeof value === 'string') notTools.add(value);
      if (key === 'enum' && Array.isArray(value)) for (const v of value) if (typeof v === 'string') notTools.add(v);
      collect(value);
    }
  }
})(doc);
// OAuth's error and status words, which the access operations name in their prose (RFC 6749 § 5.2).
(function words(node: unknown, access: boolean) {
  if (typeof node === 'string') {
    if (access) for (const m of node.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)) notTools.add(m[1]!);
  } else if (node && typeof node === 'object')
    for (const value of Object.values(node))
      words(value, access || (Array.isArray((value as { tags?: unknown })?.tags) && (value as { tags: string[] }).tags.includes('access')));
})(doc.paths, false);
for (const name of ALL_TOOLS) notTools.delete(name);

/** The tool names a document sets in code (Markdown `name`, HTML <code>name</code>): the table's, and any other snake_case word. */
function toolNamesIn(text: string): string[] {
  const coded = [...text.matchAll(/`([a-z]+(?:_[a-z]+)*)`|<code(?: [^>]*)?>([a-z]+(?:_[a-z]+)*)<\/code>/g)].map((m) => (m[1] ?? m[2])!);
  return [...new Set(coded.filter((name) => ALL_TOOLS.includes(name) || (name.includes('_') && !notTools.has(name))))].sort();
}

const sorted = (names: readonly string[]) => [...names].sort();

describe('FO-ONE-LIST: the MCP tools, named where they are served and nowhere else', () => {
  it('tools/list answers the tool table’s tools for the sample site (which has posts and a résumé: every tool)', async () => {
    const res = await postLegacy(app(), 'tools/list');
    const listed = ((await res.json()).result.tools as { name: string }[]).map((t) => t.name);
    expect(sorted(listed)).toEqual(sorted(toolsFor(siteData()).map((t) => t.name)));
    expect(sorted(listed)).toEqual(sorted(ALL_TOOLS));
  });

  for (const [label, site, built] of [
    ['the sample site, as built', content, true],
    ['a site without posts or a résumé', bare, false],
  ] as const) {
    const served = sorted(toolsFor(site).map((t) => t.name));

    it(`${label}: the server card names the tools served, and its sizing and apps lists only tools of the table`, () => {
      const card = built ? JSON.parse(readFileSync('dist/.well-known/mcp/server-card.json', 'utf8')) : buildServerCard(site.site, site);
      expect(sorted(card._meta[CARD_META_TOOLS])).toEqual(served);
      const { tools, toolsWithPosts } = card._meta[CARD_META_SIZING];
      for (const name of [...tools, ...toolsWithPosts, ...card._meta[CARD_META_APPS].tools]) expect(ALL_TOOLS, name).toContain(name);
      const words = serverInstructions(site.site, site).match(/\b[a-z]+(?:_[a-z]+)*\b/g) ?? [];
      expect([...new Set(words.filter((w) => ALL_TOOLS.includes(w) || (w.includes('_') && !notTools.has(w))))].sort()).toEqual(served);
    });

    const documents: [string, string][] = [
      ['AGENTS.md', built ? readFileSync('dist/AGENTS.md', 'utf8') : agentsMarkdown(site)],
      ['SKILL.md', built ? readFileSync('dist/SKILL.md', 'utf8') : skillMarkdown(site)],
      ['/developers.md', built ? readFileSync('dist/developers.md', 'utf8') : developersMarkdown(developerGuide(site))],
      ...(built ? ([['/developers', readFileSync('dist/developers.html', 'utf8')]] as [string, string][]) : []),
    ];
    for (const [name, text] of documents) {
      it(`${label}: ${name} names every tool served and no other`, () => {
        expect(toolNamesIn(text)).toEqual(served);
      });
    }
  }

  it('docs/requirements.md names only tools the table has', () => {
    // A requirement names fields and codes too: a name that starts with a tool's verb (search_, list_, get_…) is taken for a tool.
    const verbs = new Set(ALL_TOOLS.map((name) => name.split('_')[0]!));
    const named = toolNamesIn(readFileSync('docs/requirements.md', 'utf8')).filter((n) => n.includes('_') && verbs.has(n.split('_')[0]!));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(ALL_TOOLS, name).toContain(name);
  });

  it('the check sees a stale name: a tool left in the prose after it is gone fails', () => {
    expect(toolNamesIn('Call `list_tags`, then `get_project`; errors say `not_found`.')).toEqual(['get_project', 'list_tags']);
  });
});

describe('FO-ONE-LIST: the REST operations, on /developers as openapi.json documents them', () => {
  const operations = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

  it('openapi.json documents every route of the table', () => {
    for (const route of ROUTES) expect(operations).toContain(`${route.method} ${route.path}`);
  });

  it('the guide, its twin and the built page hold every operation of openapi.json once, and no other', () => {
    const guide = developerGuide(content);
    expect(guide.sections.flatMap((s) => s.operations.map((o) => `${o.method} ${o.path}`)).sort()).toEqual(operations);
    const headings = (text: string, pattern: RegExp) =>
      [...text.matchAll(pattern)].map((m) => `${m[1]} ${m[2]!.replace(/&#123;|&#x7b;/gi, '{').replace(/&#125;|&#x7d;/gi, '}')}`).sort();
    expect(headings(readFileSync('dist/developers.md', 'utf8'), /^### (GET|POST|PUT|PATCH|DELETE|OPTIONS) (\S+)$/gm)).toEqual(operations);
    expect(headings(readFileSync('dist/developers.html', 'utf8'), /<h3[^>]*><code[^>]*>(GET|POST|PUT|PATCH|DELETE|OPTIONS) ([^<\s]+)<\/code><\/h3>/g)).toEqual(
      operations,
    );
  });

  it('every API path AGENTS.md and SKILL.md name is a route of the table', () => {
    const templates = ROUTES.map((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`));
    for (const [name, text] of [
      ['AGENTS.md', readFileSync('dist/AGENTS.md', 'utf8')],
      ['SKILL.md', readFileSync('dist/SKILL.md', 'utf8')],
    ]) {
      const paths = [...text!.matchAll(/(?:^|[\s`(])(?:https?:\/\/[^/\s`]+)?(\/(?:api|ask|oauth|agent)(?:\/[\w{}<>.-]+)*)/g)].map((m) =>
        m[1]!.replace(/<[^>]+>/g, 'x'),
      );
      expect(paths.length, name).toBeGreaterThan(3);
      for (const path of paths)
        expect(
          templates.some((t) => t.test(path)),
          `${name}: ${path}`,
        ).toBe(true);
    }
  });
});
