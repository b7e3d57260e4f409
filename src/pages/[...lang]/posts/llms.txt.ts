// /posts/llms.txt: the posts' own llms.txt (llms.txt v2 section file: it covers /posts and every
// post), listed from the root llms.txt. A site without posts has no /posts: no file (FO-POSTS).
import type { APIRoute } from 'astro';
import { postsLlmsTxt } from '../../../discovery/llms.ts';
import { noFile } from '../../../discovery/responses.ts';
import { languageCatalog } from '../../../records/load.ts';
import { TEXT } from '../../../http/media-types.ts';
import { languagePaths } from '../../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const prerender = true;

export const GET: APIRoute = ({ params }) => {
  const listing = languageCatalog(params.lang).listing;
  return listing.posts.length ? new Response(postsLlmsTxt(listing), { headers: { 'Content-Type': TEXT } }) : noFile();
};
