// The twins of the projects index's other pages (FO-WORK): /projects/page/<n>.md,
// /projects/category/<id>.md, /projects/type/<type>/page/<n>.md … /projects.md is the first
// page's (src/pages/projects.md.ts) and lists every project.
import type { APIRoute, GetStaticPaths } from 'astro';
import { missingTwin } from '../../../discovery/responses.ts';
import { ABSOLUTE, projectsPageTwin, twinResponse } from '../../../discovery/twin.ts';
import { parseProjectsParam, projectsParam } from '../../../records/collections.ts';
import { siteTypes } from '../../../records/schema.ts';
import { languageCatalog } from '../../../records/load.ts';
import { inEachLanguage } from '../../../render/page-inputs.ts';

export const getStaticPaths = (() =>
  inEachLanguage((catalog) => {
    const { all, categories, types } = catalog.filters;
    return [all, ...categories, ...types].flatMap(({ filter }) =>
      Array.from({ length: catalog.pageCount(filter) }, (_, i) => i + 1).flatMap((n) => {
        const page = projectsParam(filter, n);
        return page === undefined ? [] : [{ params: { page } }];
      }),
    );
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const at = parseProjectsParam(params.page, siteTypes(catalog.content.site));
  const twin = at && projectsPageTwin(catalog, at.filter, at.page, ABSOLUTE);
  return twin ? twinResponse(twin, catalog.content.site) : missingTwin();
};
