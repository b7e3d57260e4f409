// /resume.md: the résumé's Markdown twin (FO-RESUME). A site without a résumé has no /resume.md:
// a response without a body is one Astro's build writes no file for, and astro dev answers it 404.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, resumeTwin, twinResponse } from '../../discovery/twin.ts';
import { renderMarkdown } from '../../render/markdown.ts';
import { noFile } from '../../discovery/responses.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const { resume } = catalog.content;
  if (!resume) return noFile();
  // The body's one parse: its page's render, whichever of the two the build makes first (src/render/markdown.ts).
  await renderMarkdown(resume.body, resume.images, resume.lang ?? catalog.content.site.locale, catalog.content.site.players);
  return twinResponse(await resumeTwin(resume, catalog, ABSOLUTE), catalog);
};
