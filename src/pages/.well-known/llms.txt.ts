// /.well-known/llms.txt: the root llms.txt again, where the llms.txt proposal's well-known alias
// looks for it (agents that try the well-known location first find the same file). Made from the
// same listing as /llms.txt.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../../records/load.ts';
import { llmsTxt } from '../../discovery/llms.ts';
import { TEXT } from '../../http/media-types.ts';

export const GET: APIRoute = () => new Response(llmsTxt(loadCatalog().siteListing), { headers: { 'Content-Type': TEXT } });
