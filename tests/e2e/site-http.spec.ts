// Every page and every twin over real HTTP against the built site.
import { test, expect } from '@playwright/test';
import { loadContent } from '../../src/records/load.ts';
import { HOME_TWIN, PROJECTS_TWIN } from '../../src/discovery/twin.ts';
import { initialsOf } from '../../src/records/collections.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';

const content = loadContent();
const pages: { path: string; twin: string; ldType: string | string[]; title: string }[] = [
  { path: '/', twin: HOME_TWIN, ldType: 'Person', title: content.site.name },
  { path: '/projects', twin: PROJECTS_TWIN, ldType: 'CollectionPage', title: 'Projects' },
  ...content.projects.map((p) => ({ path: p.href, twin: p.twin, ldType: ['SoftwareSourceCode', 'CreativeWork'], title: p.title })),
  ...content.pages.map((p) => ({ path: p.href, twin: p.twin, ldType: 'WebPage', title: p.title })),
];

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

test.describe('every HTML page answers 200 as text/html, links its twin and carries JSON-LD', () => {
  for (const page of pages) {
    test(`GET ${page.path}`, async ({ request }) => {
      const res = await request.get(page.path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      const html = await res.text();
      // Every HTML head links its twin.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<link rel="alternate" type="text/markdown" href="${page.twin}"`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      const ld = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
      expect(ld).toHaveLength(1);
      expect(ld[0]['@context']).toBe('https://schema.org');
      expect([page.ldType].flat()).toContain(ld[0]['@type']);
      expect(decode(html)).toContain(page.title);
    });
  }
});

test.describe('PF-TWINS: every twin answers 200 as text/markdown; charset=utf-8', () => {
  for (const page of pages) {
    test(`GET ${page.twin}`, async ({ request }) => {
      const res = await request.get(page.twin);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      const text = withoutFrontMatter(await res.text());
      expect(text.split('\n')[0]).toBe(`# ${page.title}`);
      // The twin names its page's canonical URL, which resolves to the page on this server.
      const web = /^- Web page: <([^>]+)>$/m.exec(text)?.[1];
      expect(web && new URL(web).pathname).toBe(page.path);
    });
  }
});

test('the 404 page and its Markdown twin are built', async ({ request }) => {
  const md = await request.get('/404.md');
  expect(await md.text()).toMatch(/^# Page not found\n/);
  const html = await request.get('/404.html');
  expect(await html.text()).toContain('<h1>Page not found</h1>');
});

test('the favicon is the owner’s initials as SVG', async ({ request }) => {
  const res = await request.get('/favicon.svg');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/svg+xml');
  expect(await res.text()).toContain(`>${initialsOf(content.site.name)}</text>`);
});
