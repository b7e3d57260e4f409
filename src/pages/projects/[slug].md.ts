// /projects/<slug>.md: each project's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../../records/load.ts';
import { projectTwin } from '../../records/twin.ts';
import { markdownResponse } from '../../records/responses.ts';

export const getStaticPaths = (() => loadContent().projects.map((project) => ({ params: { slug: project.slug }, props: { project } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => markdownResponse((await projectTwin(props.project, loadContent())).markdown);
