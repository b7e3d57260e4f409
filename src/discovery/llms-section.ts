// The "API and agent docs" entries of llms.txt (src/records/llms.ts lists them): where an agent
// goes from the index to call the site rather than read it.
import { MCP_SERVER_CARD_PATH } from './entry-points.ts';

export interface DocLink {
  title: string;
  /** Site path. */
  path: string;
  note: string;
}

export const API_AGENT_DOCS: readonly DocLink[] = [
  { title: 'AGENTS.md', path: '/AGENTS.md', note: 'how agents should use this site: what to read, what to call, the house rules' },
  { title: 'SKILL.md', path: '/SKILL.md', note: 'an Agent Skill for this site’s API, with tested examples' },
  { title: 'Developer guide', path: '/developers.md', note: 'every endpoint with parameters, answers and examples; the error catalog; the limits' },
  { title: 'OpenAPI description', path: '/openapi.json', note: 'OpenAPI 3.1: every path, parameter, answer and error' },
  { title: 'Access guide', path: '/auth.md', note: 'the public-read token for GET /api/v1, in two requests; everything else needs no token' },
  { title: 'MCP server card', path: MCP_SERVER_CARD_PATH, note: 'the MCP tool server at /api/mcp and its tools' },
  { title: 'API catalog', path: '/.well-known/api-catalog', note: 'RFC 9727 linkset of the APIs, their descriptions and policies' },
  { title: 'Agentic resource discovery', path: '/.well-known/ard.json', note: 'ARD manifest: the REST API, the MCP server, the ask endpoint, llms.txt' },
  { title: 'Pricing', path: '/pricing.md', note: 'free, no key; the rate limits and size limits' },
  { title: 'Versioning policy', path: '/developers/deprecation.md', note: 'how API versions are deprecated and retired' },
];
