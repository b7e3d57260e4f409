// /tags/llms.txt: the tags' own llms.txt (llms.txt v2 section file), listed from the root llms.txt.
import type { APIRoute } from 'astro';
import { tagsLlmsTxt } from '../../generators/llms.ts';
import { loadCatalog } from '../../records/load.ts';
import { TEXT } from '../../http/media-types.ts';

export const prerender = true;

export const GET: APIRoute = () => new Response(tagsLlmsTxt(loadCatalog().listing), { headers: { 'Content-Type': TEXT } });
