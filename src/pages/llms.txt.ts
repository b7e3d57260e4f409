// /llms.txt (https://llmstxt.org): the site's index for language models.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { llmsTxt } from '../records/llms.ts';
import { TEXT } from '../server/media-types.ts';

export const GET: APIRoute = () => new Response(llmsTxt(loadContent()), { headers: { 'Content-Type': TEXT } });
