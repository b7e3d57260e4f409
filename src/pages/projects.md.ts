// /projects.md: the projects index as Markdown.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, projectsTwin } from '../generators/twin.ts';
import { markdownResponse } from '../generators/responses.ts';

export const GET: APIRoute = async () => {
  const listing = loadCatalog().listing;
  return markdownResponse((await projectsTwin(listing, ABSOLUTE)).markdown);
};
