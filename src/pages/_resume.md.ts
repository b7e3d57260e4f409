// /resume.md under astro dev: the résumé's Markdown twin (FO-RESUME).
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, resumeTwin } from '../generators/twin.ts';
import { renderMarkdown } from '../generators/render.ts';
import { markdownResponse, noFile } from '../generators/responses.ts';

// A build writes the twin beside its page itself (src/generators/integration.ts, with every record's).
// A route of one path cannot leave itself out of a build as getStaticPaths does for its kin (every
// build would render it to nothing, and Astro would log "file not created, response body was
// empty"), so its name starts with `_`, which keeps it out of Astro's routes, and the integration
// injects it under astro dev only. A site without a résumé has no /resume.md at all.
export const GET: APIRoute = async () => {
  const catalog = loadCatalog();
  const { resume } = catalog.content;
  if (!resume) return noFile();
  await renderMarkdown(resume.body, resume.images);
  return markdownResponse((await resumeTwin(resume, catalog, ABSOLUTE)).markdown);
};
