import type { RouteSpec } from '../server/route.ts';

export const mcpRoutes: RouteSpec[] = [];
