// /projects/<slug>.md: each project's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../../records/load.ts';
import { projectTwin } from '../../records/twin.ts';
import { renderMarkdown } from '../../records/render.ts';
import { markdownResponse } from '../../records/responses.ts';

export const getStaticPaths = (() => loadContent().projects.map((project) => ({ params: { slug: project.slug }, props: { project } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  // The body's one parse: its page's render, whichever of the two the build makes first (render.ts).
  await renderMarkdown(props.project.body, props.project.images);
  return markdownResponse((await projectTwin(props.project, loadContent())).markdown);
};
