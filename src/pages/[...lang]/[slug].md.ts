// /<slug>.md: each page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, pageTwin, twinResponse } from '../../generators/twin.ts';
import { renderMarkdown } from '../../generators/render.ts';
import { missingTwin } from '../../generators/responses.ts';
import { inEachLanguage } from '../../generators/page-inputs.ts';

export const getStaticPaths = (() => inEachLanguage((catalog) => catalog.content.pages.map((p) => ({ params: { slug: p.slug } })))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const page = catalog.page(params.slug);
  if (!page) return missingTwin();
  // The body's one parse: its page's render, whichever of the two the build makes first (render.ts).
  await renderMarkdown(page.body, page.images, page.lang ?? catalog.content.site.locale);
  return twinResponse(await pageTwin(page, catalog, ABSOLUTE), catalog);
};
