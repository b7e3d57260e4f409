import { test, expect } from '@playwright/test';

test('the home page answers 200 as HTML', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});

test('PF-ROUTE-404: an unknown API route answers 404 route_not_found as JSON', async ({ request }) => {
  const res = await request.get('/api/v1/nope');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('route_not_found');
});
