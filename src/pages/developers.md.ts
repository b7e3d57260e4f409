// /developers.md: the developer guide's Markdown twin.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { developerGuide, developersMarkdown } from '../discovery/developers.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/developers.md', developersMarkdown(developerGuide(loadContent())));
