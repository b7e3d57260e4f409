// /projects/llms.txt: the projects' own llms.txt (llms.txt v2 section file: it covers /projects and
// every project page), listed from the root llms.txt.
import type { APIRoute } from 'astro';
import { projectsLlmsTxt } from '../../generators/llms.ts';
import { loadCatalog } from '../../records/load.ts';
import { TEXT } from '../../http/media-types.ts';

export const prerender = true;

export const GET: APIRoute = () => new Response(projectsLlmsTxt(loadCatalog().listing), { headers: { 'Content-Type': TEXT } });
