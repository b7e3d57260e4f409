// /.well-known/ai-catalog/resources.json: the nested catalog of the REST API, the ask endpoint and
// llms.txt, which the root discovery document links (src/discovery/catalog-entries.ts says why).
import type { APIRoute } from 'astro';
import { loadContent } from '../../../records/load.ts';
import { fileResponse } from '../../../discovery/files.ts';
import { aiCatalogText } from '../../../discovery/ai-catalog.ts';
import { RESOURCES_CATALOG_PATH } from '../../../discovery/catalog-entries.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse(RESOURCES_CATALOG_PATH, aiCatalogText(loadContent(), 'resources'));
