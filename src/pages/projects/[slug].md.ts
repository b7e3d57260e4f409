// /projects/<slug>.md: each project's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog } from '../../records/load.ts';
import { ABSOLUTE, projectTwin } from '../../generators/twin.ts';
import { renderMarkdown } from '../../generators/render.ts';
import { markdownResponse, missingTwin } from '../../generators/responses.ts';

// A build writes every record's twin beside its page itself (src/generators/integration.ts): as 10,000
// Astro routes they cost more in Astro's page machinery than the pages did. Under astro dev this
// route serves them.
export const getStaticPaths = (() =>
  import.meta.env.DEV ? loadCatalog().content.projects.map((p) => ({ params: { slug: p.slug } })) : []) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = loadCatalog();
  const project = catalog.project(params.slug);
  if (!project) return missingTwin();
  // The body's one parse: its page's render, whichever of the two the build makes first (render.ts).
  await renderMarkdown(project.body, project.images);
  return markdownResponse((await projectTwin(project, catalog, ABSOLUTE)).markdown);
};
