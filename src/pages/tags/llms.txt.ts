// /tags/llms.txt: the tags' own llms.txt (llms.txt v2 section file), listed from the root llms.txt.
import type { APIRoute } from 'astro';
import { tagsLlmsTxt } from '../../build/llms.ts';
import { listingOf } from '../../records/collections.ts';
import { loadContent } from '../../records/load.ts';
import { TEXT } from '../../http/media-types.ts';

export const prerender = true;

export const GET: APIRoute = () => new Response(tagsLlmsTxt(listingOf(loadContent())), { headers: { 'Content-Type': TEXT } });
