// /projects/llms.txt: the projects' own llms.txt (llms.txt v2 section file: it covers /projects and
// every project page), listed from the root llms.txt.
import type { APIRoute } from 'astro';
import { projectsLlmsTxt } from '../../../discovery/llms.ts';
import { languageCatalog } from '../../../records/load.ts';
import { TEXT } from '../../../http/media-types.ts';
import { languagePaths } from '../../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const prerender = true;

export const GET: APIRoute = ({ params }) => new Response(projectsLlmsTxt(languageCatalog(params.lang).listing), { headers: { 'Content-Type': TEXT } });
