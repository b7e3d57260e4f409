// /openapi.json: generated at build time from the route table and its zod schemas (src/discovery/openapi/document.ts).
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { openApiText } from '../discovery/openapi-file.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/openapi.json', openApiText(loadContent().site));
