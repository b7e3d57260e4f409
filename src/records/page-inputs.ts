// What each page a build can keep renders from (src/build/page-cache.ts): one function per kind
// of page, called by its getStaticPaths (whose digest decides whether the last build's file is
// still right) and by its body (which renders from nothing else). A kept page reading something
// that is not in its inputs could be stale: such a page reads it through these functions.
import type { CacheablePage } from '../build/page-cache.ts';
import { pageFrame, recordBySlug, relatedProjects, tagGroups } from './collections.ts';
import type { Content, Page, Project } from './schema.ts';

/** /projects/<slug>: the project, its related projects and the frame. */
export function projectPage(content: Content, slug: string | undefined) {
  const project = recordBySlug(content.projects, slug) as Project;
  return { project, related: relatedProjects(project, content), frame: pageFrame(content) };
}

/** /<slug>: a page of content/pages/ and the frame. */
export function contentPage(content: Content, slug: string | undefined) {
  return { page: recordBySlug(content.pages, slug) as Page, frame: pageFrame(content) };
}

/** /tags/<tag>: what carries the tag, and the frame. */
export function tagPage(content: Content, tag: string | undefined) {
  return { group: tagGroups(content).find((g) => g.tag === tag)!, frame: pageFrame(content) };
}

export const projectPages = (content: Content): CacheablePage<{ slug: string }>[] =>
  content.projects.map((p) => ({ params: { slug: p.slug }, path: p.href, inputs: projectPage(content, p.slug) }));

export const contentPages = (content: Content): CacheablePage<{ slug: string }>[] =>
  content.pages.map((p) => ({ params: { slug: p.slug }, path: p.href, inputs: contentPage(content, p.slug) }));

export const tagPages = (content: Content): CacheablePage<{ tag: string }>[] =>
  tagGroups(content).map((g) => ({ params: { tag: g.tag }, path: g.href, inputs: { group: g, frame: pageFrame(content) } }));
