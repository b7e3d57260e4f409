// /tags/<tag>.md: each tag page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { pagesToRender } from '../../build/page-cache.ts';
import { loadCatalog } from '../../records/load.ts';
import { tagTwinPage, tagTwinPages } from '../../build/page-inputs.ts';
import { ABSOLUTE, tagTwin } from '../../build/twin.ts';
import { markdownResponse, missingTwin } from '../../build/responses.ts';

// Left out when the last build's file is still right (page-cache.ts); the twin is made from tagTwinPage alone.
export const getStaticPaths = (() => pagesToRender(tagTwinPages(loadCatalog()), 'src/pages/tags/[tag].md.ts')) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const inputs = tagTwinPage(loadCatalog(), params.tag);
  if (!inputs) return missingTwin();
  return markdownResponse(tagTwin(inputs.group, inputs.site, ABSOLUTE).markdown);
};
