// /.well-known/mcp/server-card.json: the MCP server card at the well-known location clients probe
// (SEP-2127), the same card GET /api/mcp/server-card answers.
import type { APIRoute } from 'astro';
import { loadContent } from '../../../records/load.ts';
import { fileResponse } from '../../../discovery/files.ts';
import { buildServerCard } from '../../../server/mcp/server-card.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const content = loadContent();
  return fileResponse('/.well-known/mcp/server-card.json', `${JSON.stringify(buildServerCard(content.site, content), null, 2)}\n`);
};
