import type { RouteSpec } from './route.ts';

export const accessRoutes: RouteSpec[] = [];
