// The entries of the ARD / AI Catalog documents: the MCP server, SKILL.md, and a catalog of its own
// for the REST API, the NLWeb ask endpoint and llms.txt, with what those specs ask for beyond the
// site's one list of entry points (src/discovery/entry-points.ts): an artifact to fetch, a urn:air
// name, representative queries. Every path here must be on that list; catalogEntries() refuses one
// that is not.
//
// Two documents, because ARD's conformance test (the one Lighthouse runs as `ard-schema`) knows a
// closed list of discovery media types: an MCP server card, agent skills, a nested AI catalog.
// OpenAPI and plain text are not among them, so the root lists those three kinds only, and the
// REST API, ask and llms.txt sit in a nested catalog (ARD's way to model a hierarchy: an entry of
// type application/ai-catalog+json) under their true media types.
import type { Content, Site } from '../records/schema.ts';
import { ENTRY_POINTS } from './entry-points.ts';
import { MCP_PATH, SERVER_CARD_PATH, serverName } from '../server/mcp/identity.ts';
import { AI_CATALOG_MEDIA_TYPE, OPENAPI_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE } from '../http/media-types.ts';

export const MCP_SERVER_CARD_PATH = SERVER_CARD_PATH;
export const MCP_SERVER_CARD_TYPE = SERVER_CARD_MEDIA_TYPE;

/** The nested catalog: the REST API, ask and llms.txt. */
export const RESOURCES_CATALOG_PATH = '/.well-known/ai-catalog/resources.json';

/** ARD's media type of an agent skill written in Markdown (SKILL.md). */
export const AGENT_SKILL_MARKDOWN_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** Which document lists an entry: the root (ard.json, ai-catalog.json) or the nested resources catalog. */
export type CatalogLevel = 'root' | 'resources';

export interface CatalogEntrySource {
  level: CatalogLevel;
  /** The last segment of its `urn:air` identifier. */
  name: string;
  /** The `urn:air` namespace segment (AI Catalog § Catalog Entry). */
  namespace: string;
  displayName: string;
  description: string;
  /** Site path (optionally with a fragment) of the artifact that describes the entry point. */
  artifact: string;
  /** Media type of that artifact, as served. */
  type: string;
  /** Site path agents call. */
  endpoint: string;
  tags: string[];
  /** ARD § 4.2: 2 to 5 questions this entry point answers, for registries' search indexes. */
  representativeQueries: string[];
}

/**
 * `url` of the ask entry: its operation inside openapi.json. The endpoint itself answers only with a
 * query, and a catalog entry's url must fetch the artifact (AI Catalog § Catalog Entry: "a URL where
 * the full artifact document can be retrieved").
 */
export const ASK_ARTIFACT = '/openapi.json#/paths/~1ask';

export function catalogEntries(content: Pick<Content, 'site' | 'projects'>): CatalogEntrySource[] {
  const { site } = content;
  const featured = content.projects.find((p) => p.slug === site.featured[0]) ?? content.projects[0];
  const example = featured?.title ?? 'a project';
  const entries: CatalogEntrySource[] = [
    {
      level: 'resources',
      name: 'rest',
      namespace: 'api',
      displayName: `${site.name}: REST API`,
      description: `Read-only JSON API over ${site.name}'s projects and pages: search, list, get and compare projects; questions, batch and async jobs. Free, no key.`,
      artifact: '/openapi.json',
      type: OPENAPI_MEDIA_TYPE,
      endpoint: '/api/v1',
      tags: ['portfolio', 'search', 'rest', 'openapi'],
      representativeQueries: [`search ${site.name}'s projects`, `what is ${example}`, `compare two projects by ${site.name}`],
    },
    {
      level: 'root',
      // The server card's reverse-DNS name ends in the same segment (com.example.folio/portfolio).
      name: serverName(site).split('/').pop()!,
      namespace: 'mcp',
      displayName: `${site.name}: MCP server`,
      description: `MCP tools over the same records as the REST API (list, get, compare and search projects). Streamable HTTP, stateless, no credentials.`,
      artifact: MCP_SERVER_CARD_PATH,
      type: MCP_SERVER_CARD_TYPE,
      endpoint: MCP_PATH,
      tags: ['portfolio', 'search', 'mcp'],
      representativeQueries: [`list ${site.name}'s projects`, `find ${site.name}'s work on ${example}`],
    },
    {
      level: 'resources',
      name: 'ask',
      namespace: 'nlweb',
      displayName: `${site.name}: ask (NLWeb)`,
      description: `NLWeb v0.55 /ask endpoint: a question in, ranked pages and projects out, as JSON or server-sent events. Lexical, not generative.`,
      artifact: ASK_ARTIFACT,
      type: OPENAPI_MEDIA_TYPE,
      endpoint: '/ask',
      tags: ['nlweb', 'ask', 'search'],
      representativeQueries: [`ask ${site.name}'s site about ${example}`, `what has ${site.name} built`],
    },
    {
      level: 'resources',
      name: 'llms-txt',
      namespace: 'docs',
      displayName: `${site.name}: llms.txt`,
      description: `Index of every page as Markdown (llmstxt.org), with the API and agent docs.`,
      artifact: '/llms.txt',
      type: 'text/plain',
      endpoint: '/llms.txt',
      tags: ['llms.txt', 'markdown', 'docs'],
      representativeQueries: [`read ${site.name}'s site as Markdown`, `who is ${site.name}`],
    },
    {
      level: 'root',
      name: 'skill',
      namespace: 'skills',
      displayName: `${site.name}: agent skill`,
      description: `SKILL.md: how an agent searches, lists and compares ${site.name}'s projects through the API, with its limits.`,
      artifact: '/SKILL.md',
      type: AGENT_SKILL_MARKDOWN_TYPE,
      endpoint: '/SKILL.md',
      tags: ['skill', 'portfolio', 'api'],
      representativeQueries: [`how to query ${site.name}'s portfolio`, `use ${site.name}'s API from an agent`],
    },
    {
      level: 'root',
      name: 'resources',
      namespace: 'catalog',
      displayName: `${site.name}: APIs and docs`,
      description: `A catalog of the REST API (OpenAPI), the NLWeb ask endpoint and llms.txt, each under its own media type.`,
      artifact: RESOURCES_CATALOG_PATH,
      type: AI_CATALOG_MEDIA_TYPE,
      endpoint: RESOURCES_CATALOG_PATH,
      tags: ['catalog', 'rest', 'openapi', 'llms.txt'],
      representativeQueries: [`find ${site.name}'s API description`, `read ${site.name}'s site index`],
    },
  ];
  const listed = new Set(ENTRY_POINTS.map((e) => e.path));
  for (const entry of entries) {
    for (const path of [entry.endpoint, entry.artifact.split('#')[0]!]) {
      if (!listed.has(path)) throw new Error(`catalog entry ${entry.name}: ${path} is not in src/discovery/entry-points.ts`);
    }
  }
  return entries;
}

/** The host segment of `urn:air` identifiers: the site's host name, without a port (AI Catalog § Catalog Entry). */
export const publisherOf = (site: Pick<Site, 'url'>) => new URL(site.url).hostname;

export const identifierOf = (site: Pick<Site, 'url'>, entry: Pick<CatalogEntrySource, 'namespace' | 'name'>) =>
  `urn:air:${publisherOf(site)}:${entry.namespace}:${entry.name}`;
