// FO-ROUTE-EXAMPLE over real HTTP: every route of the table answers its declared example (and every
// documented preflight its 204) from `npm start`, so the contract step of `npm test` records an
// answer of every operation. The list is tests/support/route-calls.ts, the one the unit test
// tests/unit/route-examples.test.ts proves covers every operation of openapi.json.
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/server/routes.ts';
import { routeCalls } from '../support/route-calls.ts';

test('FO-ROUTE-EXAMPLE: every route’s declared example answers its status, every documented preflight 204', async ({ request, baseURL }) => {
  const doc = await (await request.get('/openapi.json')).json();
  const calls = routeCalls(ROUTES, doc, baseURL!);
  expect(calls.length).toBeGreaterThan(ROUTES.length);
  for (const call of calls) {
    const res = await fetch(new URL(call.path, baseURL), call.init);
    expect(res.status, call.label).toBe(call.status);
    await res.arrayBuffer();
  }
});
