// /projects/<slug>.md: each project's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../../records/load.ts';
import { projectTwin } from '../../records/twin.ts';
import { markdownResponse } from '../../records/responses.ts';

export const getStaticPaths = (() => loadContent().projects.map((p) => ({ params: { slug: p.slug } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const content = loadContent();
  const project = content.projects.find((p) => p.slug === params.slug)!;
  return markdownResponse((await projectTwin(project, content)).markdown);
};
