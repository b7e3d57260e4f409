// Where agents look for the discovery files without knowing their paths: the home page's `Link`
// header (RFC 8288) and its <head>, and the `Link` the api-catalog answers with (RFC 9727 § 3).
// The server's header rules and the site layout render these; they are declared here once.
import { AI_CATALOG_MEDIA_TYPE, JSON_TYPE, OPENAPI_MEDIA_TYPE } from '../http/media-types.ts';
import { PROJECTS_PATH, TAGS_PATH } from '../records/collections.ts';
import { POSTS_PATH } from '../records/posts.ts';

export interface WebLink {
  /** Site path; relative references resolve against the page (RFC 8288 § 3.2), so previews keep working. */
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

/**
 * The llms.txt that covers a page or twin (llms.txt v2: `rel="describedby"`, the most specific
 * file that covers it: the root one, as the site has no section files). `describedby` (POWDER, IANA
 * registry) says "a document about this resource"; llms.txt has no relation of its own.
 */
export const SITE_INDEX_LINK: WebLink = { href: '/llms.txt', rel: 'describedby', type: 'text/plain', title: 'llms.txt' };

/** The tags' own llms.txt (a section file), which covers the pages under /tags (llms.txt v2: the most specific file applies). */
export const TAGS_INDEX_LINK: WebLink = { ...SITE_INDEX_LINK, href: `${TAGS_PATH}/llms.txt`, title: 'llms.txt of the tags' };

/** The projects' own llms.txt (a section file), which covers /projects and every project page. */
export const PROJECTS_INDEX_LINK: WebLink = { ...SITE_INDEX_LINK, href: `${PROJECTS_PATH}/llms.txt`, title: 'llms.txt of the projects' };

/** The posts' own llms.txt (a section file), which covers /posts and every post; only a site with posts has it. */
export const POSTS_INDEX_LINK: WebLink = { ...SITE_INDEX_LINK, href: `${POSTS_PATH}/llms.txt`, title: 'llms.txt of the posts' };

/** The section files and the path each covers: the path itself and everything under it (llms.txt v2). */
export const SECTION_INDEX_LINKS: readonly { path: string; link: WebLink }[] = [
  { path: TAGS_PATH, link: TAGS_INDEX_LINK },
  { path: PROJECTS_PATH, link: PROJECTS_INDEX_LINK },
  { path: POSTS_PATH, link: POSTS_INDEX_LINK },
];

/** The llms.txt that covers a site path (its twin's too): the most specific section file, else the site's. */
export const indexLinkFor = (path: string): WebLink => {
  const page = path.replace(/\.md$/, '');
  return SECTION_INDEX_LINKS.find((s) => page === s.path || page.startsWith(`${s.path}/`))?.link ?? SITE_INDEX_LINK;
};

/** The home page's links to the discovery files. */
export const HOME_LINKS: readonly WebLink[] = [
  // RFC 9727 § 3: the api-catalog link relation.
  // The type hint leaves out the profile parameter, whose quotes would need escaping inside a quoted string.
  { href: '/.well-known/api-catalog', rel: 'api-catalog', type: 'application/linkset+json', title: 'API catalog' },
  // RFC 8631 § 4: the API's description and documentation.
  { href: '/openapi.json', rel: 'service-desc', type: OPENAPI_MEDIA_TYPE, title: 'OpenAPI description' },
  { href: '/developers', rel: 'service-doc', type: 'text/html', title: 'Developer guide' },
  SITE_INDEX_LINK,
  // ARD v0.91 § 5.1 (`ard`) and its predecessor, AI Catalog § Link Relation Discovery (`ai-catalog`).
  { href: '/.well-known/ard.json', rel: 'ard', type: JSON_TYPE, title: 'Agentic resource discovery' },
  { href: '/.well-known/ai-catalog.json', rel: 'ai-catalog', type: AI_CATALOG_MEDIA_TYPE, title: 'AI catalog' },
];

/** One link as an RFC 8288 § 3 link-value. Parameter values are quoted strings. */
export const linkValue = (link: WebLink) =>
  [`<${link.href}>`, `rel="${link.rel}"`, ...(link.type ? [`type="${link.type}"`] : []), ...(link.title ? [`title="${link.title}"`] : [])].join('; ');

/** The home page's `Link` header value. */
export const homeLinkHeader = () => HOME_LINKS.map(linkValue).join(', ');

/** The home page's <head> tags, for the site layout. */
export const homeLinkTags = () =>
  HOME_LINKS.map((l) => `<link rel="${l.rel}" href="${l.href}"${l.type ? ` type="${l.type}"` : ''}${l.title ? ` title="${l.title}"` : ''}>`);

/** RFC 9727 § 3: the api-catalog resource names itself with the api-catalog relation, also to HEAD. */
export const API_CATALOG_LINK_HEADER = linkValue({ href: '/.well-known/api-catalog', rel: 'api-catalog' });
