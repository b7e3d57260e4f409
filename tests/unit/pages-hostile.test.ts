// FO-CONTENT-DATA and FO-MARKDOWN-SAFE on what a browser and a JSON or XML reader get: the hostile
// front-matter fixture (tests/fixtures/markdown-hostile-site: `<script>`, `<img onerror>`,
// `[x](javascript:…)` and URLs holding `"><script>` in every field), its pages, JSON-LD and feed as
// a build makes them, rendered with no build (tests/support/render-page.ts), parsed as a browser
// parses them (parse5), and REST and MCP through the function over its data. The Markdown surfaces
// are parsed in tests/unit/markdown-surfaces-hostile.test.ts; that no script runs when Chromium
// loads every page stays in tests/integration/hostile-surfaces-browser.test.ts.
import { describe, expect, test } from 'vitest';
import type { App } from '../support/mcp-helpers.ts';
import { connect } from '../support/mcp-helpers.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/markdown-hostile-site/content');
const HOSTILE_TITLE = '<script>alert(1)</script> Lantern';

describe('the hostile site', () => {
  const fn = siteFunction(site);

  test('FO-CONTENT-DATA: every page of the hostile site, parsed as a browser parses it: no handler, no javascript: link, no script of the owner’s, the owner’s text as text', async () => {
    const paths = [...(await site.pagePaths()), '/404'];
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) {
      const page = await site.page(path);
      const all = page.all('*');
      const found = {
        handlers: all.flatMap((el) => el.attributes.filter((a) => /^on/i.test(a.name)).map((a) => `<${el.tag} ${a.name}>`)),
        scriptLinks: page
          .all('[href], [src], [action], [formaction]')
          .map((el) => el.attr('href') ?? el.attr('src') ?? el.attr('action') ?? el.attr('formaction') ?? '')
          .filter((url) => /^\s*(?:javascript|vbscript|data):/i.test(url)),
        // Scripts the owner could have added: Folio's own are files of the site or JSON data.
        scripts: page
          .all('script')
          .filter((s) => !s.has('src') && !/^application\/(?:ld\+)?json$/.test(s.attr('type') ?? ''))
          .map((s) => s.textContent.slice(0, 80)),
        images: page.all('img[src="x"]').length,
      };
      expect(found, path).toEqual({ handlers: [], scriptLinks: [], scripts: [], images: 0 });
    }
    expect((await site.page('/projects/lantern')).get('h1').text).toContain(HOSTILE_TITLE);
  });

  test('FO-CONTENT-DATA: JSON-LD holds the owner’s text as JSON strings: no `</script>` breaks out, the values read back exactly', async () => {
    const page = await site.page('/projects/lantern');
    const blocks = page.all('script[type="application/ld+json"]').map((s) => s.textContent);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).not.toMatch(/<\/script|<!--/i);
    // The raw HTML too: the parser ended each block where the page means it to.
    expect(page.html.match(/<script type="application\/ld\+json">/g)?.length).toBe(blocks.length);
    const project = blocks.map((b) => JSON.parse(b) as { name?: string }).find((o) => o.name === HOSTILE_TITLE);
    expect(project, 'the project’s JSON-LD names it exactly').toBeDefined();
  });

  test('FO-CONTENT-DATA: the feed’s descriptions, which readers render as HTML, hold no element of the owner’s once XML is read', async () => {
    const feed = await site.text('/feed.xml');
    // An RSS reader reads the XML, then renders <description> as HTML: after one XML unescape, no tag may remain.
    const unescapeXml = (text: string) =>
      text
        .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
        .replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
    const fields = [...feed.matchAll(/<(description)>([\s\S]*?)<\/\1>/g)].map((m) => unescapeXml(m[2]!));
    expect(fields.some((f) => f.includes('views logs'))).toBe(true);
    for (const field of fields) expect(field, field).not.toMatch(/<(?:script|img|b)\b/i);
  });

  test('FO-CONTENT-DATA: REST and MCP structured content give the owner’s text as data, exactly as written', async () => {
    const rest = (await (await fn('/api/v1/projects/lantern')).json()) as { title: string; links: Record<string, unknown> };
    expect(rest.title).toBe(HOSTILE_TITLE);
    expect(String(rest.links.repo)).toMatch(/^https:\/\/code\.example\/lantern\?q=/);
    const { client } = await connect({ request: (url: string, init?: RequestInit) => fn(url, init) } as unknown as App, '2025-11-25');
    try {
      const tool = await client.callTool({ name: 'get_project', arguments: { slug: 'lantern' } });
      expect((tool.structuredContent as { title: string }).title).toBe(HOSTILE_TITLE);
    } finally {
      await client.close();
    }
  });
});
