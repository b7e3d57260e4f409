// /llms.txt (https://llmstxt.org): the site's index for language models.
import type { APIRoute } from 'astro';
import { keptResponse } from '../build/page-cache.ts';
import { loadCatalog } from '../records/load.ts';
import { llmsTxt } from '../build/llms.ts';
import { TEXT } from '../http/media-types.ts';

export const GET: APIRoute = () => {
  const listing = loadCatalog().siteListing;
  return keptResponse('/llms.txt', listing, 'src/pages/llms.txt.ts') ?? new Response(llmsTxt(listing), { headers: { 'Content-Type': TEXT } });
};
