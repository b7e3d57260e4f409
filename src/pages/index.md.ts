// /index.md: the home page's Markdown twin.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { ABSOLUTE, homeTwin } from '../records/twin.ts';
import { markdownResponse } from '../records/responses.ts';

export const GET: APIRoute = async () => markdownResponse((await homeTwin(loadContent(), ABSOLUTE)).markdown);
