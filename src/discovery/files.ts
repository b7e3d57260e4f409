// The discovery files Folio prerenders, each with the media type it must be served with. One table:
// the route files and the e2e tests read it, so a file and its media type are declared once.
import { AI_CATALOG_MEDIA_TYPE, API_CATALOG_MEDIA_TYPE, JSON_TYPE, MARKDOWN, OPENAPI_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE, TEXT } from '../http/media-types.ts';

export interface DiscoveryFile {
  /** Site path, as served. */
  path: string;
  contentType: string;
  /** What it is, for the developers page and AGENTS.md. */
  title: string;
}

export const DISCOVERY_FILES = [
  { path: '/openapi.json', contentType: OPENAPI_MEDIA_TYPE, title: 'OpenAPI 3.1 description of every endpoint, its parameters, answers and errors' },
  {
    path: '/.well-known/api-catalog',
    contentType: API_CATALOG_MEDIA_TYPE,
    title: 'API catalog (RFC 9727): the APIs and their descriptions, docs and policies',
  },
  // ARD v0.91 § 5.1 names no media type for its manifest; it is plain JSON.
  {
    path: '/.well-known/ard.json',
    contentType: JSON_TYPE,
    title: 'Agentic Resource Discovery manifest: the MCP server, SKILL.md, and the catalog of the REST API, the ask endpoint and llms.txt',
  },
  { path: '/.well-known/ai-catalog.json', contentType: AI_CATALOG_MEDIA_TYPE, title: 'The same entries at the AI Catalog (legacy ARD) path' },
  {
    path: '/.well-known/ai-catalog/resources.json',
    contentType: AI_CATALOG_MEDIA_TYPE,
    title: 'The nested catalog: the REST API (OpenAPI), the ask endpoint and llms.txt',
  },
  { path: '/AGENTS.md', contentType: MARKDOWN, title: 'How agents should use this site' },
  { path: '/SKILL.md', contentType: MARKDOWN, title: 'Agent Skill: how to use this site’s API' },
  {
    path: '/.well-known/mcp/server-card.json',
    contentType: SERVER_CARD_MEDIA_TYPE,
    title: 'MCP server card (SEP-2127): the server’s identity, endpoint and protocol revisions',
  },
  { path: '/.well-known/agent-skills/index.json', contentType: JSON_TYPE, title: 'Agent Skills discovery index: SKILL.md with its SHA-256 digest' },
  { path: '/pricing.md', contentType: MARKDOWN, title: 'Pricing: free, no key, and the limits' },
  { path: '/developers.md', contentType: MARKDOWN, title: 'Every endpoint with examples, the error catalog (Markdown)' },
  { path: '/developers/deprecation.md', contentType: MARKDOWN, title: 'The versioning and deprecation policy (Markdown)' },
  { path: '/robots.txt', contentType: TEXT, title: 'Crawling rules, with the sitemap and the ARD manifest' },
  { path: '/sitemap.xml', contentType: 'application/xml', title: 'Every HTML page' },
  { path: '/sitemap.md', contentType: MARKDOWN, title: 'Every page by its Markdown version, with the date it last changed' },
] as const satisfies readonly DiscoveryFile[];

export type DiscoveryPath = (typeof DISCOVERY_FILES)[number]['path'];

export const mediaTypeOf = (path: DiscoveryPath) => DISCOVERY_FILES.find((f) => f.path === path)!.contentType;

/** A prerendered file's Response. In a static build only the body is kept; the server sets the type from the table above. */
export const fileResponse = (path: DiscoveryPath, body: string) => new Response(body, { headers: { 'Content-Type': mediaTypeOf(path) } });
