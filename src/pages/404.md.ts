// /404.md: what the server answers, with status 404, to a Markdown request for an unknown path.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { notFoundTwin } from '../generators/twin.ts';
import { markdownResponse } from '../generators/responses.ts';

export const GET: APIRoute = () => markdownResponse(notFoundTwin(loadContent()).markdown);
