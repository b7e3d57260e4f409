import type { RouteSpec } from './route.ts';

export const knowledgeRoutes: RouteSpec[] = [];
