// GET /api/v1/compare (PF-COMPARE: two to four slugs; docs/decisions.md § Compare).
import { describe, expect, it } from 'vitest';
import { type Comparison, compareProjects, comparison } from '../../src/server/portfolio.ts';
import { siteData } from '../../src/server/data.ts';
import { client, expectApiError, expectError, viaTool } from '../support/portfolio-helpers.ts';
import { corpus, project } from '../support/search-fixtures.ts';

const get = client();

const fixture = corpus([
  project('a', { type: 'library', category: 'data', tags: ['rust', 'search', 'db'], stack: ['Rust', 'SQLite'], date: '2024-01-01', updated: '2024-06-01' }),
  project('b', { type: 'library', category: 'data', tags: ['rust', 'search'], stack: ['Rust'], date: '2023-01-01' }),
  project('c', { type: 'tool', category: 'web', tags: ['search', 'web'], stack: ['Rust', 'TypeScript'], date: '2023-01-01', archived: true }),
]);

describe('PF-COMPARE: GET /api/v1/compare', () => {
  it('puts the projects side by side in the order asked, valid against Comparison', async () => {
    const res = await get('/api/v1/compare?slugs=tidewater,quarry');
    expect(res.status).toBe(200);
    const body = comparison.parse(res.body);
    expect(body.slugs).toEqual(['tidewater', 'quarry']);
    expect(body.projects.map((p) => p.slug)).toEqual(['tidewater', 'quarry']);
  });

  it('shared holds what all have in common; differences holds only fields that differ, per slug', () => {
    const two = compareProjects(fixture, ['a', 'b']);
    expect(two.shared).toEqual({ type: 'library', category: 'data', tags: ['rust', 'search'], stack: ['Rust'] });
    expect(two.differences).toEqual({
      date: { a: '2024-01-01', b: '2023-01-01' },
      updated: { a: '2024-06-01', b: null },
      tags: { a: ['db'], b: [] },
      stack: { a: ['SQLite'], b: [] },
    });
    // A comma-separated string, spaces around the slugs, is read at the tool's edge as REST reads it.
    const three = (viaTool('compare_projects', fixture, { slugs: ' a , b , c ' }) as { answer: Comparison }).answer;
    expect(three.shared).toEqual({ type: null, category: null, tags: ['search'], stack: ['Rust'] });
    expect(three.differences).toMatchObject({
      type: { a: 'library', b: 'library', c: 'tool' },
      category: { a: 'data', b: 'data', c: 'web' },
      archived: { a: false, b: false, c: true },
      tags: { a: ['rust', 'db'], b: ['rust'], c: ['web'] },
    });
  });

  it('takes four slugs, and a list of slugs from MCP', () => {
    const slugs = siteData()
      .projects.slice(0, 4)
      .map((p) => p.slug);
    expect(viaTool('compare_projects', siteData(), { slugs: slugs.join(',') })).toMatchObject({ answer: { slugs } });
    expect(viaTool('compare_projects', siteData(), { slugs: slugs.slice(0, 2) })).toMatchObject({ answer: { slugs: slugs.slice(0, 2) } });
  });

  it('archived projects can be compared', () => {
    expect(compareProjects(fixture, ['a', 'c']).projects[1]!.archived).toBe(true);
  });
});

describe('PF-ERRORS, PF-ERROR-SHAPE: GET /api/v1/compare bad input ladder', () => {
  const ladder: [string, string, number, string][] = [
    ['missing slugs', '/api/v1/compare', 400, 'invalid_compare'],
    ['empty slugs', '/api/v1/compare?slugs=', 400, 'invalid_compare'],
    ['one slug', '/api/v1/compare?slugs=quarry', 400, 'invalid_compare'],
    ['five slugs', '/api/v1/compare?slugs=quarry,tidewater,pagewatch,tracejoin,bisector', 400, 'invalid_compare'],
    ['a duplicate', '/api/v1/compare?slugs=quarry,quarry', 400, 'invalid_compare'],
    ['a bad slug among them', '/api/v1/compare?slugs=quarry,Tide%20Water', 400, 'invalid_slug'],
    ['an empty slug among them', '/api/v1/compare?slugs=quarry,', 400, 'invalid_slug'],
    ['an unknown slug among them', '/api/v1/compare?slugs=quarry,no-such-project', 404, 'not_found'],
    ['wrong method', '/api/v1/compare?slugs=quarry,tidewater', 405, 'method_not_allowed'],
  ];
  for (const [name, path, status, code] of ladder) {
    it(`${name} → ${status} ${code}`, async () => {
      const res = await get(path, name === 'wrong method' ? { method: 'DELETE' } : {});
      expectError(res, status, code as any);
    });
  }

  it('messages say what is wrong', async () => {
    expect((await get('/api/v1/compare?slugs=quarry')).body.error.message).toBe('slugs: got 1 slug; compare takes 2 to 4.');
    expect((await get('/api/v1/compare?slugs=quarry,quarry')).body.error.message).toMatch(/"quarry" is listed twice/);
    expect((await get('/api/v1/compare?slugs=quarry,nope-a,nope-b')).body.error.message).toBe('No project has the slug "nope-a" or "nope-b".');
  });

  it('compare_projects (the MCP tool) answers the same codes, its arguments read once at its edge', () => {
    const code = (slugs: unknown) => viaTool('compare_projects', fixture, { slugs });
    expect(code(['a'])).toEqual({ code: 'invalid_compare' });
    expect(code(['a', 1])).toEqual({ code: 'invalid_compare' });
    expect(code(undefined)).toEqual({ code: 'invalid_compare' });
    expect(code(['a', 'A'])).toEqual({ code: 'invalid_slug' });
    expect(code(['a', 'a'])).toEqual({ code: 'invalid_compare' });
    expect(code(['a', 'zz'])).toEqual({ code: 'not_found' });
    expectApiError(() => compareProjects(fixture, ['a', 'zz']), 'not_found');
  });
});
