// /index.md: the home page's Markdown twin.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, homeTwin } from '../generators/twin.ts';
import { markdownResponse } from '../generators/responses.ts';

export const GET: APIRoute = async () => {
  const listing = loadCatalog().siteListing;
  return markdownResponse((await homeTwin(listing, ABSOLUTE)).markdown);
};
