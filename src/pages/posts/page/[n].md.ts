// /posts/page/<n>.md: the second and later pages of the posts index as Markdown (FO-POSTS); each
// names /posts.md, which lists every post.
import type { APIRoute, GetStaticPaths } from 'astro';
import { keptResponse } from '../../../build/page-cache.ts';
import { markdownResponse, missingTwin } from '../../../build/responses.ts';
import { ABSOLUTE, postsPageTwin } from '../../../build/twin.ts';
import { loadCatalog } from '../../../records/load.ts';
import { postsIndexCount } from '../../../records/posts.ts';

export const getStaticPaths = (() =>
  Array.from({ length: Math.max(0, postsIndexCount(loadCatalog().content) - 1) }, (_, i) => ({ params: { n: String(i + 2) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const listing = loadCatalog().listing;
  const twin = postsPageTwin(listing, Number(params.n), ABSOLUTE);
  if (!twin) return missingTwin();
  return keptResponse(twin.path, listing, 'src/pages/posts/page/[n].md.ts') ?? markdownResponse(twin.markdown);
};
