// /.well-known/api-catalog (RFC 9727). The file has no extension: the server sends its media type (discovery/files.ts).
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { fileResponse } from '../../discovery/files.ts';
import { apiCatalogText } from '../../discovery/api-catalog.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const content = loadContent();
  return fileResponse('/.well-known/api-catalog', apiCatalogText(content.site, content));
};
