// PF-DISCOVERY over real HTTP against `npm start`: every discovery file answers 200 with its
// media type; the api-catalog answers HEAD with its Link; the home page links to the catalogs; and
// every URL inside every discovery file resolves (fragments included).
import { test, expect, type APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import { DISCOVERY_FILES } from '../../src/discovery/files.ts';
import { HOME_LINKS } from '../../src/discovery/links.ts';
import { resolvePointer } from '../../src/discovery/examples.ts';
import { decodeEntities as unescapeHtml } from '../../scripts/lib/html-entities.ts';

/** The site URL the build was made for: the e2e build uses the server's own, but be explicit. */
async function siteUrl(request: APIRequestContext): Promise<string> {
  const doc = await (await request.get('/openapi.json')).json();
  return doc.servers[0].url as string;
}

test.describe('PF-DISCOVERY, KQ-PUBLIC-FILES: every discovery file is served with its media type', () => {
  for (const file of DISCOVERY_FILES) {
    test(`${file.path} answers 200 as ${file.contentType}`, async ({ request }) => {
      const res = await request.get(file.path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe(file.contentType);
      expect((await res.body()).length).toBeGreaterThan(0);
    });
  }

  for (const path of ['/developers', '/developers/deprecation']) {
    test(`${path} answers 200 as HTML, and its twin is named in a Link header`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${path}.md"`);
    });
  }

  test('JSON discovery files parse; text ones are not HTML fallbacks', async ({ request }) => {
    for (const path of ['/openapi.json', '/.well-known/api-catalog', '/.well-known/ard.json', '/.well-known/ai-catalog.json']) {
      expect(typeof (await (await request.get(path)).json()), path).toBe('object');
    }
    for (const path of ['/AGENTS.md', '/SKILL.md', '/pricing.md', '/robots.txt'])
      expect(await (await request.get(path)).text(), path).not.toMatch(/^<!doctype/i);
  });
});

test.describe('PF-DISCOVERY: the links agents look for', () => {
  test('RFC 9727 § 3: HEAD /.well-known/api-catalog answers with Link: <…/.well-known/api-catalog>; rel="api-catalog"', async ({ request }) => {
    const res = await request.head('/.well-known/api-catalog');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe(DISCOVERY_FILES.find((f) => f.path === '/.well-known/api-catalog')!.contentType);
    expect(res.headers().link).toMatch(/<[^>]*\/\.well-known\/api-catalog>;\s*rel="api-catalog"/);
  });

  test('the home page Link header points to the api-catalog, openapi.json and llms.txt', async ({ request }) => {
    const link = (await request.get('/')).headers().link ?? '';
    expect(link).toMatch(/<[^>]*\/\.well-known\/api-catalog>;\s*rel="api-catalog"/);
    expect(link).toMatch(/<[^>]*\/openapi\.json>;\s*rel="service-desc"/);
    expect(link).toMatch(/<[^>]*\/llms\.txt>;\s*rel="describedby"/);
  });

  test('the home page <head> links the same discovery files', async ({ page }) => {
    await page.goto('/');
    for (const link of HOME_LINKS) {
      await expect(page.locator(`head link[rel="${link.rel}"][href="${link.href}"]`), `${link.rel} ${link.href}`).toHaveCount(1);
    }
  });

  test('llms.txt has the API and agent docs section', async ({ request }) => {
    const text = await (await request.get('/llms.txt')).text();
    const section = text.split('\n## ').find((s) => s.startsWith('API and agent docs'))!;
    expect(section).toBeDefined();
    for (const path of ['/AGENTS.md', '/SKILL.md', '/developers.md', '/auth.md']) expect(section).toContain(`${path})`);
    // afdocs: JSON descriptions are named, not linked.
    for (const path of ['/openapi.json', '/.well-known/api-catalog']) {
      expect(text).toMatch(new RegExp(`\`https?://[^\`]+${path.replace(/\./g, '\\.')}\``));
      expect(text).not.toContain(`${path})`);
    }
  });

  test('FO-AGENT-SKILLS: the Agent Skills index lists SKILL.md with the SHA-256 digest of the bytes served, at its path and the conventional one', async ({
    request,
  }) => {
    const index = await (await request.get('/.well-known/agent-skills/index.json')).json();
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills).toHaveLength(1);
    const [skill] = index.skills;
    expect(skill).toMatchObject({ type: 'skill-md', url: '/SKILL.md' });
    const served = await (await request.get(new URL(skill.url, 'http://x/.well-known/agent-skills/index.json').pathname)).body();
    expect(skill.digest).toBe(`sha256:${createHash('sha256').update(served).digest('hex')}`);
    // § Discovery Index: the name and description are the skill's own (its front matter).
    const front = served.toString('utf8').split('\n---\n')[0]!;
    expect(front).toContain(`name: ${skill.name}`);
    expect(front).toContain(`description: ${JSON.stringify(skill.description)}`);
    // The final v0.2.0 shape, the one both the RFC and agentskills.io's schema describe: one
    // artifact per entry, no draft-era `version` or `files` (FO-AGENT-SKILLS).
    expect(Object.keys(index).sort()).toEqual(['$schema', 'skills']);
    expect(Object.keys(skill).sort()).toEqual(['description', 'digest', 'name', 'type', 'url']);
    expect(skill.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The conventional home, /.well-known/agent-skills/<name>/SKILL.md, serves the same bytes.
    const conventional = await request.get(`/.well-known/agent-skills/${skill.name}/SKILL.md`);
    expect(conventional.status()).toBe(200);
    expect(conventional.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(Buffer.compare(await conventional.body(), served)).toBe(0);
  });

  test('robots.txt names the sitemap and the ARD manifest on this site', async ({ request }) => {
    const base = await siteUrl(request);
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(text).not.toMatch(/^Agentmap:/m);
    expect(text).toContain(`# Agent resource discovery: ${base}/.well-known/ard.json`);
  });
});

/** Absolute same-site URLs in a text; templates such as `…/projects/<slug>` or `{job_id}` are not URLs. */
function urlsInText(text: string, base: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>`)\]]+/g)) {
    const url = match[0].replace(/[.,;:]+$/, '');
    const next = text[match.index + match[0].length];
    if (next === '<' || next === '{' || url.includes('{')) continue;
    if (url.startsWith(base)) found.push(url);
  }
  return found;
}

/** The URLs of a served file: in every string of a JSON document, or in the (unescaped) text. */
function urlsIn(body: string, contentType: string, base: string): string[] {
  if (/json/.test(contentType)) {
    const strings: string[] = [];
    const walk = (node: unknown): void => {
      if (typeof node === 'string') strings.push(node);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(JSON.parse(body));
    return strings.flatMap((s) => urlsInText(s, base));
  }
  return urlsInText(/html/.test(contentType) ? unescapeHtml(body) : body, base);
}

test.describe('PF-DISCOVERY: every URL inside every discovery file resolves', () => {
  test('each same-site URL answers without 404 or 5xx, pages and files with 200, and every fragment exists', async ({ request, baseURL }) => {
    const base = await siteUrl(request);
    const openapi = (await (await request.get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    const templates = Object.keys(openapi.paths).map((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`));
    const sources = [...DISCOVERY_FILES.map((f) => f.path), '/developers', '/developers/deprecation', '/llms.txt'];
    const urls = new Map<string, string>();
    for (const source of sources) {
      const res = await request.get(source);
      const body = await res.text();
      for (const url of urlsIn(body, res.headers()['content-type'] ?? '', base)) if (!urls.has(url)) urls.set(url, source);
      // The HTML pages' relative links too.
      if (source.startsWith('/developers') && !source.endsWith('.md')) {
        for (const [, href] of body.matchAll(/href="(\/[^"]*)"/g))
          if (!urls.has(`${base}${unescapeHtml(href!)}`)) urls.set(`${base}${unescapeHtml(href!)}`, source);
      }
    }
    expect(urls.size).toBeGreaterThan(40);

    const bodies = new Map<string, string>();
    const failures: string[] = [];
    for (const [url, source] of urls) {
      const { pathname, search, hash } = new URL(url);
      const path = pathname + search;
      const res = await request.get(`${baseURL}${path}`);
      const status = res.status();
      // An API endpoint named as such (an api-catalog anchor, a token endpoint) may answer 400/401/405 to a
      // bare GET; nothing may be missing or broken, and every file and page must answer 200.
      const isEndpoint = templates.some((t) => t.test(pathname)) || pathname === '/api/mcp';
      if (status === 404 || status >= 500 || (!isEndpoint && status !== 200)) failures.push(`${url} (in ${source}) answered ${status}`);
      if (!hash) continue;
      if (!bodies.has(path)) bodies.set(path, await res.text());
      const body = bodies.get(path)!;
      const fragment = decodeURIComponent(hash.slice(1));
      const found = fragment.startsWith('/') ? resolvePointer(JSON.parse(body), fragment) !== undefined : body.includes(`id="${fragment}"`);
      if (!found) failures.push(`${url} (in ${source}): no #${fragment} there`);
    }
    expect(failures).toEqual([]);
  });
});
