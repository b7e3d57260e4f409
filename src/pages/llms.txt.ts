// /llms.txt (https://llmstxt.org): the site's index for language models.
import type { APIRoute } from 'astro';
import { keptResponse } from '../build/page-cache.ts';
import { loadContent } from '../records/load.ts';
import { llmsTxt } from '../build/llms.ts';
import { siteListing } from '../build/twin.ts';
import { TEXT } from '../http/media-types.ts';

export const GET: APIRoute = () => {
  const listing = siteListing(loadContent());
  return keptResponse('/llms.txt', listing, 'src/pages/llms.txt.ts') ?? new Response(llmsTxt(listing), { headers: { 'Content-Type': TEXT } });
};
