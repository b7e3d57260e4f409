// /.well-known/ai-catalog.json (AI Catalog 1.0; ARD's predecessor path): the same document as ard.json.
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { fileResponse } from '../../discovery/files.ts';
import { aiCatalogText } from '../../discovery/ai-catalog.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/.well-known/ai-catalog.json', aiCatalogText(loadContent()));
