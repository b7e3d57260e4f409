// GET /api/v1/search and its alias /api/search (PF-SEARCH, PF-ALIASES, PF-ERRORS).
import { describe, expect, it } from 'vitest';
import { searchHits, searchResponse, MAX_LIMIT } from '../../src/server/portfolio.ts';
import { siteData } from '../../src/server/data.ts';
import { client, expectError, viaTool } from '../support/portfolio-helpers.ts';

const get = client();

describe('PF-SEARCH: GET /api/v1/search', () => {
  it('answers hits with slug, type, title, summary, tags, href, twin, URLs, score and match, valid against SearchResponse', async () => {
    const res = await get('/api/v1/search?q=quarry');
    expect(res.status).toBe(200);
    const body = searchResponse.parse(res.body);
    expect(body).toMatchObject({ query: 'quarry', type: null, limit: 10 });
    const quarry = body.hits.find((h) => h.slug === 'quarry')!;
    expect(quarry).toMatchObject({ kind: 'project', type: 'library', href: '/projects/quarry', twin: '/projects/quarry.md', match: 'title' });
    expect(quarry.url).toBe(`${siteData().site.url}/projects/quarry`);
    expect(quarry.twinUrl).toBe(`${siteData().site.url}/projects/quarry.md`);
    expect(quarry.twin).toBe(`${quarry.href}.md`);
  });

  it('PF-SEARCH-ORDER: orders hits by tier, so an exact title comes first', async () => {
    const title = siteData().projects.find((p) => p.slug === 'tidewater')!.title;
    const res = await get(`/api/v1/search?q=${encodeURIComponent(`  ${title.toUpperCase()}  `)}`);
    expect(res.body.hits[0]).toMatchObject({ slug: 'tidewater', match: 'title' });
    expect(res.body.query).toBe(title.toUpperCase());
  });

  it('filters by type, a project type or page', async () => {
    const pages = await get('/api/v1/search?q=about&type=page');
    expect(pages.body.hits.length).toBeGreaterThan(0);
    expect(pages.body.hits.every((h: any) => h.kind === 'page' && h.type === 'page')).toBe(true);
    const tools = await get('/api/v1/search?q=the&type=tool&limit=20');
    expect(tools.body.hits.every((h: any) => h.type === 'tool')).toBe(true);
  });

  it('limit caps the hits (1 to 20, default 10)', async () => {
    expect((await get('/api/v1/search?q=the')).body.hits).toHaveLength(10);
    expect((await get('/api/v1/search?q=the&limit=1')).body.hits).toHaveLength(1);
    expect((await get(`/api/v1/search?q=the&limit=${MAX_LIMIT}`)).body.hits.length).toBeLessThanOrEqual(MAX_LIMIT);
  });

  it('PF-ALIASES: alias /api/search answers identically', async () => {
    const [v1, alias] = await Promise.all([get('/api/v1/search?q=rust&type=library'), get('/api/search?q=rust&type=library')]);
    expect(alias.status).toBe(200);
    expect(alias.text).toBe(v1.text);
    expect(alias.headers.get('etag')).toBe(v1.headers.get('etag'));
  });

  it('answers an empty list, not an error, when nothing matches', async () => {
    const res = await get('/api/v1/search?q=zzzzqqqxxx');
    expect(res.status).toBe(200);
    expect(res.body.hits).toEqual([]);
  });
});

describe('PF-ERRORS, PF-ERROR-SHAPE: GET /api/v1/search bad input ladder', () => {
  const ladder: [string, string, number, string][] = [
    ['missing q', '/api/v1/search', 400, 'invalid_query'],
    ['empty q', '/api/v1/search?q=', 400, 'invalid_query'],
    ['blank q', '/api/v1/search?q=%20%20%09', 400, 'invalid_query'],
    ['q over 500 characters', `/api/v1/search?q=${'a'.repeat(501)}`, 400, 'invalid_query'],
    ['unknown type', '/api/v1/search?q=x&type=novel', 400, 'invalid_filter'],
    ['empty type', '/api/v1/search?q=x&type=', 400, 'invalid_filter'],
    ['limit 0', '/api/v1/search?q=x&limit=0', 400, 'invalid_filter'],
    ['limit 21', '/api/v1/search?q=x&limit=21', 400, 'invalid_filter'],
    ['limit x', '/api/v1/search?q=x&limit=x', 400, 'invalid_filter'],
    ['limit 1.5', '/api/v1/search?q=x&limit=1.5', 400, 'invalid_filter'],
    ['limit -1', '/api/v1/search?q=x&limit=-1', 400, 'invalid_filter'],
    ['wrong method', '/api/v1/search?q=x', 405, 'method_not_allowed'],
  ];
  for (const [name, path, status, code] of ladder) {
    it(`${name} → ${status} ${code}`, async () => {
      const res = await get(path, name === 'wrong method' ? { method: 'POST' } : {});
      expectError(res, status, code as any);
      if (status === 405) expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    });
  }

  it('docs/decisions.md § Limits: q of exactly 500 characters after trimming is accepted', async () => {
    expect((await get(`/api/v1/search?q=%20${'a'.repeat(500)}%20`)).status).toBe(200);
  });

  it('messages name the parameter and the rule', async () => {
    expect((await get('/api/v1/search')).body.error.message).toBe('q: is required: send 1 to 500 characters after trimming.');
    expect((await get('/api/v1/search?q=x&limit=21')).body.error.message).toBe('limit must be an integer from 1 to 20.');
    expect((await get('/api/v1/search?q=x&type=novel')).body.error.message).toMatch(
      /^type must be one of app, library, tool, service, research, talk, post, page, resume/,
    );
  });

  it('search_portfolio (the MCP tool) answers the same codes, its arguments read once at its edge', () => {
    const data = siteData();
    expect(viaTool('search_portfolio', data, {})).toEqual({ code: 'invalid_query' });
    expect(viaTool('search_portfolio', data, { query: '   ' })).toEqual({ code: 'invalid_query' });
    expect(viaTool('search_portfolio', data, { query: 'x', type: 'novel' })).toEqual({ code: 'invalid_filter' });
    expect(viaTool('search_portfolio', data, { query: 'x', limit: 21 })).toEqual({ code: 'invalid_filter' });
    expect(searchHits(data, { q: 'quarry', limit: 2 }).hits).toHaveLength(2);
  });
});
