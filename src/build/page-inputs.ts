// What each page a build can keep renders from (src/build/page-cache.ts): one function per kind
// of page, called by its getStaticPaths (whose digest decides whether the last build's file is
// still right) and by its body (which renders from nothing else). A route of one page that lists
// every record renders from listingOf(content) (collections.ts) or listingPage, and asks
// keptResponse first. A kept page reading something that is not in its inputs could be stale:
// such a page reads it through these functions.
import { readCached, writeCached } from './disk-cache.ts';
import type { CacheablePage } from './page-cache.ts';
import {
  filteredProjects,
  filterHref,
  isListedFilter,
  listed,
  listingOf,
  pageFrame,
  parseProjectsParam,
  type ProjectFilter,
  projectFilters,
  projectsListPath,
  projectsPageCount,
  projectsParam,
  PROJECTS_PER_PAGE,
  topProjectTags,
  type Listed,
  recordBySlug,
  relatedProjects,
  rememberRelated,
  scoreRelatedProjects,
  tagGroups,
  type TagGroup,
} from '../records/collections.ts';
import { adjacentPosts, POSTS_PER_PAGE, postsIndexCount, postsIndexPath } from '../records/posts.ts';
import type { Content, Page, Post, Project } from '../records/schema.ts';
import { postsSummary, projectFilterSummary } from './twin.ts';

// Each per-record input is `undefined` when its record is gone: under astro dev a file removed since
// Astro listed the routes still has its route for a moment, and answers the 404 page, never a 500.

/**
 * /projects/<slug>: the project, its related projects (as listed), where its type and category
 * link (their filtered listing, FO-WORK, or /projects when there is none) and the frame.
 */
export function projectPage(content: Content, slug: string | undefined) {
  const project = recordBySlug(content.projects, slug);
  if (!project) return undefined;
  const filters = projectFilters(listingOf(content));
  return {
    project,
    related: relatedProjects(project, content).map(listed),
    typeHref: filterHref(filters, { kind: 'type', id: project.type }),
    categoryHref: filterHref(filters, { kind: 'category', id: project.category }),
    frame: pageFrame(content),
  };
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

/** /posts/<slug>: the post, the posts before and after it (as listed), its reading time and the frame. */
export function postPage(content: Content, slug: string | undefined) {
  const post = recordBySlug(content.posts, slug);
  if (!post) return undefined;
  const { older, newer } = adjacentPosts(listingOf(content).posts, post.slug);
  return { post, minutes: post.readingMinutes, ...(older && { older }), ...(newer && { newer }), frame: pageFrame(content) };
}

export const postPages = (content: Content): CacheablePage<{ slug: string }>[] =>
  content.posts.map((p) => ({ params: { slug: p.slug }, path: p.href, inputs: postPage(content, p.slug) }));

/** One page of /posts: its posts (as listed, with reading time), where it is among the pages, the frame. */
export function postsIndexPage(content: Content, page: number) {
  const pages = postsIndexCount(content);
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const posts = listingOf(content)
    .posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE)
    .map((post) => ({ post, minutes: post.readingMinutes }));
  return { posts, page, pages, summary: postsSummary(listingOf(content)), frame: pageFrame(content) };
}

/** The rest parameter of src/pages/posts/[...page].astro: undefined for /posts, `page/<n>` after. */
export const postsIndexParam = (page: number) => (page === 1 ? undefined : `page/${page}`);

export const postsIndexPages = (content: Content): CacheablePage<{ page: string | undefined }>[] =>
  Array.from({ length: postsIndexCount(content) }, (_, i) => ({
    params: { page: postsIndexParam(i + 1) },
    path: postsIndexPath(i + 1),
    inputs: postsIndexPage(content, i + 1),
  }));

/** The page number a posts index parameter names, or NaN for anything else. */
export const postsIndexNumber = (param: string | undefined) =>
  param === undefined ? 1 : /^page\/([1-9]\d*)$/.test(param) ? Number(param.slice(5)) : Number.NaN;

/** /resume: the résumé and the frame; undefined when the site has none (FO-RESUME: then /resume is a 404). */
export function resumePage(content: Content) {
  return content.resume && { resume: content.resume, frame: pageFrame(content) };
}

/**
 * One page of the projects index for people (FO-WORK): a filter (all, a category, a type), its
 * projects on this page (as listed: active, then archived), where it is among the filter's pages,
 * the filter bar and the frame. Undefined for a filter that lists nothing or a page past the last.
 */
export function projectsIndexPage(content: Content, filter: ProjectFilter, page: number) {
  const listing = listingOf(content);
  const all = filteredProjects(listing, filter);
  const pages = projectsPageCount(listing, filter);
  const filters = projectFilters(listing);
  if (!Number.isInteger(page) || page < 1 || page > pages || !isListedFilter(filters, filter)) return undefined;
  return {
    filter,
    projects: all.slice((page - 1) * PROJECTS_PER_PAGE, page * PROJECTS_PER_PAGE),
    page,
    pages,
    total: all.length,
    filters,
    tags: topProjectTags(listing),
    summary: projectFilterSummary(listing, filter),
    frame: pageFrame(content),
  };
}

/** Every page of every filter of the projects index. */
export function projectsIndexPages(content: Content): CacheablePage<{ page: string | undefined }>[] {
  const { all, categories, types } = projectFilters(listingOf(content));
  return [all, ...categories, ...types].flatMap(({ filter }) =>
    Array.from({ length: projectsPageCount(listingOf(content), filter) }, (_, i) => ({
      params: { page: projectsParam(filter, i + 1) },
      path: projectsListPath(filter, i + 1),
      inputs: projectsIndexPage(content, filter, i + 1),
    })),
  );
}

/** The page of the projects index a rest parameter names, or undefined (the route answers 404). */
export function projectsIndexFor(content: Content, param: string | undefined) {
  const at = parseProjectsParam(param);
  return at && projectsIndexPage(content, at.filter, at.page);
}
