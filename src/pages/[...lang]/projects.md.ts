// /projects.md: the projects index as Markdown.
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { ABSOLUTE, projectsTwin, twinResponse } from '../../discovery/twin.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const listing = languageCatalog(params.lang).listing;
  return twinResponse(await projectsTwin(listing, ABSOLUTE), listing.site);
};
