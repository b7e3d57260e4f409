// /projects.md: the projects index as Markdown.
import type { APIRoute } from 'astro';
import { keptResponse } from '../build/page-cache.ts';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, projectsTwin } from '../build/twin.ts';
import { markdownResponse } from '../build/responses.ts';

export const GET: APIRoute = async () => {
  const listing = loadCatalog().listing;
  return keptResponse('/projects.md', listing, 'src/pages/projects.md.ts') ?? markdownResponse((await projectsTwin(listing, ABSOLUTE)).markdown);
};
