// /index.md: the home page's Markdown twin.
import type { APIRoute } from 'astro';
import { keptResponse } from '../build/page-cache.ts';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, homeTwin } from '../build/twin.ts';
import { markdownResponse } from '../build/responses.ts';

export const GET: APIRoute = async () => {
  const listing = loadCatalog().siteListing;
  return keptResponse('/index.md', listing, 'src/pages/index.md.ts') ?? markdownResponse((await homeTwin(listing, ABSOLUTE)).markdown);
};
