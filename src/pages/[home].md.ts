// /index.md: the home page's Markdown twin; /<tag>.md: a translation's (FO-I18N), as every page's
// twin is its path plus `.md` (the translation's home is /<tag>).
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../records/load.ts';
import { ABSOLUTE, homeTwin, twinResponse } from '../discovery/twin.ts';
import { inEachLanguage } from '../render/page-inputs.ts';

export const getStaticPaths = (() =>
  inEachLanguage(() => [{ params: {} }]).map(({ params: { lang } }) => ({ params: { home: lang ?? 'index' } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const listing = languageCatalog(params.home === 'index' ? undefined : params.home).siteListing;
  return twinResponse(await homeTwin(listing, ABSOLUTE), listing.site);
};
