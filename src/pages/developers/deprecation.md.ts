// /developers/deprecation.md: the versioning policy's Markdown twin.
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { fileResponse } from '../../discovery/files.ts';
import { deprecationMarkdown } from '../../discovery/deprecation.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/developers/deprecation.md', deprecationMarkdown(loadContent().site));
