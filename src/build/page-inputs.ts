// What each page a build can keep renders from (src/build/page-cache.ts): one function per kind
// of page, called by its getStaticPaths (whose digest decides whether the last build's file is
// still right) and by its body (which renders from nothing else). A route of one page that lists
// every record renders from listingOf(content) (collections.ts) or listingPage, and asks
// keptResponse first. A kept page reading something that is not in its inputs could be stale:
// such a page reads it through these functions.
import { readCached, writeCached } from './disk-cache.ts';
import type { CacheablePage } from './page-cache.ts';
import {
  listed,
  listingOf,
  pageFrame,
  type Listed,
  recordBySlug,
  relatedProjects,
  rememberRelated,
  scoreRelatedProjects,
  tagGroups,
  type TagGroup,
} from '../records/collections.ts';
import type { Content, Page, Post, Project } from '../records/schema.ts';

// Each per-record input is `undefined` when its record is gone: under astro dev a file removed since
// Astro listed the routes still has its route for a moment, and answers the 404 page, never a 500.

/** /projects/<slug>: the project, its related projects (as listed) and the frame. */
export function projectPage(content: Content, slug: string | undefined) {
  const project = recordBySlug(content.projects, slug);
  return project && { project, related: relatedProjects(project, content).map(listed), frame: pageFrame(content) };
}

/** /<slug>: a page of content/pages/ and the frame. */
export function contentPage(content: Content, slug: string | undefined) {
  const page = recordBySlug(content.pages, slug);
  return page && { page, frame: pageFrame(content) };
}

/** /projects and other HTML pages that list every record: the listing (records as listed) and the frame. */
export function listingPage(content: Content) {
  return { listing: listingOf(content), frame: pageFrame(content) };
}

/** /tags/<tag>: what carries the tag (as listed), and the frame. */
export function tagPage(content: Content, tag: string | undefined) {
  const group = listedGroup(content, tag);
  return group && { group, frame: pageFrame(content) };
}

/** /tags/<tag>.md: what carries the tag (as listed), and the site. */
export function tagTwinPage(content: Content, tag: string | undefined) {
  const group = listedGroup(content, tag);
  return group && { group, site: content.site };
}

const listedGroup = (content: Content, tag: string | undefined): TagGroup<Listed<Project | Page | Post>> | undefined =>
  tagGroups(listingOf(content)).find((g) => g.tag === tag);

export function projectPages(content: Content): CacheablePage<{ slug: string }>[] {
  keepRelated(content.projects);
  return content.projects.map((p) => ({ params: { slug: p.slug }, path: p.href, inputs: projectPage(content, p.slug) }));
}

/**
 * Every project's related projects, kept in the build cache (disk-cache.ts) under the only fields
 * scoring reads (slug, tags, category, date, archived): editing a body or a title scores nothing
 * again (10,000 projects: ~2 s). Outside a build (no cache key) relatedProjects scores as asked.
 */
function keepRelated(projects: readonly Project[]) {
  if (!process.env.FOLIO_RENDER_KEY) return;
  const key = JSON.stringify(projects.map((p) => [p.slug, p.tags, p.category, p.date, p.archived]));
  let slugs = readCached<Record<string, string[]>>('related', key);
  if (!slugs) slugs = writeCached('related', key, Object.fromEntries(projects.map((p) => [p.slug, scoreRelatedProjects(p, projects).map((r) => r.slug)])));
  const bySlug = new Map(projects.map((p) => [p.slug, p]));
  rememberRelated(projects, new Map(Object.entries(slugs).map(([slug, related]) => [slug, related.map((s) => bySlug.get(s)!)])));
}

export const contentPages = (content: Content): CacheablePage<{ slug: string }>[] =>
  content.pages.map((p) => ({ params: { slug: p.slug }, path: p.href, inputs: contentPage(content, p.slug) }));

export const tagPages = (content: Content): CacheablePage<{ tag: string }>[] =>
  tagGroups(content).map((g) => ({ params: { tag: g.tag }, path: g.href, inputs: tagPage(content, g.tag) }));

export const tagTwinPages = (content: Content): CacheablePage<{ tag: string }>[] =>
  tagGroups(content).map((g) => ({ params: { tag: g.tag }, path: g.twin, inputs: tagTwinPage(content, g.tag) }));
