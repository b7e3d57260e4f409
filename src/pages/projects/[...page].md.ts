// The twins of the projects index's other pages (FO-WORK): /projects/page/<n>.md,
// /projects/category/<id>.md, /projects/type/<type>/page/<n>.md … /projects.md is the first
// page's (src/pages/projects.md.ts) and lists every project.
import type { APIRoute, GetStaticPaths } from 'astro';
import { keptResponse } from '../../build/page-cache.ts';
import { markdownResponse, missingTwin } from '../../build/responses.ts';
import { ABSOLUTE, projectsPageTwin } from '../../build/twin.ts';
import { listingOf, parseProjectsParam, projectFilters, projectsPageCount, projectsParam } from '../../records/collections.ts';
import { loadContent } from '../../records/load.ts';

export const getStaticPaths = (() => {
  const listing = listingOf(loadContent());
  const { all, categories, types } = projectFilters(listing);
  return [all, ...categories, ...types].flatMap(({ filter }) =>
    Array.from({ length: projectsPageCount(listing, filter) }, (_, i) => ({ params: { page: projectsParam(filter, i + 1) } })).filter(
      (p) => p.params.page !== undefined,
    ),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const listing = listingOf(loadContent());
  const at = parseProjectsParam(params.page);
  const twin = at && projectsPageTwin(listing, at.filter, at.page, ABSOLUTE);
  if (!twin) return missingTwin();
  return keptResponse(twin.path, listing, 'src/pages/projects/[...page].md.ts') ?? markdownResponse(twin.markdown);
};
