// The one list of agent entry points: where an agent can read, discover, query and connect.
// The agent view (/?mode=agent), the local server's start-up banner and the discovery files all
// read this list, so an entry point is named and described exactly once.
import {
  AI_CATALOG_MEDIA_TYPE,
  API_CATALOG_MEDIA_TYPE,
  HTML,
  JSON_TYPE,
  MARKDOWN,
  OPENAPI_MEDIA_TYPE,
  SERVER_CARD_MEDIA_TYPE,
  TEXT,
} from '../http/media-types.ts';

export type EntryGroup = 'read' | 'discover' | 'access' | 'query' | 'mcp';

export interface EntryPoint {
  name: string;
  /** Site-relative path; absolute URLs are made from the site URL where they are shown. */
  path: string;
  /** Media type of the (successful) response body. */
  mediaType: string;
  /** One line: what an agent gets there. */
  description: string;
  group: EntryGroup;
}

export const ENTRY_GROUPS: Record<EntryGroup, string> = {
  read: 'Read the site',
  discover: 'Discover the APIs',
  access: 'Access (public-read, free)',
  query: 'Query',
  mcp: 'Connect a tool client',
};

export const ENTRY_POINTS: readonly EntryPoint[] = [
  {
    group: 'read',
    name: 'llms.txt',
    path: '/llms.txt',
    mediaType: TEXT,
    description: 'An index of the site for language models: who this is, every page and project, with links to the Markdown twins.',
  },
  { group: 'read', name: 'llms-full.txt', path: '/llms-full.txt', mediaType: TEXT, description: 'Every page and project in full, in one file.' },
  {
    group: 'read',
    name: 'Home page as Markdown',
    path: '/index.md',
    mediaType: MARKDOWN,
    description: 'The home page’s Markdown twin; every page /x has one at /x.md, also sent for Accept: text/markdown or text/plain.',
  },
  {
    group: 'read',
    name: 'Agent view',
    path: '/?mode=agent',
    mediaType: MARKDOWN,
    description: 'This overview: who this is, what the site offers agents, and where each entry point is.',
  },
  {
    group: 'discover',
    name: 'OpenAPI description',
    path: '/openapi.json',
    mediaType: OPENAPI_MEDIA_TYPE,
    description: 'OpenAPI 3.1 description of every API route, with a typed schema for every response, errors included.',
  },
  {
    group: 'discover',
    name: 'API catalog',
    path: '/.well-known/api-catalog',
    mediaType: API_CATALOG_MEDIA_TYPE,
    description: 'RFC 9727 API catalog: a linkset pointing at the APIs, their descriptions and docs.',
  },
  {
    group: 'discover',
    name: 'Agent resource discovery',
    path: '/.well-known/ard.json',
    mediaType: JSON_TYPE,
    description: 'Canonical domain discovery document for agents.',
  },
  {
    group: 'discover',
    name: 'AI catalog (legacy path)',
    path: '/.well-known/ai-catalog.json',
    mediaType: AI_CATALOG_MEDIA_TYPE,
    description: 'The same discovery document at its legacy path.',
  },
  {
    group: 'discover',
    name: 'AI catalog of the APIs and docs',
    path: '/.well-known/ai-catalog/resources.json',
    mediaType: AI_CATALOG_MEDIA_TYPE,
    description: 'The REST API, the ask endpoint and llms.txt, nested under the discovery document.',
  },
  {
    group: 'discover',
    name: 'AGENTS.md',
    path: '/AGENTS.md',
    mediaType: MARKDOWN,
    description: 'How an agent should use this site: entry points, limits and etiquette.',
  },
  { group: 'discover', name: 'SKILL.md', path: '/SKILL.md', mediaType: MARKDOWN, description: 'A skill file an agent can load to query this site.' },
  {
    group: 'discover',
    name: 'Pricing',
    path: '/pricing.md',
    mediaType: MARKDOWN,
    description: 'Pricing: everything is free; no key, no account, no paid tier.',
  },
  {
    group: 'discover',
    name: 'Developers',
    path: '/developers',
    mediaType: HTML,
    description: 'Developer documentation: the error catalog, rate limits, versioning and deprecation policy.',
  },
  {
    group: 'discover',
    name: 'Deprecation policy',
    path: '/developers/deprecation',
    mediaType: HTML,
    description: 'How long a replaced API version keeps working, the headers it sends meanwhile, and the version table.',
  },
  {
    group: 'access',
    name: 'Protected-resource metadata',
    path: '/.well-known/oauth-protected-resource',
    mediaType: JSON_TYPE,
    description: 'RFC 9728 metadata of the protected catalog: which authorization server to ask.',
  },
  {
    group: 'access',
    name: 'Authorization-server metadata',
    path: '/.well-known/oauth-authorization-server',
    mediaType: JSON_TYPE,
    description: 'RFC 8414 metadata: registration, token and revocation endpoints.',
  },
  { group: 'access', name: 'Auth guide', path: '/auth.md', mediaType: MARKDOWN, description: 'The public-read flow step by step: two requests, no secret.' },
  {
    group: 'access',
    name: 'Protected catalog',
    path: '/api/v1',
    mediaType: JSON_TYPE,
    description: 'The catalog of pages; needs the free public-read bearer token from the auth guide.',
  },
  {
    group: 'query',
    name: 'Ask',
    path: '/ask',
    mediaType: JSON_TYPE,
    description: 'NLWeb-shaped questions (GET ?q= or POST), answered as JSON or as server-sent events.',
  },
  { group: 'query', name: 'Search', path: '/api/v1/search', mediaType: JSON_TYPE, description: 'Lexical search over projects and pages: ?q=, optional type.' },
  {
    group: 'query',
    name: 'Search results as Markdown',
    path: '/search.md?q=',
    mediaType: MARKDOWN,
    description: 'The search page’s hits as Markdown, each linking its twin by absolute URL: ?q=.',
  },
  {
    group: 'query',
    name: 'Projects',
    path: '/api/v1/projects',
    mediaType: JSON_TYPE,
    description: 'Projects with category, type and archive filters, paged by cursor; one project at /api/v1/projects/{slug}.',
  },
  { group: 'query', name: 'Compare', path: '/api/v1/compare', mediaType: JSON_TYPE, description: 'Two to four projects side by side: ?slugs=a,b.' },
  { group: 'query', name: 'Sandbox', path: '/api/v1/sandbox', mediaType: JSON_TYPE, description: 'The open catalog of pages, paged, with no token.' },
  { group: 'query', name: 'Batch', path: '/api/v1/batch', mediaType: JSON_TYPE, description: 'POST up to ten questions at once.' },
  {
    group: 'query',
    name: 'Jobs',
    path: '/api/v1/jobs',
    mediaType: JSON_TYPE,
    description: 'Asynchronous questions: POST to create, poll the returned Location.',
  },
  {
    group: 'mcp',
    name: 'MCP server',
    path: '/api/mcp',
    mediaType: JSON_TYPE,
    description: 'Model Context Protocol tool server over Streamable HTTP, stateless, read-only.',
  },
  {
    group: 'mcp',
    name: 'MCP server card',
    path: '/api/mcp/server-card',
    mediaType: SERVER_CARD_MEDIA_TYPE,
    description: 'The MCP server’s card: name, version, transport and where to connect.',
  },
];

/** What of the content decides which entry points a site has beyond ENTRY_POINTS: its posts and its résumé. */
export interface EntryContent {
  readonly posts?: readonly unknown[];
  readonly resume?: unknown;
}

/**
 * The entry points of a site's posts and résumé, only when it has them (FO-POSTS, FO-RESUME: a site
 * without posts or a résumé names neither anywhere). The documents that are per site (AGENTS.md,
 * the agent view) list these after ENTRY_POINTS.
 */
export function contentEntryPoints({ posts = [], resume }: EntryContent): EntryPoint[] {
  const postEntries: EntryPoint[] = [
    {
      group: 'read',
      name: 'Posts as Markdown',
      path: '/posts.md',
      mediaType: MARKDOWN,
      description: 'Every post, newest first and grouped by year, each linked as its Markdown twin (/posts/{slug}.md).',
    },
    {
      group: 'query',
      name: 'Posts',
      path: '/api/v1/posts',
      mediaType: JSON_TYPE,
      description:
        'Published posts, newest first, with an optional tag filter, paged by cursor (limit 1–20, follow nextCursor); one post at /api/v1/posts/{slug}.',
    },
  ];
  const resumeEntries: EntryPoint[] = [
    {
      group: 'read',
      name: 'Résumé as Markdown',
      path: '/resume.md',
      mediaType: MARKDOWN,
      description: 'The résumé: experience, education, skills and languages.',
    },
    {
      group: 'read',
      name: 'Résumé as JSON Resume',
      path: '/resume.json',
      mediaType: JSON_TYPE,
      description: 'The same résumé as a JSON Resume document; GET /api/v1/resume answers it too.',
    },
  ];
  return [...(posts.length ? postEntries : []), ...(resume ? resumeEntries : [])];
}

/** A site's entry points: ENTRY_POINTS, then its posts' and résumé's, each group in that order. */
export const entryPointsOf = (content: EntryContent): EntryPoint[] => [...ENTRY_POINTS, ...contentEntryPoints(content)];
