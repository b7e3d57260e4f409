// /projects/<slug>.md: each project's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../../../records/load.ts';
import { ABSOLUTE, projectTwin, twinResponse } from '../../../discovery/twin.ts';
import { renderMarkdown } from '../../../render/markdown.ts';
import { missingTwin } from '../../../discovery/responses.ts';
import { inEachLanguage } from '../../../render/page-inputs.ts';

export const getStaticPaths = (() => inEachLanguage((catalog) => catalog.content.projects.map((p) => ({ params: { slug: p.slug } })))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const project = catalog.project(params.slug);
  if (!project) return missingTwin();
  // The body's one parse: its page's render, whichever of the two the build makes first (src/render/markdown.ts).
  await renderMarkdown(project.body, project.images, project.lang ?? catalog.content.site.locale, catalog.content.site.players);
  return twinResponse(await projectTwin(project, catalog, ABSOLUTE), catalog);
};
