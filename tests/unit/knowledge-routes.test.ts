import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { knowledgeRoutes } from '../../src/server/knowledge.ts';
import { ROUTES } from '../../src/server/routes.ts';

describe('knowledge route table (docs/architecture.md § One source of truth)', () => {
  it('declares every knowledge endpoint once, in the shared route table', () => {
    const declared = knowledgeRoutes.map((r) => `${r.method} ${r.path}`);
    expect(declared.sort()).toEqual(
      ['GET /ask', 'POST /ask', 'GET /api/v1/sandbox', 'POST /api/v1/batch', 'GET /api/v1/jobs', 'POST /api/v1/jobs', 'GET /api/v1/jobs/{job_id}'].sort(),
    );
    for (const route of knowledgeRoutes) expect(ROUTES).toContain(route);
  });

  it('KQ-OPEN, KQ-VERSIONING, docs/decisions.md § Rate limits, § CORS: knowledge policy, site CORS, v1 on /api/v1 paths, no token', () => {
    for (const route of knowledgeRoutes) {
      expect(route.policy, route.path).toBe('knowledge');
      expect(route.cors, route.path).toBe('site');
      expect(route.version, route.path).toBe(route.path.startsWith('/api/v1') ? 'v1' : undefined);
      expect(route.auth, route.path).toBeUndefined();
    }
  });

  it('KQ-IDEMPOTENCY: ask, batch and job creation document the optional Idempotency-Key', () => {
    const posts = knowledgeRoutes.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    for (const route of posts) expect(route.requestHeaders).toContain('Idempotency-Key');
  });

  it('every request and response schema converts to JSON Schema (openapi.json is generated from them)', () => {
    const ids = new Set<string>();
    for (const route of knowledgeRoutes) {
      for (const schema of [route.query, route.params, route.body]) if (schema) z.toJSONSchema(schema, { io: 'input' });
      for (const response of Object.values(route.responses)) {
        for (const schema of [response.schema, ...(response.alternates ?? []).map((a) => a.schema)]) {
          if (!schema) continue;
          z.toJSONSchema(schema, { io: 'output' });
          const id = z.globalRegistry.get(schema)?.id;
          if (id) ids.add(id);
        }
      }
    }
    expect([...ids].sort()).toEqual(['AskResponse', 'AskStreamEvent', 'BatchResponse', 'CatalogResponse', 'JobAccepted', 'JobCompleted', 'JobsIndex']);
  });
});
