// /posts.md: the posts index as Markdown (FO-POSTS). A site without posts has no /posts: no file.
import type { APIRoute } from 'astro';
import { loadCatalog } from '../records/load.ts';
import { ABSOLUTE, postsTwin } from '../generators/twin.ts';
import { markdownResponse, noFile } from '../generators/responses.ts';

export const GET: APIRoute = () => {
  const listing = loadCatalog().listing;
  // A response without a body is a file Astro's build does not write (and a 404 under astro dev).
  if (!listing.posts.length) return noFile();
  return markdownResponse(postsTwin(listing, ABSOLUTE).markdown);
};
