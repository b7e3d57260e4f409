// Version lifecycle headers, driven by the `apiVersions` table in content/site.md, on every answer
// of a deprecated API version (docs/decisions.md § Versioning); nothing while the version is
// current. Deprecation: RFC 9745 (`@<unix seconds>`); Sunset: RFC 8594 (an HTTP-date); successor:
// RFC 5829's `successor-version` link relation.
import type { MiddlewareHandler } from 'hono';
import type { Site } from '../../records/schema.ts';
import type { SiteData } from '../../search/data-file.ts';
import { safely } from './headers.ts';

export function versionHeaders(version: string, site: Pick<Site, 'apiVersions'>): Record<string, string> {
  const entry = site.apiVersions.find((v) => v.version === version);
  if (!entry?.deprecated) return {};
  const headers: Record<string, string> = { Deprecation: `@${Math.floor(Date.parse(entry.deprecated) / 1000)}` };
  if (entry.sunset) headers.Sunset = new Date(entry.sunset).toUTCString();
  const links = [`</developers/deprecation>; rel="deprecation"; type="text/html"`];
  if (entry.successor) links.unshift(`<${entry.successor}>; rel="successor-version"`);
  headers.Link = links.join(', ');
  return headers;
}

export function versioning(version: string, data: () => SiteData): MiddlewareHandler {
  return async function versioning(c, next) {
    await next();
    for (const [name, value] of Object.entries(safely(() => versionHeaders(version, data().site), {}))) c.res.headers.set(name, value);
  };
}
