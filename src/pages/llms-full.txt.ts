// /llms-full.txt: every Markdown twin in one file, in reading order.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { llmsFullTxt } from '../build/llms-full.ts';
import { findLinks } from '../build/render.ts';
import { TEXT } from '../http/media-types.ts';
import { keptResponse } from '../build/page-cache.ts';

export const GET: APIRoute = async () => {
  const catalog = loadCatalog();
  const { content } = catalog;
  // Each body's one parse: its page's render (render.ts), made here if this file comes first. A
  // body whose links a build kept is not rendered, but its render is kept for later builds: every
  // body passes here, so the render cache keeps every body even when every page is kept.
  for (const r of [...content.projects, ...content.posts, ...content.pages, ...(content.resume ? [content.resume] : [])]) await findLinks(r.body, r.images);
  // Every twin of the site in one file (54 MB at 10,000 records, ~1 s to make): the last build's
  // file when no record and none of the code that writes it changed (page-cache.ts keptResponse).
  return (
    keptResponse('/llms-full.txt', content, 'src/pages/llms-full.txt.ts') ?? new Response(await llmsFullTxt(catalog), { headers: { 'Content-Type': TEXT } })
  );
};
