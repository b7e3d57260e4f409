// The MCP server card (experimental-ext-server-card, SEP-2127): static metadata a client reads
// before it connects — identity, the endpoint, the protocol revisions it speaks. Served at
// GET /api/mcp/server-card, the `<streamable-http-url>/server-card` location the extension reserves.
import type { Site } from '../../records/schema.ts';
import { MCP_PATH, PROTOCOL_VERSIONS, SERVER_DESCRIPTION, SERVER_VERSION, serverName, serverTitle } from './identity.ts';
import { APP_MIME_TYPE, APPS_EXTENSION, PROJECT_CARD_URI } from './apps.ts';
import { CARD_META_APPS, CARD_META_SIZING, CARD_META_TOOLS, SERVER_CARD_SCHEMA, type ServerCard } from './server-card-schema.ts';
import { DETAILS } from './sizing.ts';
import type { AnyTool } from './tool-kit.ts';
import { isSized, type ServedRecords, TOOLS, toolsFor } from './tools.ts';

export { CARD_META_APPS, CARD_META_SIZING, CARD_META_TOOLS, SERVER_CARD_SCHEMA, serverCard, type ServerCard } from './server-card-schema.ts';

export function buildServerCard(site: Site, served: ServedRecords): ServerCard {
  const names = (tools: readonly AnyTool[]) => tools.map((t) => t.name);
  const origin = `${site.url.replace(/\/+$/, '')}`;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: serverName(site),
    version: SERVER_VERSION,
    description: SERVER_DESCRIPTION,
    title: serverTitle(site),
    websiteUrl: `${origin}/`,
    remotes: [{ type: 'streamable-http', url: `${origin}${MCP_PATH}`, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
    _meta: {
      [CARD_META_TOOLS]: names(toolsFor(served)),
      [CARD_META_SIZING]: {
        tools: names(TOOLS.filter((t) => isSized(t) && !t.needs)),
        toolsWithPosts: names(TOOLS.filter((t) => isSized(t) && t.needs === 'posts')),
        detail: [...DETAILS],
        fields: 'A list of field names from the "full" shape; each tool\'s inputSchema lists them. The slug is always kept.',
      },
      [CARD_META_APPS]: { extension: APPS_EXTENSION, mimeType: APP_MIME_TYPE, resourceUri: PROJECT_CARD_URI, tools: names(TOOLS.filter((t) => t.ui)) },
    },
  };
}
