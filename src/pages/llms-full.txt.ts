// /llms-full.txt: every Markdown twin in one file, in reading order.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { llmsFullTxt } from '../build/llms.ts';
import { findLinks } from '../build/render.ts';
import { TEXT } from '../http/media-types.ts';

export const GET: APIRoute = async () => {
  const content = loadContent();
  // Each body's one parse: its page's render (render.ts), made here if this file comes first.
  for (const r of [...content.projects, ...content.posts, ...content.pages, ...(content.resume ? [content.resume] : [])]) await findLinks(r.body, r.images);
  return new Response(await llmsFullTxt(content), { headers: { 'Content-Type': TEXT } });
};
