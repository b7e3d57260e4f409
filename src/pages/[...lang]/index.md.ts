// /index.md: the home page's Markdown twin.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, homeTwin } from '../../generators/twin.ts';
import { markdownResponse } from '../../generators/responses.ts';
import { languagePaths } from '../../generators/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const listing = languageCatalog(params.lang).siteListing;
  return markdownResponse((await homeTwin(listing, ABSOLUTE)).markdown);
};
