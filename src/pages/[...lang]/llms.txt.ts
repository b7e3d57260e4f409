// /llms.txt (https://llmstxt.org): the site's index for language models.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { llmsTxt } from '../../discovery/llms.ts';
import { TEXT } from '../../http/media-types.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const listing = languageCatalog(params.lang).siteListing;
  return new Response(llmsTxt(listing), { headers: { 'Content-Type': TEXT } });
};
