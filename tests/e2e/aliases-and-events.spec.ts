// The operations no other suite reaches over HTTP, so the contract test sees an answer from each.
import { test, expect } from '@playwright/test';
import { PUBLIC_READ_TOKEN } from '../../src/server/access/public-read.ts';

test('PF-ALIASES: /api/projects is an alias of /api/v1/projects and answers the same', async ({ request }) => {
  const [alias, v1] = await Promise.all([request.get('/api/projects?limit=3'), request.get('/api/v1/projects?limit=3')]);
  expect(alias.status()).toBe(200);
  expect(await alias.json()).toEqual(await v1.json());
});

test('KQ-PROTECTED: GET /api with the public-read token reads the same catalog as /api/v1', async ({ request }) => {
  const headers = { Authorization: `Bearer ${PUBLIC_READ_TOKEN}` };
  const [api, v1] = await Promise.all([request.get('/api', { headers }), request.get('/api/v1', { headers })]);
  expect(api.status()).toBe(200);
  const [a, b] = [await api.json(), await v1.json()];
  expect(a.pages).toEqual(b.pages);
  expect(a.resource).toMatch(/\/api$/);
});

test('RFC 9728 § 3.1: the path-inserted metadata for /api names /api as its resource', async ({ request, baseURL }) => {
  const res = await request.get('/.well-known/oauth-protected-resource/api');
  expect(res.status()).toBe(200);
  expect((await res.json()).resource).toBe(`${baseURL}/api`);
});

test('KQ-EVENTS, KQ-READ-ONLY (docs/decisions.md § Agent events): a JSON object with a string type is answered 202 and not stored', async ({ request }) => {
  const res = await request.post('/agent/events', { data: { type: 'page_view', path: '/projects' } });
  expect(res.status()).toBe(202);
  expect(await res.json()).toMatchObject({ stored: false });
});

test('KQ-EVENTS: OPTIONS on each /agent/* endpoint answers 204 with Allow', async ({ request, baseURL }) => {
  for (const path of ['/agent/identity', '/agent/claim', '/agent/events']) {
    const res = await request.fetch(path, { method: 'OPTIONS', headers: { Origin: baseURL!, 'Access-Control-Request-Method': 'POST' } });
    expect(res.status(), path).toBe(204);
    expect(res.headers().allow, path).toBe('POST, OPTIONS');
  }
});
