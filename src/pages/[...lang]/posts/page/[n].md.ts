// /posts/page/<n>.md: the second and later pages of the posts index as Markdown (FO-POSTS); each
// names /posts.md, which lists every post.
import type { APIRoute, GetStaticPaths } from 'astro';
import { missingTwin } from '../../../../discovery/responses.ts';
import { ABSOLUTE, postsPageTwin, twinResponse } from '../../../../discovery/twin.ts';
import { languageCatalog } from '../../../../records/load.ts';
import { inEachLanguage } from '../../../../render/page-inputs.ts';
import { postsIndexCount } from '../../../../records/posts.ts';

export const getStaticPaths = (() =>
  inEachLanguage((catalog) =>
    Array.from({ length: Math.max(0, postsIndexCount(catalog.content) - 1) }, (_, i) => ({ params: { n: String(i + 2) } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { listing } = languageCatalog(params.lang);
  const twin = postsPageTwin(listing, Number(params.n), ABSOLUTE);
  return twin ? twinResponse(twin, listing.site) : missingTwin();
};
