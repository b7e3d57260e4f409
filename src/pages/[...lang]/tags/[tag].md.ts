// /tags/<tag>.md: each tag page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageCatalog } from '../../../records/load.ts';
import { inEachLanguage, tagPages, tagTwinPage } from '../../../render/page-inputs.ts';
import { ABSOLUTE, tagTwin, twinResponse } from '../../../discovery/twin.ts';
import { missingTwin } from '../../../discovery/responses.ts';

export const getStaticPaths = (() => inEachLanguage((catalog) => tagPages(catalog))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const inputs = tagTwinPage(languageCatalog(params.lang), params.tag);
  if (!inputs) return missingTwin();
  return twinResponse(tagTwin(inputs.group, inputs.site, ABSOLUTE), inputs.site);
};
