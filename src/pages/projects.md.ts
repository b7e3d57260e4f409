// /projects.md: the projects index as Markdown.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { ABSOLUTE, projectsTwin } from '../records/twin.ts';
import { markdownResponse } from '../records/responses.ts';

export const GET: APIRoute = async () => markdownResponse((await projectsTwin(loadContent(), ABSOLUTE)).markdown);
