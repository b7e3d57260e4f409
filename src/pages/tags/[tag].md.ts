// /tags/<tag>.md: each tag page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog } from '../../records/load.ts';
import { tagPages, tagTwinPage } from '../../generators/page-inputs.ts';
import { ABSOLUTE, tagTwin } from '../../generators/twin.ts';
import { markdownResponse, missingTwin } from '../../generators/responses.ts';

export const getStaticPaths = (() => tagPages(loadCatalog())) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const inputs = tagTwinPage(loadCatalog(), params.tag);
  if (!inputs) return missingTwin();
  return markdownResponse(tagTwin(inputs.group, inputs.site, ABSOLUTE).markdown);
};
