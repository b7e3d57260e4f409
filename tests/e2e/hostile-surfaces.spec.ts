// FO-CONTENT-DATA and FO-MARKDOWN-SAFE on the surfaces a browser and a JSON or XML reader see: the
// hostile front-matter fixture (tests/fixtures/markdown-hostile-site: `<script>`, `<img onerror>`,
// `[x](javascript:…)` and URLs holding `"><script>` in every field) is built and served as `npm start`
// serves it, and each surface keeps it inert. The Markdown surfaces are parsed in
// tests/unit/markdown-surfaces-hostile.test.ts; here: every page in Chromium (no dialog, no script
// of the owner's, no handler, no javascript: link), its JSON-LD, the feed, REST and MCP's
// structured content (the owner's text as data, exactly), and the MCP Apps card.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from '@playwright/test';
import { raw, serveFixtureSite } from './serve-support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const site = serveFixtureSite('folio-hostile-surfaces-', 'tests/fixtures/markdown-hostile-site/content');
const HOSTILE_TITLE = '<script>alert(1)</script> Lantern';

test('FO-CONTENT-DATA: every page of the hostile site in Chromium: no dialog, no handler, no javascript: link, the owner’s text shown as text', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const sitemap = (await raw(site.base, '/sitemap.xml')).body;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(8);
  for (const path of paths) {
    await page.goto(`${site.base}${path}`);
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      return {
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.localName} ${a.name}>`)),
        scriptLinks: [...document.querySelectorAll('[href],[src],[action],[formaction]')]
          .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? el.getAttribute('formaction') ?? '')
          .filter((url) => /^\s*(?:javascript|vbscript|data):/i.test(url)),
        // Scripts the owner could have added: Folio's own are files of the site or JSON data.
        scripts: [...document.scripts].filter((s) => !s.src && !/^application\/(?:ld\+)?json$/.test(s.type)).map((s) => s.textContent?.slice(0, 80)),
        images: [...document.querySelectorAll('img')].filter((img) => img.getAttribute('src') === 'x').length,
      };
    });
    expect(found, path).toEqual({ handlers: [], scriptLinks: [], scripts: [], images: 0 });
  }
  const home = await page.goto(`${site.base}/projects/lantern`);
  expect(home?.status()).toBe(200);
  await expect(page.locator('h1')).toContainText(HOSTILE_TITLE);
  expect(dialogs).toEqual([]);
});

test('FO-CONTENT-DATA: JSON-LD holds the owner’s text as JSON strings: no `</script>` breaks out, the values read back exactly', async () => {
  const html = (await raw(site.base, '/projects/lantern')).body;
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) expect(block).not.toMatch(/<\/script|<!--/i);
  const project = blocks.map((b) => JSON.parse(b) as { name?: string }).find((o) => o.name === HOSTILE_TITLE);
  expect(project, 'the project’s JSON-LD names it exactly').toBeDefined();
});

test('FO-CONTENT-DATA: the feed’s descriptions, which readers render as HTML, hold no element of the owner’s once XML is read', async () => {
  const feed = (await raw(site.base, '/feed.xml')).body;
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
  const rest = JSON.parse((await raw(site.base, '/api/v1/projects/lantern')).body) as { title: string; links: Record<string, unknown> };
  expect(rest.title).toBe(HOSTILE_TITLE);
  expect(String(rest.links.repo)).toMatch(/^https:\/\/code\.example\/lantern\?q=/);
  const client = new Client({ name: 'folio-hostile-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${site.base}/api/mcp`)));
  try {
    const tool = await client.callTool({ name: 'get_project', arguments: { slug: 'lantern' } });
    expect((tool.structuredContent as { title: string }).title).toBe(HOSTILE_TITLE);
  } finally {
    await client.close();
  }
});
