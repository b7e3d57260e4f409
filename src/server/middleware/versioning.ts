// Deprecation, Sunset and successor Link on every answer of a deprecated API version
// (docs/decisions.md § Versioning); nothing while the version is current.
import type { MiddlewareHandler } from 'hono';
import type { SiteData } from '../../search/data-file.ts';
import { versionHeaders } from '../versioning.ts';
import { safely } from './headers.ts';

export function versioning(version: string, data: () => SiteData): MiddlewareHandler {
  return async function versioning(c, next) {
    await next();
    for (const [name, value] of Object.entries(safely(() => versionHeaders(version, data().site), {}))) c.res.headers.set(name, value);
  };
}
