// Versioning headers driven by config (PF-SUNSET; docs/decisions.md § Versioning):
// none is deprecated today, so a fixture config with a deprecated v1 proves the machinery.
import { afterEach, describe, expect, it } from 'vitest';
import { setSiteData, siteData } from '../../src/server/data.ts';
import { versionHeaders } from '../../src/server/middleware/versioning.ts';
import { client } from '../support/portfolio-helpers.ts';
import { ROUTES } from '../../src/server/routes.ts';

const base = siteData();
afterEach(() => setSiteData(base));

function deprecateV1() {
  setSiteData({
    ...base,
    site: { ...base.site, apiVersions: [{ version: 'v1', deprecated: '2026-01-15', sunset: '2026-07-15', successor: '/api/v2' }, { version: 'v2' }] },
    kept: {},
  });
  return client();
}

describe('PF-VERSION-PATH: the version is in the path', () => {
  it('every portfolio REST route is under /api/v1 or is one of its unversioned aliases; another version is not served', async () => {
    const restPaths = ROUTES.map((r) => r.path).filter((p) => p.startsWith('/api/') && !p.startsWith('/api/mcp'));
    expect(restPaths.length).toBeGreaterThan(5);
    for (const path of restPaths)
      expect(
        path === '/api' ||
          path.startsWith('/api/v1') ||
          ['/api/search', '/api/projects', '/api/projects/{slug}', '/api/posts', '/api/posts/{slug}', '/api/resume'].includes(path),
        path,
      ).toBe(true);
    const v2 = await client()('/api/v2/projects');
    expect(v2.status).toBe(404);
    expect(v2.body.error.code).toBe('route_not_found');
  });
});

describe('PF-SUNSET: versioning', () => {
  it('no version is deprecated: no Deprecation, Sunset or Link headers today', async () => {
    const res = await client()('/api/v1/projects');
    expect(base.site.apiVersions.every((v) => !v.deprecated)).toBe(true);
    for (const name of ['deprecation', 'sunset', 'link']) expect(res.headers.get(name)).toBeNull();
  });

  it('a deprecated v1 sends Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel=successor-version on every v1 route and alias', async () => {
    const get = deprecateV1();
    for (const path of [
      '/api/v1/search?q=rust',
      '/api/search?q=rust',
      '/api/v1/projects',
      '/api/projects',
      '/api/v1/projects/quarry',
      '/api/projects/quarry',
      '/api/v1/compare?slugs=quarry,tidewater',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('deprecation'), path).toBe(`@${Date.UTC(2026, 0, 15) / 1000}`);
      expect(res.headers.get('sunset'), path).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
      expect(res.headers.get('link'), path).toMatch(/^<\/api\/v2>; rel="successor-version", <[^>]+>; rel="deprecation"; type="text\/html"$/);
    }
  });

  it('errors and 304s of a deprecated version carry the headers too; unknown routes do not', async () => {
    const get = deprecateV1();
    const error = await get('/api/v1/search');
    expect(error.status).toBe(400);
    expect(error.headers.get('deprecation')).toMatch(/^@\d+$/);
    const notModified = await get('/api/v1/projects', { headers: { 'if-none-match': '*' } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('sunset')).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
    expect((await get('/api/v1/nope')).headers.get('deprecation')).toBeNull();
  });

  it('versionHeaders: Deprecation alone when no sunset or successor is set', () => {
    const headers = versionHeaders('v1', { apiVersions: [{ version: 'v1', deprecated: '2026-01-15' }] });
    expect(headers.Deprecation).toBe(`@${Date.UTC(2026, 0, 15) / 1000}`);
    expect(headers.Sunset).toBeUndefined();
    expect(headers.Link).not.toContain('successor-version');
    expect(versionHeaders('v9', base.site)).toEqual({});
  });
});
