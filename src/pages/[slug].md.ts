// /<slug>.md: each page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../records/load.ts';
import { pageTwin } from '../records/twin.ts';
import { renderMarkdown } from '../records/render.ts';
import { markdownResponse } from '../records/responses.ts';

export const getStaticPaths = (() => loadContent().pages.map((page) => ({ params: { slug: page.slug }, props: { page } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  // The body's one parse: its page's render, whichever of the two the build makes first (render.ts).
  await renderMarkdown(props.page.body, props.page.images);
  return markdownResponse((await pageTwin(props.page, loadContent())).markdown);
};
