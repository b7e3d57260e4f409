// The MCP server: one fresh McpServer per request (nothing survives a request, so any instance can
// answer any call), with the read-only tools and the Markdown-twin resources.
import { McpServer, type CacheHint, type Transport } from '@modelcontextprotocol/server';
import type { SiteData } from '../../search/data-file.ts';
import type { Site } from '../../records/schema.ts';
import { HANDSHAKE_VERSIONS, SERVER_DESCRIPTION, SERVER_VERSION, serverName, serverTitle } from './identity.ts';
import { APPS_CAPABILITY, PROJECT_CARD_URI, readProjectCard } from './apps.ts';
import { guardParams } from './params.ts';
import { listTwins, readTwin } from './resources.ts';
import { registerTools } from './tool-kit.ts';
import { type ServedRecords, toolsFor } from './tools.ts';

/**
 * The instructions: what the site holds, then each tool it serves and what it does, from the tool
 * table (tools.ts). Here rather than in identity.ts, which the route table loads on every cold start
 * and which so stays clear of the tool table (FO-COLD-PATH).
 */
export const serverInstructions = (site: Pick<Site, 'name'>, served: ServedRecords = { posts: [] }) =>
  `Read-only tools over ${site.name}'s portfolio: projects${served.posts.length ? ', posts' : ''}, pages${served.resume ? ' and a résumé' : ''}. ` +
  `${toolsFor(served)
    .map((t) => `${t.name} ${t.does}`)
    .join('; ')}. Every record is also a Markdown resource. ` +
  'Content changes only when the site is redeployed, so answers may be cached for five minutes.';

/**
 * 2026-07-28 results carry cache hints. Content changes only on redeploy and clients may cache
 * five minutes (PF-DEPLOY-DATA, PF-CACHE), and nothing is per-user, so shared caches may keep it too.
 */
const FIVE_MINUTES: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };

/** McpServer whose every transport answers malformed params -32602 before dispatch (params.ts, FO-MCP-PARAMS). */
class CheckedMcpServer extends McpServer {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    guardParams(transport);
  }
}

export function createMcpServer(data: SiteData): McpServer {
  const server = new CheckedMcpServer(
    {
      name: serverName(data.site),
      title: serverTitle(data.site),
      version: SERVER_VERSION,
      description: SERVER_DESCRIPTION,
      websiteUrl: `${data.site.url.replace(/\/+$/, '')}/`,
    },
    {
      // listChanged: false — the lists change only with a redeploy, never during a connection, so
      // there is nothing to subscribe to (and no stream to hold open on a stateless endpoint).
      // extensions: MCP Apps (FO-MCP-APPS) — hosts that render UI resources find the project card
      // through get_project's and search_portfolio's `_meta.ui.resourceUri`; others ignore it.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, extensions: APPS_CAPABILITY },
      instructions: serverInstructions(data.site, data),
      supportedProtocolVersions: [...HANDSHAKE_VERSIONS],
      cacheHints: {
        'tools/list': FIVE_MINUTES,
        'resources/list': FIVE_MINUTES,
        'resources/templates/list': FIVE_MINUTES,
        'resources/read': FIVE_MINUTES,
        'server/discover': FIVE_MINUTES,
      },
    },
  );
  registerTools(server, data, toolsFor(data));
  // McpServer's own resources/list ignores the cursor and lists everything at once; these handlers
  // replace the ones it installed, to page the list and read twins straight from the data.
  server.server.setRequestHandler('resources/list', (request) => listTwins(data, request.params?.cursor));
  // The card is read by URI from the tools' metadata; the spec lets a server leave UI-only
  // resources out of resources/list, which stays the list of record twins.
  server.server.setRequestHandler('resources/read', (request) =>
    request.params.uri === PROJECT_CARD_URI ? readProjectCard(data) : readTwin(data, request.params.uri),
  );
  return server;
}
