// The /openapi.json file: the generated document for the real route table.
import { openApiDocument, type SiteForOpenApi } from './openapi/document.ts';
import { ROUTES } from '../server/routes.ts';

export const openApiFor = (site: SiteForOpenApi) => openApiDocument(site, ROUTES);

export const openApiText = (site: SiteForOpenApi) => `${JSON.stringify(openApiFor(site), null, 2)}\n`;
