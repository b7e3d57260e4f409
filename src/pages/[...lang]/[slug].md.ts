// /<slug>.md: each page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, pageTwin, twinResponse } from '../../discovery/twin.ts';
import { renderMarkdown } from '../../render/markdown.ts';
import { missingTwin } from '../../discovery/responses.ts';
import { inEachLanguage } from '../../render/page-inputs.ts';

export const getStaticPaths = (() => inEachLanguage((catalog) => catalog.content.pages.map((p) => ({ params: { slug: p.slug } })))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const page = catalog.page(params.slug);
  if (!page) return missingTwin();
  // The body's one parse: its page's render, whichever of the two the build makes first (src/render/markdown.ts).
  await renderMarkdown(page.body, page.images, page.lang ?? catalog.content.site.locale, catalog.content.site.players);
  return twinResponse(await pageTwin(page, catalog, ABSOLUTE), catalog);
};
