// /posts/<slug>.md: each post's Markdown twin (FO-POSTS).
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../../../records/load.ts';
import { ABSOLUTE, postTwin, twinResponse } from '../../../discovery/twin.ts';
import { renderMarkdown } from '../../../render/markdown.ts';
import { missingTwin } from '../../../discovery/responses.ts';
import { inEachLanguage } from '../../../render/page-inputs.ts';

export const getStaticPaths = (() => inEachLanguage((catalog) => catalog.content.posts.map((p) => ({ params: { slug: p.slug } })))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const catalog = languageCatalog(params.lang);
  const post = catalog.post(params.slug);
  if (!post) return missingTwin();
  // The body's one parse: its page's render, whichever of the two the build makes first (src/render/markdown.ts).
  await renderMarkdown(post.body, post.images, post.lang ?? catalog.content.site.locale, catalog.content.site.players);
  return twinResponse(await postTwin(post, catalog, ABSOLUTE), catalog);
};
