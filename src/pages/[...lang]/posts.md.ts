// /posts.md: the posts index as Markdown (FO-POSTS). A site without posts has no /posts: no file.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, postsTwin, twinResponse } from '../../discovery/twin.ts';
import { noFile } from '../../discovery/responses.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const listing = languageCatalog(params.lang).listing;
  // A response without a body is a file Astro's build does not write (and a 404 under astro dev).
  if (!listing.posts.length) return noFile();
  return twinResponse(postsTwin(listing, ABSOLUTE), listing.site);
};
