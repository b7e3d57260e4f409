import type { Site } from './schema.ts';

/** The twins of the home page and the projects index. */
export const HOME_TWIN = '/index.md';
export const PROJECTS_TWIN = '/projects.md';

/**
 * A path of the site's pages in a language (FO-I18N): the main language's as it is (`/projects`),
 * a translation's under its tag (`/en/projects`; its home `/en`, whose twin is `/en.md` as every
 * page's twin is its path plus `.md`).
 */
export const localPath = (site: Pick<Site, 'base'>, path: string) =>
  !site.base ? path : path === '/' ? site.base : path === HOME_TWIN ? `${site.base}.md` : `${site.base}${path}`;

/**
 * localPath undone: a path of a language's pages as the main language has it (`/en/projects` →
 * `/projects`, `/en` → `/`, `/en.md` → `/index.md`), or undefined for a path that is not under the
 * language's `base` (another language's page, a file every language shares).
 */
export function mainPath(site: Pick<Site, 'base'>, path: string): string | undefined {
  if (!site.base) return path;
  if (path === site.base) return '/';
  if (path === `${site.base}.md`) return HOME_TWIN;
  return path.startsWith(`${site.base}/`) ? path.slice(site.base.length) : undefined;
}

/** The absolute URL of a site path, from the configured site URL (FOLIO_SITE_URL overrides it). */
export const absoluteUrl = (site: Pick<Site, 'url'>, path: string) => new URL(path, `${site.url}/`).href;
