// /tags.md: the tags index as Markdown.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { ABSOLUTE, tagsTwin } from '../generators/twin.ts';
import { markdownResponse } from '../generators/responses.ts';

export const GET: APIRoute = () => markdownResponse(tagsTwin(loadContent(), ABSOLUTE).markdown);
