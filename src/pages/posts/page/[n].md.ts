// /posts/page/<n>.md: the second and later pages of the posts index as Markdown (FO-POSTS); each
// names /posts.md, which lists every post.
import type { APIRoute, GetStaticPaths } from 'astro';
import { markdownResponse, missingTwin } from '../../../generators/responses.ts';
import { ABSOLUTE, postsPageTwin } from '../../../generators/twin.ts';
import { loadCatalog } from '../../../records/load.ts';
import { postsIndexCount } from '../../../records/posts.ts';

export const getStaticPaths = (() =>
  Array.from({ length: Math.max(0, postsIndexCount(loadCatalog().content) - 1) }, (_, i) => ({ params: { n: String(i + 2) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const twin = postsPageTwin(loadCatalog().listing, Number(params.n), ABSOLUTE);
  return twin ? markdownResponse(twin.markdown) : missingTwin();
};
