// The MCP routes in the route table: what the app, vercel.json and openapi.json derive from them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../../src/server/routes.ts';
import { mcpRoutes } from '../../src/server/mcp/routes.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../src/http/media-types.ts';

describe('MCP routes in the route table', () => {
  it('POST /api/mcp and GET /api/mcp/server-card, both in the table, any origin, the portfolio policy', () => {
    expect(mcpRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/mcp', 'GET /api/mcp/server-card']);
    for (const route of mcpRoutes) {
      expect(ROUTES).toContain(route);
      expect(route).toMatchObject({ tag: 'mcp', cors: 'any', policy: 'portfolio' });
    }
  });

  it('the endpoint declares no body schema (the transport reads the raw body) and is never cached; the card is public', () => {
    const [post, card] = mcpRoutes;
    expect(post!.body).toBeUndefined();
    expect(post!.cache).toBeUndefined();
    expect(card!.cache).toBe('public');
    expect(card!.responses[200]!.contentType).toBe(SERVER_CARD_MEDIA_TYPE);
  });

  it('every response schema converts to JSON Schema (for openapi.json)', () => {
    for (const route of mcpRoutes) {
      for (const response of Object.values(route.responses))
        if (response.schema) expect(() => z.toJSONSchema(response.schema!, { io: 'output' })).not.toThrow();
    }
  });
});
