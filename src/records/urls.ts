import type { Site } from './schema.ts';

/** The twins of the home page and the projects index. */
export const HOME_TWIN = '/index.md';
export const PROJECTS_TWIN = '/projects.md';

/** The absolute URL of a site path, from the configured site URL (FOLIO_SITE_URL overrides it). */
export const absoluteUrl = (site: Pick<Site, 'url'>, path: string) => new URL(path, `${site.url}/`).href;
