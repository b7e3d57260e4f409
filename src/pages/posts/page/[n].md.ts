// /posts/page/<n>.md: the second and later pages of the posts index as Markdown (FO-POSTS); each
// names /posts.md, which lists every post.
import type { APIRoute, GetStaticPaths } from 'astro';
import { pagesToRender } from '../../../build/page-cache.ts';
import { markdownResponse, missingTwin } from '../../../build/responses.ts';
import { ABSOLUTE, postsPageTwin } from '../../../build/twin.ts';
import { loadCatalog } from '../../../records/load.ts';
import { postsIndexCount, postsIndexPath } from '../../../records/posts.ts';

// Made from the listing alone, so the listing is each twin's inputs: a build leaves out the twins
// the last build made from the same listing (page-cache.ts).
export const getStaticPaths = (() => {
  const { content, listing } = loadCatalog();
  const pages = Array.from({ length: Math.max(0, postsIndexCount(content) - 1) }, (_, i) => i + 2).map((n) => ({
    params: { n: String(n) },
    path: `${postsIndexPath(n)}.md`,
    inputs: listing,
  }));
  return pagesToRender(pages, 'src/pages/posts/page/[n].md.ts');
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const twin = postsPageTwin(loadCatalog().listing, Number(params.n), ABSOLUTE);
  return twin ? markdownResponse(twin.markdown) : missingTwin();
};
