// /tags.md: the tags index as Markdown.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, tagsTwin, twinResponse } from '../../discovery/twin.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { content } = languageCatalog(params.lang);
  return twinResponse(tagsTwin(content, ABSOLUTE), content.site);
};
