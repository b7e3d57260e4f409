// /404.md: what the server answers, with status 404, to a Markdown request for an unknown path.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { notFoundTwin } from '../discovery/twin.ts';
import { markdownResponse } from '../discovery/responses.ts';

export const GET: APIRoute = () => markdownResponse(notFoundTwin(loadContent()).markdown);
