import type { Site } from './schema.ts';

/** The absolute URL of a site path, from the configured site URL (FOLIO_SITE_URL overrides it). */
export const absoluteUrl = (site: Pick<Site, 'url'>, path: string) => new URL(path, `${site.url}/`).href;
