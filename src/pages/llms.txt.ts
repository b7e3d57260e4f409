// /llms.txt (https://llmstxt.org): the site's index for language models.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { llmsTxt } from '../generators/llms.ts';
import { TEXT } from '../http/media-types.ts';

export const GET: APIRoute = () => {
  const listing = loadCatalog().siteListing;
  return new Response(llmsTxt(listing), { headers: { 'Content-Type': TEXT } });
};
