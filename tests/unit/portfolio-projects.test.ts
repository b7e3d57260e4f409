// GET /api/v1/projects, GET /api/v1/projects/{slug} and their aliases (PF-PROJECTS, PF-PROJECT, PF-ALIASES).
import { describe, expect, it } from 'vitest';
import { getProject, listProjects, projectDetail, projectList } from '../../src/server/portfolio.ts';
import { encodeCursor } from '../../src/server/cursor.ts';
import { siteData } from '../../src/server/data.ts';
import { client, expectApiError, expectError, viaTool } from '../support/portfolio-helpers.ts';
import { corpus, project } from '../support/search-fixtures.ts';
import { relatedProjects } from '../../src/records/collections.ts';
import type { Project } from '../../src/records/schema.ts';

const get = client();
const data = siteData();
const newestFirst = [...data.projects].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : 1));
const active = newestFirst.filter((p) => !p.archived);

/** Follows nextCursor to the end; returns every slug in order and the number of pages. */
async function walk(query: string) {
  const slugs: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const res = await get(`/api/v1/projects?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    const body = projectList.parse(res.body);
    slugs.push(...body.projects.map((p) => p.slug));
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { slugs, pages };
}

describe('PF-PROJECTS: GET /api/v1/projects', () => {
  it('lists active projects only, newest first then by slug, 10 per page by default', async () => {
    const res = await get('/api/v1/projects');
    const body = projectList.parse(res.body);
    expect(body.projects.map((p) => p.slug)).toEqual(active.slice(0, 10).map((p) => p.slug));
    expect(body.projects.every((p) => !p.archived)).toBe(true);
    expect(body.total).toBe(active.length);
  });

  it('archive=1 includes archived projects', async () => {
    const { slugs } = await walk('archive=1&limit=20');
    expect(slugs).toEqual(newestFirst.map((p) => p.slug));
    expect(data.projects.some((p) => p.archived)).toBe(true);
  });

  it('PF-CURSOR: walking nextCursor visits every project once, in order, and ends with nextCursor null', async () => {
    for (const limit of [1, 3, 7, 20]) {
      const { slugs, pages } = await walk(`limit=${limit}`);
      expect(slugs).toEqual(active.map((p) => p.slug));
      expect(pages).toBe(Math.max(1, Math.ceil(active.length / limit)));
    }
  });

  it('filters by category and type, and the cursor carries them', async () => {
    const category = active[0]!.category;
    const { slugs } = await walk(`category=${category}&limit=1`);
    expect(slugs).toEqual(active.filter((p) => p.category === category).map((p) => p.slug));
    const { slugs: tools } = await walk('type=tool&archive=1&limit=2');
    expect(tools).toEqual(newestFirst.filter((p) => p.type === 'tool').map((p) => p.slug));
  });

  it('a page size may change between pages: limit is not bound to the cursor', async () => {
    const first = await get('/api/v1/projects?limit=2');
    const next = await get(`/api/v1/projects?limit=5&cursor=${first.body.nextCursor}`);
    expect(next.body.projects.map((p: any) => p.slug)).toEqual(active.slice(2, 7).map((p) => p.slug));
  });

  it('items carry links, stack, dates, category label, page and twin paths and absolute URLs', async () => {
    const res = await get('/api/v1/projects?archive=1&limit=20');
    const quarry = res.body.projects.find((p: any) => p.slug === 'quarry');
    expect(quarry).toMatchObject({
      href: '/projects/quarry',
      twin: '/projects/quarry.md',
      url: `${data.site.url}/projects/quarry`,
      twinUrl: `${data.site.url}/projects/quarry.md`,
      categoryLabel: data.site.categories[quarry.category],
      links: { repo: expect.stringMatching(/^https:/) },
    });
    expect(quarry).not.toHaveProperty('source');
    expect(quarry).not.toHaveProperty('body');
  });

  it('PF-ALIASES: alias /api/projects answers identically', async () => {
    const [v1, alias] = await Promise.all([get('/api/v1/projects?limit=3&type=tool'), get('/api/projects?limit=3&type=tool')]);
    expect(alias.status).toBe(200);
    expect(alias.text).toBe(v1.text);
    const next = await get(`/api/projects?limit=3&type=tool&cursor=${v1.body.nextCursor}`);
    expect(next.status).toBe(200);
  });

  it('docs/decisions.md § Pagination: a cursor stays valid across a redeploy that adds a project: nothing repeats or goes missing', () => {
    const before = corpus([project('c', { date: '2024-03-01' }), project('b', { date: '2024-02-01' }), project('a', { date: '2024-01-01' })]);
    const first = listProjects(before, { limit: 1 });
    const after = corpus([
      ...before.projects.map((p) => ({ ...p, body: before.bodyOf(p) })),
      project('d', { date: '2024-04-01' }),
      project('bb', { date: '2024-02-01' }),
    ]);
    const rest = listProjects(after, { limit: 10, cursor: first.nextCursor ?? undefined });
    expect(rest.projects.map((p) => p.slug)).toEqual(['b', 'bb', 'a']);
  });
});

describe('PF-ERRORS, PF-ERROR-SHAPE: GET /api/v1/projects bad input ladder', () => {
  const first = listProjects(data, { limit: 2 });
  const cursor = first.nextCursor!;
  const [body, sum] = cursor.split('.') as [string, string];
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const ladder: [string, string, number, string][] = [
    ['unknown category', '/api/v1/projects?category=cooking', 400, 'invalid_filter'],
    ['unknown type', '/api/v1/projects?type=novel', 400, 'invalid_filter'],
    ['archive=2', '/api/v1/projects?archive=2', 400, 'invalid_filter'],
    ['archive=yes', '/api/v1/projects?archive=yes', 400, 'invalid_filter'],
    ['limit 0', '/api/v1/projects?limit=0', 400, 'invalid_filter'],
    ['limit 21', '/api/v1/projects?limit=21', 400, 'invalid_filter'],
    ['limit x', '/api/v1/projects?limit=x', 400, 'invalid_filter'],
    ['limit empty', '/api/v1/projects?limit=', 400, 'invalid_filter'],
    ['tampered cursor body', `/api/v1/projects?limit=2&cursor=${flip(body, 5)}.${sum}`, 400, 'invalid_cursor'],
    ['tampered cursor checksum', `/api/v1/projects?limit=2&cursor=${body}.${flip(sum, 0)}`, 400, 'invalid_cursor'],
    ['truncated cursor', `/api/v1/projects?limit=2&cursor=${cursor.slice(0, -3)}`, 400, 'invalid_cursor'],
    ['garbage cursor', '/api/v1/projects?cursor=hello', 400, 'invalid_cursor'],
    ['empty cursor', '/api/v1/projects?cursor=', 400, 'invalid_cursor'],
    ['over-long cursor', `/api/v1/projects?cursor=${'a'.repeat(600)}.abcdefgh`, 400, 'invalid_cursor'],
    ['well-formed cursor with a foreign payload', `/api/v1/projects?cursor=${encodeCursor({ offset: 3 })}`, 400, 'invalid_cursor'],
    ['cursor from other filters (type)', `/api/v1/projects?limit=2&type=tool&cursor=${cursor}`, 400, 'invalid_cursor'],
    ['cursor from other filters (archive)', `/api/v1/projects?limit=2&archive=1&cursor=${cursor}`, 400, 'invalid_cursor'],
    ['cursor from other filters (category)', `/api/v1/projects?limit=2&category=data&cursor=${cursor}`, 400, 'invalid_cursor'],
  ];
  for (const [name, path, status, code] of ladder) {
    it(`${name} → ${status} ${code}`, async () => {
      expectError(await get(path), status, code as any);
    });
  }

  it('the cursor from other filters says so, and the unknown category lists the known ones', async () => {
    expect((await get(`/api/v1/projects?type=tool&cursor=${cursor}`)).body.error.message).toMatch(/other filters/);
    expect((await get('/api/v1/projects?category=cooking')).body.error.hint).toContain(Object.keys(data.site.categories).join(', '));
  });

  it('POST → 405 with Allow', async () => {
    const res = await get('/api/v1/projects', { method: 'POST' });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('list_projects (the MCP tool) answers the same codes and accepts a boolean archive', () => {
    expect(viaTool('list_projects', data, { category: 'cooking' })).toEqual({ code: 'invalid_filter' });
    expect(viaTool('list_projects', data, { limit: 0 })).toEqual({ code: 'invalid_filter' });
    expect(viaTool('list_projects', data, { cursor: 'x' })).toEqual({ code: 'invalid_cursor' });
    expect(viaTool('list_projects', data, { archive: true, limit: 20 })).toMatchObject({ answer: { total: data.projects.length } });
    expectApiError(() => listProjects(data, { category: 'cooking', limit: 20 }), 'invalid_filter');
  });
});

describe('PF-PROJECT: GET /api/v1/projects/{slug}', () => {
  it('answers the whole record: metadata, links, Markdown body, page and twin URLs, related projects', async () => {
    const res = await get('/api/v1/projects/quarry');
    expect(res.status).toBe(200);
    const body = projectDetail.parse(res.body);
    const record = data.projects.find((p) => p.slug === 'quarry')!;
    expect(body).toMatchObject({
      slug: 'quarry',
      title: record.title,
      body: data.bodyOf(record),
      links: record.links,
      stack: record.stack,
      tags: record.tags,
      date: record.date,
    });
    expect(body.url).toBe(`${data.site.url}/projects/quarry`);
    expect(body.related.length).toBeGreaterThan(0);
    expect(body.related.map((r) => r.slug)).not.toContain('quarry');
  });

  it('FO-ONE-RECORD: related projects: shared tags (2 each), same category (1), at most 3; ties active first, newer, slug; the core’s list (page/twin)', () => {
    const fixture = corpus([
      project('subject', { tags: ['a', 'b', 'c'], category: 'data' }),
      project('two-tags', { tags: ['a', 'b'], category: 'web', date: '2020-01-01' }),
      project('tag-and-category', { tags: ['c'], category: 'data', date: '2020-01-01' }),
      project('one-tag-newer', { tags: ['a'], category: 'web', date: '2023-01-01' }),
      project('one-tag-older', { tags: ['b'], category: 'web', date: '2019-01-01' }),
      project('archived-one-tag', { tags: ['a'], category: 'web', date: '2024-01-01', archived: true }),
      project('unrelated', { tags: ['z'], category: 'web' }),
    ]);
    const related = getProject(fixture, 'subject').related;
    // one-tag-newer and archived-one-tag tie on score (2): the active one wins, though older.
    expect(related.map((r) => r.slug)).toEqual(['two-tags', 'tag-and-category', 'one-tag-newer']);
    expect(related[1]).toMatchObject({ sharedTags: ['c'], sameCategory: true });
    // The record core's list, which the page and the twin render.
    const content = { site: fixture.site, projects: fixture.projects as Project[], pages: [], posts: [] };
    expect(related.map((r) => r.slug)).toEqual(relatedProjects(fixture.projects.find((p) => p.slug === 'subject') as Project, content).map((p) => p.slug));
  });

  it('PF-ALIASES: alias /api/projects/{slug} answers identically', async () => {
    const [v1, alias] = await Promise.all([get('/api/v1/projects/tidewater'), get('/api/projects/tidewater')]);
    expect(alias.status).toBe(200);
    expect(alias.text).toBe(v1.text);
  });

  const ladder: [string, string, number, string][] = [
    ['uppercase slug', '/api/v1/projects/Quarry', 400, 'invalid_slug'],
    ['slug with bad characters', '/api/v1/projects/quarry!', 400, 'invalid_slug'],
    ['slug with an encoded slash', '/api/v1/projects/a%2Fb', 400, 'invalid_slug'],
    ['slug with a bad escape', '/api/v1/projects/%ZZ', 400, 'invalid_slug'],
    ['slug with a leading hyphen', '/api/v1/projects/-quarry', 400, 'invalid_slug'],
    ['slug over 60 characters', `/api/v1/projects/${'a'.repeat(61)}`, 400, 'invalid_slug'],
    ['unknown slug', '/api/v1/projects/no-such-project', 404, 'not_found'],
    ['unknown slug on the alias', '/api/projects/no-such-project', 404, 'not_found'],
    ['a page slug is not a project', '/api/v1/projects/about', 404, 'not_found'],
  ];
  for (const [name, path, status, code] of ladder) {
    it(`${name} → ${status} ${code}`, async () => {
      expectError(await get(path), status, code as any);
    });
  }

  it('not_found names the slug; getProject (the function MCP calls) throws the same codes', async () => {
    expect((await get('/api/v1/projects/no-such-project')).body.error.message).toBe('No project has the slug "no-such-project".');
    expect(viaTool('get_project', data, { slug: 'Bad Slug' })).toEqual({ code: 'invalid_slug' });
    expect(viaTool('get_project', data, {})).toEqual({ code: 'invalid_slug' });
    expect(viaTool('get_project', data, { slug: 'no-such-project' })).toEqual({ code: 'not_found' });
    expectApiError(() => getProject(data, 'no-such-project'), 'not_found');
  });
});
