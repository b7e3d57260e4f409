// Serving over real HTTP against `npm start`, which routes and answers as the deployment does
// (FO-LOCAL-AS-DEPLOYED): the negotiation ladder, trailing slash, ?mode=agent, headers, 404 in all
// three forms, 405 with Allow.
import { homeLinkHeader } from '../../src/discovery/links.ts';
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { estimateTokens } from '../../src/builder/integration.ts';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { computeOfEveryPage, raw } from './serve-support.ts';
import { PAGE_MANIFEST_FILE, type PageManifest } from '../../src/routing/page-manifest.ts';

const MARKDOWN = 'text/markdown; charset=utf-8';
const dist = (file: string) => readFileSync(`dist/${file}`, 'utf8');
const about = dist('about.md');

test('FO-ZERO-COMPUTE: a browser’s view of every page runs no middleware and no function; a Markdown request runs the middleware once', async ({
  page,
  baseURL,
}) => {
  const ran = await computeOfEveryPage(page, baseURL!);
  expect(Object.keys(ran).length).toBeGreaterThan(50);
  for (const [path, what] of Object.entries(ran)) expect(what, path).toBe('200 none');
  // The header rule's Link names a twin that exists, for every page, and the llms.txt that covers it (llms.txt v2).
  for (const path of Object.keys(ran)) {
    const link = (await raw(baseURL!, path)).headers.link ?? '';
    // The most specific llms.txt: a section's own (tags, projects, posts) for the pages under it.
    const section = ['/tags', '/projects', '/posts'].find((s) => path === s || path.startsWith(`${s}/`));
    const index = section ? `${section}/llms.txt` : '/llms.txt';
    expect(link, path).toContain(`<${index}>; rel="describedby"; type="text/plain"`);
    const twin = /^<([^>]+)>; rel="alternate"; type="text\/markdown"/.exec(link)?.[1];
    expect(twin, path).toBe(path === '/' ? '/index.md' : `${path}.md`);
    expect((await raw(baseURL!, twin!)).status, twin).toBe(200);
    // FO-TWIN-CANONICAL: a page URL names no canonical in a header; its HTML's absolute <link rel="canonical"> is its one.
    expect(link, path).not.toContain('canonical');
  }
  for (const [path, accept] of [
    ['/about', 'text/markdown'],
    ['/about.md', '*/*'],
    ['/projects/quarry', 'text/markdown, text/html;q=0.9'],
  ] as const) {
    expect((await raw(baseURL!, path, { accept })).headers['x-folio-compute'], path).toBe('middleware');
  }
});

test('FO-TWIN-CANONICAL, FO-TWIN-FRONT-MATTER: every Markdown file of the build, asked for by name: a twin names its page canonical and opens with front matter naming it absolutely; any other names no page', async ({
  baseURL,
}) => {
  const manifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8')) as PageManifest;
  const pageOf = new Map(Object.entries(manifest.pages).flatMap(([page, twin]) => (twin ? [[twin, page] as const] : [])));
  const files = Object.keys(manifest.markdown);
  expect(files).toContain('/sitemap.md');
  let twins = 0;
  for (const file of files) {
    const res = await raw(baseURL!, file);
    expect(res.status, file).toBe(200);
    const page = pageOf.get(file);
    const link = res.headers.link ?? '';
    if (page) {
      twins++;
      expect(link.endsWith(`, <${page}>; rel="canonical"`), `${file}: ${link}`).toBe(true);
      expect(res.body, file).toMatch(
        new RegExp(
          `^---\\ntitle: "[^\\n]+\\ndescription: "[^\\n]*\\ncanonical: "${baseURL}${page === '/' ? '/' : page}"\\nlang: "[^"]+"\\n(?:date: "\\d{4}-\\d{2}-\\d{2}"\\n)?(?:lastmod: "\\d{4}-\\d{2}-\\d{2}"\\n)?---\\n\\n# `,
        ),
      );
    } else {
      expect(link, file).not.toContain('canonical');
      // SKILL.md has front matter of its own (Agent Skills), which names no page.
      expect(res.body, file).not.toMatch(/^canonical: /m);
    }
  }
  expect(twins).toBeGreaterThan(20);
  expect(files.length - twins).toBeGreaterThanOrEqual(5);
});

test('docs/decisions.md § Markdown twins: Accept: text/plain (preferred to HTML) → the twin, labelled text/plain, through the middleware once', async ({
  baseURL,
}) => {
  for (const accept of ['text/plain', 'text/plain, text/html;q=0.9']) {
    const res = await raw(baseURL!, '/about', { accept });
    expect(res.status, accept).toBe(200);
    expect(res.body, accept).toBe(about);
    expect(res.headers['content-type'], accept).toBe('text/plain; charset=utf-8');
    expect(res.headers.vary, accept).toBe('Accept');
    expect(res.headers['x-folio-compute'], accept).toBe('middleware');
  }
});

test.describe('PF-TWINS (docs/decisions.md § Markdown twins): the negotiation ladder on /about', () => {
  const markdownCases: [string, string][] = [
    ['text/markdown', 'Accept: text/markdown'],
    ['text/html;q=0.5, text/markdown;q=0.9', 'weighted for Markdown'],
    ['text/markdown, */*;q=0.1', 'an agent’s Accept'],
  ];
  for (const [accept, name] of markdownCases) {
    test(`${name} → the twin, text/markdown with x-markdown-tokens and Vary: Accept`, async ({ baseURL }) => {
      const res = await raw(baseURL!, '/about', { accept });
      expect(res.status).toBe(200);
      expect(res.body).toBe(about);
      expect(res.headers['content-type']).toBe(MARKDOWN);
      expect(res.headers['x-markdown-tokens']).toBe(String(estimateTokens(about)));
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['x-middleware-rewrite']).toBeUndefined();
      expect(res.headers['x-middleware-next']).toBeUndefined();
    });
  }

  const htmlCases: [Record<string, string>, string][] = [
    [{ accept: 'text/html;q=0.9, text/markdown;q=0.5' }, 'weighted for HTML'],
    [{ accept: '*/*' }, '*/*'],
    [{}, 'no Accept header at all'],
    [{ accept: 'text/html, text/plain;q=0.5' }, 'text/plain below HTML'],
    [{ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }, 'a browser’s Accept'],
  ];
  for (const [headers, name] of htmlCases) {
    test(`${name} → HTML with Vary: Accept and the Link to the twin`, async ({ baseURL }) => {
      const res = await raw(baseURL!, '/about', headers);
      expect(res.status).toBe(200);
      expect(res.body).toBe(dist('about.html'));
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers.link).toBe('</about.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"');
    });
  }

  test('the home page links /index.md and negotiates to it', async ({ baseURL }) => {
    const html = await raw(baseURL!, '/');
    // The home page also links the discovery files (PF-DISCOVERY; src/discovery/links.ts).
    expect(html.headers.link).toBe(`</index.md>; rel="alternate"; type="text/markdown", ${homeLinkHeader()}`);
    const md = await raw(baseURL!, '/', { accept: 'text/markdown' });
    expect(md.body).toBe(dist('index.md'));
    expect(md.headers['content-type']).toBe(MARKDOWN);
  });

  test('a nested page negotiates to its own twin', async ({ baseURL }) => {
    const md = await raw(baseURL!, '/projects/quarry', { accept: 'text/markdown' });
    expect(md.body).toBe(dist('projects/quarry.md'));
    expect(md.headers['x-markdown-tokens']).toBe(String(estimateTokens(md.body)));
  });

  test('the twin by name is text/markdown with its token estimate', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/about.md');
    expect(res.body).toBe(about);
    expect(res.headers['content-type']).toBe(MARKDOWN);
    expect(res.headers['x-markdown-tokens']).toBe(String(estimateTokens(about)));
  });
});

test.describe('KQ-PUBLIC-FILES: directory-style URLs may omit a trailing slash', () => {
  test('/about/ with Accept: text/markdown → 308 to /about (as Vercel redirects before the middleware), then the twin', async ({ baseURL }) => {
    const first = await raw(baseURL!, '/about/', { accept: 'text/markdown' });
    expect(first.status).toBe(308);
    expect(first.headers.location).toBe('/about');
    const followed = await fetch(`${baseURL}/about/`, { headers: { accept: 'text/markdown' } });
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${baseURL}/about`);
    expect(followed.headers.get('content-type')).toBe(MARKDOWN);
    expect(await followed.text()).toBe(about);
  });

  test('/about/ for a browser → 308 to /about, then HTML', async ({ baseURL }) => {
    const followed = await fetch(`${baseURL}/about/`, { headers: { accept: 'text/html' } });
    expect(followed.url).toBe(`${baseURL}/about`);
    expect(followed.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('cleanUrls: /about.html → 308 /about; /index.html → 308 /', async ({ baseURL }) => {
    expect((await raw(baseURL!, '/about.html')).headers.location).toBe('/about');
    expect((await raw(baseURL!, '/index.html')).headers.location).toBe('/');
  });
});

test.describe('PF-AGENT-VIEW: /?mode=agent', () => {
  test('answers the agent view in Markdown: who this is, what the site offers, every entry point', async ({ baseURL }) => {
    for (const accept of [{}, { accept: 'text/html' }] as Record<string, string>[]) {
      const res = await raw(baseURL!, '/?mode=agent', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(MARKDOWN);
      expect(res.headers['x-markdown-tokens']).toBe(String(estimateTokens(res.body)));
      expect(res.body).toBe(dist('agent-view.md'));
      expect(res.body).toMatch(/## Who this is/);
      expect(res.body).toMatch(/## What this site offers agents/);
      for (const e of ENTRY_POINTS) expect(res.body, e.path).toContain(`](${baseURL}${e.path})`);
    }
  });
});

test.describe('FO-LOCAL-AS-DEPLOYED: the header rules of vercel.json (docs/decisions.md § Caching)', () => {
  test('HTML pages: nosniff, Referrer-Policy, the CSP, revalidation', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/projects/quarry');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('twins revalidate too, and are not sniffed', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/about', { accept: 'text/markdown' });
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test("Folio's one stylesheet keeps its name and is revalidated; no page links another (hashed /_astro/ files, immutable, are unit-tested)", async ({
    baseURL,
  }) => {
    // FO-THEME: components bring no stylesheet of their own, so content/custom.css can come last.
    for (const page of ['index.html', 'projects.html', 'projects/quarry.html']) {
      expect(
        [...dist(page).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]),
        page,
      ).toEqual(['/folio.css']);
    }
    const site = await raw(baseURL!, '/folio.css');
    expect(site.status).toBe(200);
    expect(site.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(site.headers['content-type']).toMatch(/^text\/css/);
    expect(site.body).toContain('--accent');
    expect(site.body).toContain('.work-filters');
  });

  test('extension-less discovery files get their media type from vercel.json', async ({ baseURL }) => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server']) {
      const res = await raw(baseURL!, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('application/json');
      expect(() => JSON.parse(res.body)).not.toThrow();
    }
  });

  test('llms.txt is text/plain; charset=utf-8', async ({ baseURL }) => {
    expect((await raw(baseURL!, '/llms.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  test('API answers keep their own Cache-Control and also get nosniff', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/api/v1/sandbox?limit=1');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  test('HEAD on a page: the headers, no body', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/about', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.link).toBe('</about.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"');
    expect(res.body).toBe('');
  });
});

test.describe('KQ-NOT-FOUND (docs/decisions.md § Markdown twins): real 404s in all three forms', () => {
  test('a page that does not exist → 404 with the HTML 404 page', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/no-such-page', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(dist('404.html'));
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  test('the same with Accept: text/markdown → 404 with the Markdown 404', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/no-such-page', { accept: 'text/markdown' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(MARKDOWN);
    expect(res.body).toBe(dist('404.md'));
    expect(res.headers['x-markdown-tokens']).toBe(String(estimateTokens(res.body)));
    expect(res.headers.vary).toBe('Accept');
  });

  test('the 404 page by name is a 404 in every form (/404, /404/, /404.md), never a 200', async ({ baseURL }) => {
    const html = await raw(baseURL!, '/404', { accept: 'text/html' });
    expect(html.status).toBe(404);
    expect(html.body).toBe(dist('404.html'));
    expect(html.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await raw(baseURL!, '/404/', { accept: 'text/html' })).status).toBe(308);
    for (const [path, accept] of [
      ['/404', 'text/markdown'],
      ['/404.md', '*/*'],
    ] as const) {
      const md = await raw(baseURL!, path, { accept });
      expect(md.status, path).toBe(404);
      expect(md.headers['content-type']).toBe(MARKDOWN);
    }
  });

  test('a malformed path asked for as Markdown (/%ff.md) gets the Markdown 404, not HTML', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/%ff.md');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(MARKDOWN);
    expect(res.body).toBe(dist('404.md'));
  });

  test('Accept: text/markdown, text/html (Markdown named first) → the twin', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/about', { accept: 'text/markdown, text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(MARKDOWN);
  });

  test('a twin that does not exist → 404 in Markdown', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/no-such-page.md');
    expect(res.status).toBe(404);
    expect(res.body).toBe(dist('404.md'));
  });

  test('PF-ROUTE-404: an unknown path under /api/ → 404 route_not_found as JSON, whatever Accept says', async ({ baseURL }) => {
    for (const accept of ['text/html', 'text/markdown', '*/*']) {
      const res = await raw(baseURL!, '/api/v1/no-such-route', { accept });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).error.code).toBe('route_not_found');
    }
  });
});

test.describe('RFC 9110 § 15.5.6: 405 with Allow', () => {
  test('a method an API route does not answer → 405 method_not_allowed naming the allowed methods', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/api/v1/sandbox', {}, 'DELETE');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(res.body).error.code).toBe('method_not_allowed');
  });

  test('a write to a static page → 405 with Allow: GET, HEAD', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/about', { 'content-type': 'text/plain' }, 'POST', 'x');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

test.describe('PF-RATE-LIMIT (docs/decisions.md § Rate limits): the client address is the socket’s', () => {
  test('x-forwarded-for and x-real-ip sent by the client do not pick the rate-limit bucket', async ({ baseURL }) => {
    const remaining = async (ip: string) => {
      const res = await raw(baseURL!, '/api/v1/sandbox?limit=1', { 'x-forwarded-for': ip, 'x-real-ip': ip });
      return Number(/r=(\d+)/.exec(res.headers.ratelimit!)![1]);
    };
    const first = await remaining('203.0.113.7');
    const second = await remaining('198.51.100.9');
    // Two fresh buckets would both show the full quota less one; one shared bucket counts down.
    expect(second).toBeLessThan(first);
  });
});
