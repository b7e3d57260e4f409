// What each page of a record or a listing renders from: one function per kind of page, called by
// its body, and the parameters its getStaticPaths lists. Each takes the build's Catalog
// (src/records/catalog.ts).
import { filterHref, isListedFilter, parseProjectsParam, type ProjectFilter, projectsParam, PROJECTS_PER_PAGE } from '../records/collections.ts';
import type { Catalog } from '../records/catalog.ts';
import { siteTypes } from '../records/schema.ts';
import { loadLanguages } from '../records/load.ts';
import { adjacentPosts, POSTS_PER_PAGE, postsIndexCount } from '../records/posts.ts';
import { postsSummary, projectFilterSummary } from '../discovery/twin.ts';

// Each per-record input is `undefined` when its record is gone: under astro dev a file removed since
// Astro listed the routes still has its route for a moment, and answers the 404 page, never a 500.

/**
 * /projects/<slug>: the project, its related projects (as listed), where its type and category
 * link (their filtered listing, FO-WORK, or /projects when there is none) and the frame.
 */
export function projectPage(catalog: Catalog, slug: string | undefined) {
  const project = catalog.project(slug);
  if (!project) return undefined;
  const { filters } = catalog;
  return {
    project,
    related: catalog.related(project),
    typeHref: filterHref(filters, { kind: 'type', id: project.type }),
    categoryHref: filterHref(filters, { kind: 'category', id: project.category }),
    frame: catalog.frame,
  };
}

/** /<slug>: a page of content/pages/ and the frame. */
export function contentPage(catalog: Catalog, slug: string | undefined) {
  const page = catalog.page(slug);
  return page && { page, frame: catalog.frame };
}

/** /tags/<tag>: what carries the tag (as listed), and the frame. */
export function tagPage(catalog: Catalog, tag: string | undefined) {
  const group = catalog.tagGroup(tag);
  return group && { group, frame: catalog.frame };
}

/** /tags/<tag>.md: what carries the tag (as listed), and the site. */
export function tagTwinPage(catalog: Catalog, tag: string | undefined) {
  const group = catalog.tagGroup(tag);
  return group && { group, site: catalog.content.site };
}

export const projectPages = (catalog: Catalog) => catalog.content.projects.map((p) => ({ params: { slug: p.slug } }));

export const contentPages = (catalog: Catalog) => catalog.content.pages.map((p) => ({ params: { slug: p.slug } }));

export const tagPages = (catalog: Catalog) => catalog.tagGroups.map((g) => ({ params: { tag: g.tag } }));

/** /posts/<slug>: the post, the posts before and after it (as listed), its reading time and the frame. */
export function postPage(catalog: Catalog, slug: string | undefined) {
  const post = catalog.post(slug);
  if (!post) return undefined;
  const { older, newer } = adjacentPosts(catalog.listing.posts, post.slug);
  return { post, minutes: post.readingMinutes, ...(older && { older }), ...(newer && { newer }), frame: catalog.frame };
}

export const postPages = (catalog: Catalog) => catalog.content.posts.map((p) => ({ params: { slug: p.slug } }));

/** One page of /posts: its posts (as listed, with reading time), where it is among the pages, the frame. */
export function postsIndexPage(catalog: Catalog, page: number) {
  const { listing } = catalog;
  const pages = postsIndexCount(listing);
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const posts = listing.posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map((post) => ({ post, minutes: post.readingMinutes }));
  return { posts, page, pages, summary: postsSummary(listing), frame: catalog.frame };
}

/** The rest parameter of src/pages/[...lang]/posts/[...page].astro: undefined for /posts, `page/<n>` after. */
export const postsIndexParam = (page: number) => (page === 1 ? undefined : `page/${page}`);

export const postsIndexPages = (catalog: Catalog) =>
  Array.from({ length: postsIndexCount(catalog.listing) }, (_, i) => ({ params: { page: postsIndexParam(i + 1) } }));

/** The page number a posts index parameter names, or NaN for anything else. */
export const postsIndexNumber = (param: string | undefined) =>
  param === undefined ? 1 : /^page\/([1-9]\d*)$/.test(param) ? Number(param.slice(5)) : Number.NaN;

/** /resume: the résumé and the frame; undefined when the site has none (FO-RESUME: then /resume is a 404). */
export function resumePage(catalog: Catalog) {
  const { resume } = catalog.content;
  return resume && { resume, frame: catalog.frame };
}

/**
 * One page of the projects index for people (FO-WORK): a filter (all, a category, a type), its
 * projects on this page (as listed: active, then archived), where it is among the filter's pages,
 * the filter bar and the frame. Undefined for a filter that lists nothing or a page past the last.
 */
export function projectsIndexPage(catalog: Catalog, filter: ProjectFilter, page: number) {
  const all = catalog.filtered(filter);
  const pages = catalog.pageCount(filter);
  const { filters } = catalog;
  if (!Number.isInteger(page) || page < 1 || page > pages || !isListedFilter(filters, filter)) return undefined;
  return {
    filter,
    projects: all.slice((page - 1) * PROJECTS_PER_PAGE, page * PROJECTS_PER_PAGE),
    page,
    pages,
    total: all.length,
    filters,
    tags: catalog.topTags,
    summary: projectFilterSummary(catalog, filter),
    frame: catalog.frame,
  };
}

/** Every page of every filter of the projects index. */
export function projectsIndexPages(catalog: Catalog) {
  const { all, categories, types } = catalog.filters;
  return [all, ...categories, ...types].flatMap(({ filter }) =>
    Array.from({ length: catalog.pageCount(filter) }, (_, i) => ({ params: { page: projectsParam(filter, i + 1) } })),
  );
}

/** The page of the projects index a rest parameter names, or undefined (the route answers 404). */
export function projectsIndexFor(catalog: Catalog, param: string | undefined) {
  const at = parseProjectsParam(param, siteTypes(catalog.content.site));
  return at && projectsIndexPage(catalog, at.filter, at.page);
}

/**
 * A route's paths in every language of the site (FO-I18N): the routes of src/pages/[...lang]/ list
 * their main-language paths with `lang` undefined (at `/…`) and each translation's with its tag (at `/<tag>/…`).
 */
export function inEachLanguage<P extends { params: Record<string, string | undefined> }>(paths: (catalog: Catalog) => P[]) {
  return loadLanguages().flatMap((catalog) => {
    const lang = catalog.content.site.base.slice(1) || undefined;
    return paths(catalog).map((path) => ({ ...path, params: { ...path.params, lang } }));
  });
}

/** The paths of a route with no parameter but its language (llms.txt, the feed, an index's twin). */
export const languagePaths = () => inEachLanguage(() => [{ params: {} }]);
