import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/server/errors.ts';
import { catalogResponse, publicPages } from '../../src/server/knowledge.ts';
import { siteData } from '../../src/server/data.ts';
import { PUBLIC_READ_TOKEN } from '../../src/server/access/public-read.ts';
import { readCredentials } from '../../src/server/access/bearer.ts';
import { call, site } from '../support/access-support.ts';

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
// RFC 9728 § 3.3: the challenge names the path-inserted document whose `resource` is /api/v1.
const metadataUrl = () => `${site().url}/.well-known/oauth-protected-resource/api/v1`;

describe('KQ-PROTECTED: GET /api/v1 without a token (RFC 9728 § 5.1)', () => {
  it('KQ-ERROR-SHAPE: no Authorization → 401 unauthorized with WWW-Authenticate resource_metadata', async () => {
    const res = await call('/api/v1');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    const body = await res.json();
    expect(errorResponse.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      error: { code: 'unauthorized', status: 401, auth: `${site().url}/auth.md` },
      resource_metadata: metadataUrl(),
    });
    expect(body.error.hint).toMatch(/auth\.md/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['Basic', 'Basic Zm9vOmJhcg=='],
    ['an empty Bearer', 'Bearer'],
    ['Bearer with only spaces', 'Bearer    '],
    ['a token without a scheme', PUBLIC_READ_TOKEN],
    ['an empty header', ''],
  ])('docs/decisions.md § OAuth: malformed Authorization (%s) is treated as missing: plain challenge, no error code', async (_, authorization) => {
    const res = await call('/api/v1', { headers: { Authorization: authorization } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
  });

  it.each(['wrong', `${PUBLIC_READ_TOKEN}x`, PUBLIC_READ_TOKEN.toUpperCase(), 'a b c'])(
    'RFC 6750 § 3.1: a wrong bearer token (%s) → 401 with error="invalid_token" and resource_metadata',
    async (token) => {
      const res = await call('/api/v1', bearer(token));
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate')!;
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"\\]+", resource_metadata="([^"]+)"$/);
      expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
      const body = await res.json();
      expect(body.error).toMatchObject({ code: 'unauthorized', message: 'The bearer token is not valid.' });
      expect(body.resource_metadata).toBe(metadataUrl());
    },
  );

  it('RFC 9110 § 11.1: the scheme is case-insensitive, extra spaces are allowed', async () => {
    for (const header of [`bearer ${PUBLIC_READ_TOKEN}`, `BEARER ${PUBLIC_READ_TOKEN}`, `Bearer   ${PUBLIC_READ_TOKEN}  `]) {
      expect((await call('/api/v1', { headers: { Authorization: header } })).status).toBe(200);
    }
  });

  it('RFC 6750 § 2.1 only: a token in the query string does not count', async () => {
    expect((await call(`/api/v1?access_token=${PUBLIC_READ_TOKEN}`)).status).toBe(401);
  });

  it('readCredentials: Bearer + token, anything else missing', () => {
    expect(readCredentials(`Bearer ${PUBLIC_READ_TOKEN}`)).toEqual({ kind: 'bearer', token: PUBLIC_READ_TOKEN });
    expect(readCredentials('Bearerx abc')).toEqual({ kind: 'missing' });
    expect(readCredentials(undefined)).toEqual({ kind: 'missing' });
  });
});

describe('KQ-PROTECTED: GET /api/v1 with the public-read token answers the catalog', () => {
  it('200 CatalogResponse with the profile summary and public pages, mode public-read, sandbox false', async () => {
    const res = await call('/api/v1', bearer(PUBLIC_READ_TOKEN));
    expect(res.status).toBe(200);
    const body = catalogResponse.parse(await res.json());
    // The token's scope covers the same public pages as the sandbox.
    const all = publicPages(siteData());
    expect(body).toMatchObject({ sandbox: false, mode: 'public-read', scope: 'knowledge:read', summary: site().summary, resource: `${site().url}/api/v1` });
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: all.length, has_more: all.length > 50, next_page: all.length > 50 ? 2 : null });
    expect(body.pages).toEqual(all.slice(0, 50));
    for (const item of body.pages) expect(item.url.startsWith(`${site().url}/`)).toBe(true);
  });

  it('docs/decisions.md § Caching: the answer depends on Authorization, so it is private and varies on it', async () => {
    const res = await call('/api/v1', bearer(PUBLIC_READ_TOKEN));
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('vary')).toMatch(/Authorization/);
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('docs/decisions.md § Pagination: page/limit walk the whole list without gaps or repeats', async () => {
    const seen: string[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const body = catalogResponse.parse(await (await call(`/api/v1?page=${page}&limit=4`, bearer(PUBLIC_READ_TOKEN))).json());
      expect(body.pagination.limit).toBe(4);
      seen.push(...body.pages.map((p) => p.url));
      expect(body.pagination.has_more).toBe(body.pagination.next_page !== null);
      page = body.pagination.next_page;
    }
    const total = catalogResponse.parse(await (await call('/api/v1?limit=100', bearer(PUBLIC_READ_TOKEN))).json());
    expect(seen).toEqual(total.pages.map((p) => p.url));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('docs/decisions.md § Pagination: a page past the end is empty, not an error', async () => {
    const body = await (await call('/api/v1?page=999', bearer(PUBLIC_READ_TOKEN))).json();
    expect(body.pages).toEqual([]);
    expect(body.pagination).toMatchObject({ page: 999, has_more: false, next_page: null });
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=101', 'limit=', 'limit=ten'])(
    'docs/decisions.md § Pagination: %s → 400 invalid_filter',
    async (query) => {
      const res = await call(`/api/v1?${query}`, bearer(PUBLIC_READ_TOKEN));
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_filter');
    },
  );

  it('RFC 6750 § 3: without a token the challenge comes first, even when the query is also bad', async () => {
    const res = await call('/api/v1?page=0');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('docs/decisions.md § Pagination: limit 1 and 100 are both accepted', async () => {
    expect((await (await call('/api/v1?limit=1', bearer(PUBLIC_READ_TOKEN))).json()).pages).toHaveLength(1);
    expect((await call('/api/v1?limit=100', bearer(PUBLIC_READ_TOKEN))).status).toBe(200);
  });

  it('docs/decisions.md § Rate limits: catalog answers carry the knowledge policy headers, 401s included', async () => {
    for (const res of [await call('/api/v1'), await call('/api/v1', bearer(PUBLIC_READ_TOKEN))]) {
      expect(res.headers.get('ratelimit-policy')).toMatch(/^"knowledge";q=\d+;w=\d+$/);
    }
  });

  it('docs/decisions.md § CORS: the 401 carries CORS headers for the site origin (so a browser can read WWW-Authenticate)', async () => {
    const origin = new URL(site().url).origin;
    const res = await call('/api/v1', { headers: { Origin: origin } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
    const foreign = await call('/api/v1', { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('KQ-PROTECTED: GET /api behaves as GET /api/v1', () => {
  it('401 until the flow is followed, pointing at the metadata whose resource is /api (RFC 9728 § 3.3)', async () => {
    const res = await call('/api');
    expect(res.status).toBe(401);
    const url = `${site().url}/.well-known/oauth-protected-resource/api`;
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${url}"`);
    expect((await res.json()).resource_metadata).toBe(url);
    const metadata = await (await call('/.well-known/oauth-protected-resource/api')).json();
    expect(metadata.resource).toBe(`${site().url}/api`);
  });

  it('with the token: the same catalog as /api/v1, its resource /api', async () => {
    const [a, b] = await Promise.all(['/api', '/api/v1'].map(async (p) => (await call(`${p}?limit=3`, bearer(PUBLIC_READ_TOKEN))).json()));
    expect(a.resource).toBe(`${site().url}/api`);
    expect({ ...a, resource: '' }).toEqual({ ...b, resource: '' });
  });

  it('HTTP semantics: POST /api/v1 → 405 with Allow', async () => {
    const res = await call('/api/v1', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
