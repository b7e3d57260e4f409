// /llms-full.txt: every Markdown twin in one file, in reading order.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { llmsFullTxt } from '../records/llms.ts';
import { findLinks } from '../records/render.ts';
import { TEXT } from '../server/media-types.ts';

export const GET: APIRoute = async () => {
  const content = loadContent();
  // Each body's one parse: its page's render (render.ts), made here if this file comes first.
  for (const r of [...content.projects, ...content.pages]) await findLinks(r.body, r.images);
  // As bytes: given the string, undici converts it to a well-formed string and encodes it, two
  // passes over ~55 MB at 10,000 records (~0.3 s); Buffer.from encodes once, to the same bytes.
  return new Response(Buffer.from(await llmsFullTxt(content)), { headers: { 'Content-Type': TEXT } });
};
