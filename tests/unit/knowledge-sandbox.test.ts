import { describe, expect, it } from 'vitest';
import { siteData } from '../../src/server/data.ts';
import { catalog, publicPages } from '../../src/server/knowledge.ts';
import { catalogResponse } from '../../src/server/knowledge/schemas.ts';
import { app, expectError } from '../support/knowledge-helpers.ts';

describe('catalog(): the CatalogResponse of the sandbox and of GET /api/v1', () => {
  it('FO-POSTS, FO-RESUME: lists home, the projects index, every project, the posts index and every post, every page and the résumé, as absolute URLs', () => {
    const data = siteData();
    const pages = publicPages(data);
    const base = data.site.url;
    expect(data.posts.length).toBeGreaterThan(0);
    expect(data.resume).toBeDefined();
    expect(pages.length).toBe(2 + data.projects.length + 1 + data.posts.length + data.pages.length + 1);
    expect(pages.slice(0, 2).map((p) => p.url)).toEqual([`${base}/`, `${base}/projects`]);
    expect(pages.map((p) => p.url)).toContain(`${base}/posts`);
    expect(pages.at(-1)!.url).toBe(`${base}/resume`);
    expect(pages.map((p) => p.url)).toEqual(expect.arrayContaining([...data.projects, ...data.posts, ...data.pages].map((r) => `${base}${r.href}`)));
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
  });

  it('pages walk the whole list exactly once, following next_page', () => {
    const data = siteData();
    const seen: string[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const body = catalogResponse.parse(catalog(data, page, 7, 'sandbox'));
      seen.push(...body.pages.map((p) => p.url));
      expect(body.pagination.has_more).toBe(body.pagination.next_page !== null);
      page = body.pagination.next_page;
    }
    expect(seen).toEqual(publicPages(data).map((p) => p.url));
  });

  it('KQ-PROTECTED: the public-read mode is the same list, marked as not a sandbox, for GET /api/v1', () => {
    const data = siteData();
    const read = catalogResponse.parse(catalog(data, 1, 50, 'public-read'));
    const sandbox = catalog(data, 1, 50, 'sandbox');
    expect(read).toMatchObject({ sandbox: false, mode: 'public-read', scope: 'knowledge:read', resource: `${data.site.url}/api/v1` });
    expect(read.pages).toEqual(sandbox.pages);
  });
});

describe('KQ-SANDBOX: GET /api/v1/sandbox', () => {
  it('defaults to page 1, limit 50, with X-Sandbox: true and RateLimit-Limit', async () => {
    const res = await app().request('/api/v1/sandbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sandbox')).toBe('true');
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    const body = catalogResponse.parse(await res.json());
    const data = siteData();
    expect(body).toMatchObject({
      sandbox: true,
      mode: 'sandbox',
      scope: 'knowledge:read',
      summary: data.site.summary,
      resource: `${data.site.url}/api/v1/sandbox`,
    });
    const total = publicPages(data).length;
    expect(body.pagination).toEqual({ page: 1, limit: 50, total, has_more: total > 50, next_page: total > 50 ? 2 : null });
  });

  it('pages with page and limit', async () => {
    const body = catalogResponse.parse(await (await app().request('/api/v1/sandbox?page=2&limit=5')).json());
    expect(body.pages).toEqual(publicPages(siteData()).slice(5, 10));
    expect(body.pagination).toMatchObject({ page: 2, limit: 5, has_more: true, next_page: 3 });
  });

  it('a page past the end is empty, not an error', async () => {
    const body = catalogResponse.parse(await (await app().request('/api/v1/sandbox?page=99&limit=100')).json());
    expect(body.pages).toEqual([]);
    expect(body.pagination).toMatchObject({ page: 99, has_more: false, next_page: null });
  });

  it('docs/decisions.md § Caching: public, max-age=300 with the build ETag; If-None-Match → 304', async () => {
    const a = app();
    const res = await a.request('/api/v1/sandbox');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`W/"${siteData().buildId}"`);
    expect((await a.request('/api/v1/sandbox', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it.each([
    ['page 0', '?page=0'],
    ['a negative page', '?page=-1'],
    ['a fractional page', '?page=1.5'],
    ['a page that is not a number', '?page=two'],
    ['an empty page', '?page='],
    ['limit 0', '?limit=0'],
    ['limit 101', '?limit=101'],
    ['a limit that is not a number', '?limit=ten'],
  ])('ladder: %s → 400 invalid_filter', async (_name, query) => {
    await expectError(await app().request(`/api/v1/sandbox${query}`), 400, 'invalid_filter');
  });

  it('limit 1 and limit 100 are accepted', async () => {
    const a = app();
    expect((await (await a.request('/api/v1/sandbox?limit=1')).json()).pages).toHaveLength(1);
    expect((await a.request('/api/v1/sandbox?limit=100')).status).toBe(200);
  });
});
