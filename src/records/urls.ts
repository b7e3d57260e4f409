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

/**
 * The absolute URL of a site path, from the configured site URL (FOLIO_SITE_URL overrides it).
 * A build asks for thousands: a plain path (slash-separated segments of letters, digits and
 * `_~.-`, none starting with a dot) on a site URL that is an origin written as the URL parser
 * writes it is the two joined, which is what the parser answers for them (WHATWG URL § 4.4).
 */
export const absoluteUrl = (site: Pick<Site, 'url'>, path: string) =>
  PLAIN_PATH.test(path) && isCanonicalOrigin(site.url) ? `${site.url}${path}` : new URL(path, `${site.url}/`).href;

/** `/`, `/projects/quarry.md`, `/tags/c-sharp`: no dot segment, no `//`, nothing to percent-encode, no query or fragment. */
const PLAIN_PATH = /^\/(?:[\w~-][\w~.-]*\/)*(?:[\w~-][\w~.-]*)?$/;

/** The last site URL asked about (a build has one, or one per language): whether `url/` is an origin's root, as the parser writes it. */
let lastOrigin: { url: string; canonical: boolean } | undefined;
function isCanonicalOrigin(url: string): boolean {
  if (lastOrigin?.url !== url) {
    let canonical = false;
    try {
      const parsed = new URL(`${url}/`);
      canonical = parsed.href === `${url}/` && parsed.pathname === '/' && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
    } catch {
      // Not a URL: the parser says so below, as before.
    }
    lastOrigin = { url, canonical };
  }
  return lastOrigin.canonical;
}
