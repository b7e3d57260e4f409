// /llms-full.txt: every Markdown twin in one file, in reading order.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { llmsFullTxt } from '../../discovery/llms.ts';
import { findLinks } from '../../render/markdown.ts';
import { TEXT } from '../../http/media-types.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const { content } = catalog;
  // Each body's one parse: its page's render (src/render/markdown.ts), made here if this file comes first.
  for (const r of [...content.projects, ...content.posts, ...content.pages, ...(content.resume ? [content.resume] : [])]) await findLinks(r.body, r.images);
  // Every twin of the site in one file.
  return new Response(await llmsFullTxt(catalog), { headers: { 'Content-Type': TEXT } });
};
