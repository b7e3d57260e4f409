// /.well-known/api-catalog (RFC 9727): a Linkset (RFC 9264 § 4.2) naming each API this site
// publishes, with the RFC 8631 relations § 4.2 recommends: its machine-readable description
// (service-desc), its human documentation (service-doc) and its policies (service-meta).
import type { Site } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { ASK_ARTIFACT, MCP_SERVER_CARD_PATH, MCP_SERVER_CARD_TYPE } from './catalog-entries.ts';
import { JSON_TYPE, OPENAPI_MEDIA_TYPE } from '../http/media-types.ts';
import { JSON_RESUME_SCHEMA, RESUME_JSON_PATH, RESUME_PATH, RESUME_TWIN } from '../records/resume.ts';

export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}

export interface LinkContext {
  anchor: string;
  [relation: string]: string | LinkTarget[];
}

export interface ApiCatalog {
  linkset: LinkContext[];
}

/** What of the content the catalog names beyond the APIs: the résumé's JSON document, when there is a résumé (FO-RESUME). */
export interface CatalogContent {
  resume?: unknown;
}

export function apiCatalog(site: Pick<Site, 'url' | 'name'>, content: CatalogContent = {}): ApiCatalog {
  const url = (path: string) => absoluteUrl(site, path);
  const policies: LinkTarget[] = [
    { href: url('/pricing.md'), type: 'text/markdown', title: 'Pricing and limits' },
    { href: url('/developers/deprecation'), type: 'text/html', title: 'Versioning and deprecation policy' },
    { href: url('/.well-known/oauth-protected-resource'), type: JSON_TYPE, title: 'Protected-resource metadata (RFC 9728) of the catalog' },
  ];
  return {
    linkset: [
      {
        anchor: url('/api/v1'),
        'service-desc': [{ href: url('/openapi.json'), type: OPENAPI_MEDIA_TYPE, title: `${site.name} API (OpenAPI 3.1)` }],
        'service-doc': [
          { href: url('/developers'), type: 'text/html', title: 'Developer guide' },
          { href: url('/developers.md'), type: 'text/markdown', title: 'Developer guide (Markdown)' },
        ],
        'service-meta': policies,
      },
      {
        anchor: url('/ask'),
        'service-desc': [{ href: url(ASK_ARTIFACT), type: OPENAPI_MEDIA_TYPE, title: 'The ask operation in openapi.json' }],
        'service-doc': [{ href: url('/developers#ask'), type: 'text/html', title: 'Asking questions (NLWeb)' }],
        'service-meta': policies.slice(0, 2),
      },
      {
        anchor: url('/api/mcp'),
        'service-desc': [{ href: url(MCP_SERVER_CARD_PATH), type: MCP_SERVER_CARD_TYPE, title: 'MCP server card' }],
        'service-doc': [{ href: url('/developers#mcp-server'), type: 'text/html', title: 'The MCP server' }],
        'service-meta': policies.slice(0, 2),
      },
      // The résumé as data (FO-RESUME): a JSON Resume document, described by JSON Resume's schema,
      // documented by the résumé's page and twin. GET /api/v1/resume answers the same document.
      ...(content.resume
        ? [
            {
              anchor: url(RESUME_JSON_PATH),
              'service-desc': [{ href: JSON_RESUME_SCHEMA, type: 'application/schema+json', title: 'JSON Resume schema' }],
              'service-doc': [
                { href: url(RESUME_PATH), type: 'text/html', title: `${site.name}'s résumé` },
                { href: url(RESUME_TWIN), type: 'text/markdown', title: `${site.name}'s résumé (Markdown)` },
              ],
            },
          ]
        : []),
    ],
  };
}

export const apiCatalogText = (site: Pick<Site, 'url' | 'name'>, content: CatalogContent = {}) => `${JSON.stringify(apiCatalog(site, content), null, 2)}\n`;
