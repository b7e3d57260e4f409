// llms.txt lists every twin and every link it lists resolves. The test build
// uses FOLIO_SITE_URL = this server's URL, so the absolute URLs point here.
import { test, expect } from '@playwright/test';
import { loadContent } from '../../src/records/load.ts';
import { HOME_TWIN, POSTS_TWIN, PROJECTS_TWIN, RESUME_TWIN } from '../../src/discovery/twin.ts';
import { indexLinkFor, linkValue } from '../../src/discovery/links.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';

const content = loadContent();
// FO-POSTS, FO-RESUME: the posts index, each post and the résumé are twins llms.txt lists like the rest.
const twins = [
  HOME_TWIN,
  PROJECTS_TWIN,
  ...content.projects.map((p) => p.twin),
  ...content.pages.map((p) => p.twin),
  ...(content.posts.length ? [POSTS_TWIN, ...content.posts.map((p) => p.twin)] : []),
  ...(content.resume ? [RESUME_TWIN] : []),
];
const ENTRY = /^- \[(?:\\.|[^\]\\])+\]\(([^)\s]+)\)/gm;

test('PF-DISCOVERY, KQ-PUBLIC-FILES: GET /llms.txt: 200 text/plain, an H1 and a blockquote first', async ({ request }) => {
  const res = await request.get('/llms.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(new RegExp(`^# ${content.site.name}\\n\\n> `));
});

test('FO-POSTS, FO-RESUME: llms.txt lists every twin (posts and the résumé too), by absolute URLs on this server', async ({ request, baseURL }) => {
  const text = await (await request.get('/llms.txt')).text();
  const urls = [...text.matchAll(ENTRY)].map((m) => new URL(m[1]!));
  for (const url of urls) expect(url.origin, url.href).toBe(new URL(baseURL!).origin);
  const listed = new Set(urls.map((u) => u.pathname));
  for (const twin of twins) expect(listed.has(twin), twin).toBe(true);
});

test('every link llms.txt lists resolves: 200, Markdown for twins', async ({ request }) => {
  const text = await (await request.get('/llms.txt')).text();
  const paths = [...text.matchAll(ENTRY)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThanOrEqual(twins.length);
  for (const path of paths) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    if (path.endsWith('.md')) expect(res.headers()['content-type'], path).toBe('text/markdown; charset=utf-8');
  }
});

test('llms-full.txt holds every twin, in one file, with links on this server', async ({ request, baseURL }) => {
  const res = await request.get('/llms-full.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const full = await res.text();
  for (const twin of twins) {
    const res = await request.get(twin);
    const page = twin === HOME_TWIN ? '/' : twin.replace(/\.md$/, '');
    // llms.txt v2: the twin names the llms.txt that covers it in a Link header too, the most specific
    // one; and its page as canonical (FO-TWIN-CANONICAL).
    expect(res.headers().link, twin).toBe(`${linkValue(indexLinkFor(twin))}, <${page}>; rel="canonical"`);
    const section = ['/tags', '/projects', '/posts'].find((s) => twin.startsWith(`${s}/`) || twin === `${s}.md`);
    expect(res.headers().link, twin).toContain(`<${section ? `${section}/llms.txt` : '/llms.txt'}>; rel="describedby"`);
    // llms-full.txt joins the twins' Markdown without their front matter (FO-TWIN-FRONT-MATTER).
    const md = withoutFrontMatter(await res.text());
    expect(md.startsWith('# '), twin).toBe(true);
    expect(full, twin).toContain(md.split('\n')[0]!);
    expect(full, twin).toContain(`- Web page: <${baseURL}${page}>`);
  }
});

test('/.well-known/llms.txt answers the root llms.txt, as text', async ({ request }) => {
  const [root, alias] = await Promise.all([request.get('/llms.txt'), request.get('/.well-known/llms.txt')]);
  expect(alias.status()).toBe(200);
  expect(alias.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await alias.text()).toBe(await root.text());
});

test('every twin points at llms.txt, carries the Content Signals, and links absolutely (a copied twin still resolves)', async ({ request, baseURL }) => {
  for (const twin of twins) {
    // The twin's Markdown after its front matter (FO-TWIN-FRONT-MATTER), which llms-full.txt joins.
    const md = withoutFrontMatter(await (await request.get(twin)).text());
    // The pointer comes before any image or facts list, within the first lines an agent reads.
    const pointer = md.indexOf(`Site index: [llms.txt](${baseURL}/llms.txt)`);
    expect(pointer, twin).toBeGreaterThan(0);
    expect(pointer, twin).toBeLessThan(600);
    for (const later of ['\n- ', '![']) if (md.includes(later)) expect(pointer, `${twin}: before "${later.trim()}"`).toBeLessThan(md.indexOf(later));
    expect(md, twin).toContain(
      `- Content signals: search=${content.site.contentSignal.search}, ai-input=${content.site.contentSignal['ai-input']}, ai-train=${content.site.contentSignal['ai-train']}`,
    );
    // No root-relative link destinations: `](/…)` or `<…>` autolinks to `/…`.
    expect(md.match(/\]\(\/[^)]*\)/g), twin).toBeNull();
    // The served twin is the data file's (what MCP serves as a resource): one document, whatever the surface.
    const full = await (await request.get('/llms-full.txt')).text();
    if (twin !== HOME_TWIN && twin !== '/projects.md') expect(full, twin).toContain(md.trim());
  }
});
