// FO-ROUTE-EXAMPLE: every route of the table declares an example request; each answers its declared
// status and matches openapi.json; and the calls tests/e2e/smoke.spec.ts sends (the same
// list, tests/support/route-calls.ts) exercise every operation openapi.json documents but the
// prerendered files, so a new endpoint without an e2e call fails here, in `npm run test:unit`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureExchange } from '../../scripts/local-server/record-exchanges.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { checkStaticFiles, coverage, validateExchanges } from '../contract/validate.ts';
import { routeCalls } from '../support/route-calls.ts';
import { roomy } from '../support/portfolio-helpers.ts';
import { staticFiles } from '../support/static-files.ts';

const doc = openApiFor(siteData().site);
const calls = routeCalls(ROUTES, doc, siteData().site.url);

describe('FO-ROUTE-EXAMPLE: the route table’s examples exercise every operation', () => {
  it('every route declares an example', () => {
    expect(ROUTES.filter((r) => !r.example).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('each example answers its declared status, and its answer matches openapi.json', async () => {
    const app = createApp({ routes: ROUTES, ...roomy });
    const exchanges = [];
    for (const call of calls) {
      const request = new Request(new URL(call.path, siteData().site.url), call.init);
      const response = await app.request(request);
      expect(response.status, call.label).toBe(call.status);
      exchanges.push(await captureExchange(request, response, response.body));
    }
    expect(validateExchanges(doc, exchanges)).toEqual([]);
    // What no call reaches must be a prerendered file the contract checks as built (the root OAuth metadata).
    const { missed } = coverage(doc, exchanges);
    const files = checkStaticFiles(doc, await staticFiles(), missed);
    expect(files.problems).toEqual([]);
    expect(missed.filter((id) => !files.checked.includes(id))).toEqual([]);
  });

  it('the e2e suite sends exactly these calls: tests/e2e/smoke.spec.ts iterates routeCalls over the route table', () => {
    expect(readFileSync('tests/e2e/smoke.spec.ts', 'utf8')).toMatch(/routeCalls\(ROUTES, doc, baseURL!\)[\s\S]*for \(const call of calls\)/);
  });

  it('a route without an example, or one the calls leave out, is reported', () => {
    const { example: _, ...bare } = ROUTES[0]!;
    expect([bare].filter((r) => !('example' in r))).toHaveLength(1);
    const { missed } = coverage(doc, []);
    expect(missed.length).toBeGreaterThan(ROUTES.length / 2);
  });
});
