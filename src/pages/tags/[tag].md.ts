// /tags/<tag>.md: each tag page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { tagGroups } from '../../records/collections.ts';
import { loadContent } from '../../records/load.ts';
import { tagTwin } from '../../records/twin.ts';
import { markdownResponse } from '../../records/responses.ts';

export const getStaticPaths = (() => tagGroups(loadContent()).map((group) => ({ params: { tag: group.tag }, props: { group } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => markdownResponse(tagTwin(props.group, loadContent()).markdown);
