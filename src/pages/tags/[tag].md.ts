// /tags/<tag>.md: each tag page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { tagGroups } from '../../records/collections.ts';
import { loadContent } from '../../records/load.ts';
import { ABSOLUTE, tagTwin } from '../../records/twin.ts';
import { markdownResponse } from '../../records/responses.ts';

export const getStaticPaths = (() => tagGroups(loadContent()).map((g) => ({ params: { tag: g.tag } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const content = loadContent();
  return markdownResponse(tagTwin(tagGroups(content).find((g) => g.tag === params.tag)!, content, ABSOLUTE).markdown);
};
