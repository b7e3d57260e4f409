import type { RouteSpec } from './route.ts';

export const portfolioRoutes: RouteSpec[] = [];
