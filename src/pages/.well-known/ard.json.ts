// /.well-known/ard.json (Agentic Resource Discovery v0.91 § 5.1): the same document as ai-catalog.json.
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { fileResponse } from '../../discovery/files.ts';
import { aiCatalogText } from '../../discovery/ai-catalog.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/.well-known/ard.json', aiCatalogText(loadContent()));
