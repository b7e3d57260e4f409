// The route table: every dynamic path Folio answers. The Hono app, vercel.json's rewrites and
// openapi.json are all derived from this list.
import type { RouteSpec } from './route.ts';
import { portfolioRoutes } from './portfolio.ts';
import { knowledgeRoutes } from './knowledge.ts';
import { accessRoutes } from './access.ts';
import { mcpRoutes } from './mcp/routes.ts';

export const ROUTES: RouteSpec[] = [...portfolioRoutes, ...knowledgeRoutes, ...accessRoutes, ...mcpRoutes];
