// The requests that exercise every operation openapi.json documents, made from the route table: each
// route's declared example (src/server/route.ts, RouteExample), and the CORS preflight of each
// documented OPTIONS operation. tests/e2e/smoke.spec.ts sends them to the real server, where
// the contract check records and checks every answer; tests/unit/route-examples.test.ts sends the
// same list through the app and fails when an operation is left out, so an endpoint no e2e call
// exercises fails `npm run test:unit`, not only the contract step of `npm test`.
import { exampleRequest, type RouteSpec } from '../../src/server/route.ts';

export interface RouteCall {
  /** `GET /api/v1/projects/{slug}`: the operation it exercises. */
  label: string;
  path: string;
  init: RequestInit;
  status: number;
}

interface Documented {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

export function routeCalls(routes: readonly RouteSpec[], doc: Documented, siteUrl: string): RouteCall[] {
  const examples = routes.map((route) => {
    const { path, init } = exampleRequest(route);
    return { label: `${route.method} ${route.path}`, path, init, status: route.example?.status ?? 0 };
  });
  const preflights = Object.entries(doc.paths)
    .filter(([, item]) => item.options)
    .map(([path, item]) => ({
      label: `OPTIONS ${path}`,
      path,
      init: { method: 'OPTIONS', headers: { Origin: new URL(siteUrl).origin, 'Access-Control-Request-Method': 'POST' } },
      status: Number(Object.keys(item.options!.responses ?? {}).find((s) => s.startsWith('2')) ?? 204),
    }));
  return [...examples, ...preflights];
}
