// The /openapi.json file: the generated document for the real route table, as a Response.
import { openApiDocument, OPENAPI_MEDIA_TYPE, type SiteForOpenApi } from '../server/openapi.ts';
import { ROUTES } from '../server/routes.ts';

export const openApiFor = (site: SiteForOpenApi) => openApiDocument(site, ROUTES);

export const openApiJson = (site: SiteForOpenApi) =>
  new Response(`${JSON.stringify(openApiFor(site), null, 2)}\n`, { headers: { 'Content-Type': OPENAPI_MEDIA_TYPE } });
