// /resume.md: the résumé's Markdown twin (FO-RESUME).
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, resumeTwin } from '../build/twin.ts';
import { renderMarkdown } from '../build/render.ts';
import { markdownResponse, noFile } from '../build/responses.ts';

// A build writes the twin beside its page itself (src/build/integration.ts, with every record's),
// so this route answers only under astro dev; a response without a body is a file Astro's build
// does not write, and a site without a résumé has no /resume.md at all.
export const GET: APIRoute = async () => {
  const catalog = loadCatalog();
  const { resume } = catalog.content;
  if (!import.meta.env.DEV || !resume) return noFile();
  await renderMarkdown(resume.body, resume.images);
  return markdownResponse((await resumeTwin(resume, catalog, ABSOLUTE)).markdown);
};
