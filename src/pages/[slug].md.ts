// /<slug>.md: each page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../records/load.ts';
import { pageTwin } from '../records/twin.ts';
import { markdownResponse } from '../records/responses.ts';

export const getStaticPaths = (() => loadContent().pages.map((p) => ({ params: { slug: p.slug } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const content = loadContent();
  const page = content.pages.find((p) => p.slug === params.slug)!;
  return markdownResponse((await pageTwin(page, content)).markdown);
};
