// /<slug>.md: each page's Markdown twin.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../records/load.ts';
import { pageTwin } from '../records/twin.ts';
import { markdownResponse } from '../records/responses.ts';

export const getStaticPaths = (() => loadContent().pages.map((page) => ({ params: { slug: page.slug }, props: { page } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => markdownResponse((await pageTwin(props.page, loadContent())).markdown);
