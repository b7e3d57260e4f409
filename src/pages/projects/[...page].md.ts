// The twins of the projects index's other pages (FO-WORK): /projects/page/<n>.md,
// /projects/category/<id>.md, /projects/type/<type>/page/<n>.md … /projects.md is the first
// page's (src/pages/projects.md.ts) and lists every project.
import type { APIRoute, GetStaticPaths } from 'astro';
import { keptResponse } from '../../build/page-cache.ts';
import { markdownResponse, missingTwin } from '../../build/responses.ts';
import { ABSOLUTE, projectsPageTwin } from '../../build/twin.ts';
import { parseProjectsParam, projectsParam } from '../../records/collections.ts';
import { loadCatalog } from '../../records/load.ts';

export const getStaticPaths = (() => {
  const catalog = loadCatalog();
  const { all, categories, types } = catalog.filters;
  return [all, ...categories, ...types].flatMap(({ filter }) =>
    Array.from({ length: catalog.pageCount(filter) }, (_, i) => ({ params: { page: projectsParam(filter, i + 1) } })).filter(
      (p) => p.params.page !== undefined,
    ),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const catalog = loadCatalog();
  const at = parseProjectsParam(params.page);
  // Made from the listing alone (ListingFacts), so the listing is the page's inputs.
  const twin = at && projectsPageTwin(catalog, at.filter, at.page, ABSOLUTE);
  if (!twin) return missingTwin();
  return keptResponse(twin.path, catalog.listing, 'src/pages/projects/[...page].md.ts') ?? markdownResponse(twin.markdown);
};
