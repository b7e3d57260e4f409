// Deprecation, Sunset and successor Link on every answer of a deprecated API version
// (docs/decisions.md § Versioning); nothing while the version is current.
import type { MiddlewareHandler } from 'hono';
import { siteData } from '../data.ts';
import { versionHeaders } from '../versioning.ts';
import { safely } from './headers.ts';

export function versioning(version: string): MiddlewareHandler {
  return async function versioning(c, next) {
    await next();
    for (const [name, value] of Object.entries(safely(() => versionHeaders(version, siteData().site), {}))) c.res.headers.set(name, value);
  };
}
