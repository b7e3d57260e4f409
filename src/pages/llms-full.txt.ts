// /llms-full.txt: every Markdown twin in one file, in reading order.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { llmsFullTxt } from '../records/llms.ts';

export const GET: APIRoute = async () => new Response(await llmsFullTxt(loadContent()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
