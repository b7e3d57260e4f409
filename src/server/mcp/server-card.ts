// The MCP server card (experimental-ext-server-card, SEP-2127): static metadata a client reads
// before it connects — identity, the endpoint, the protocol revisions it speaks. Served at
// GET /api/mcp/server-card, the `<streamable-http-url>/server-card` location the extension reserves.
import { z } from 'zod';
import type { Site } from '../../records/schema.ts';
import { MCP_PATH, PROTOCOL_VERSIONS, SERVER_DESCRIPTION, SERVER_VERSION, serverName, serverTitle } from './identity.ts';
import { APP_MIME_TYPE, APPS_EXTENSION, PROJECT_CARD_URI } from './apps.ts';
import { DETAILS } from './sizing.ts';
import type { AnyTool } from './tool-kit.ts';
import { isSized, type ServedRecords, TOOLS, toolsFor } from './tools.ts';

/**
 * The card's `_meta` (its extension point; the card schema has no tool list, so these say only what a
 * client may plan on before it connects): the names of the tools served, the size controls
 * (FO-MCP-SIZE) and the MCP Apps card (FO-MCP-APPS), all from the tool table (tools.ts). tools/list
 * stays the authority for each tool's arguments.
 */
export const CARD_META_TOOLS = 'folio/tools';
export const CARD_META_SIZING = 'folio/tool-sizing';
export const CARD_META_APPS = 'folio/apps';
const cardMeta = z.object({
  [CARD_META_TOOLS]: z.array(z.string()).describe('The names of the tools this site serves, as tools/list answers them.'),
  [CARD_META_SIZING]: z.object({
    tools: z.array(z.string()),
    toolsWithPosts: z.array(z.string()),
    detail: z.array(z.enum(DETAILS)),
    fields: z.string(),
  }),
  [CARD_META_APPS]: z.object({ extension: z.literal(APPS_EXTENSION), mimeType: z.literal(APP_MIME_TYPE), resourceUri: z.string(), tools: z.array(z.string()) }),
});

/** The card schema pins its own URL: `/schemas/v1/` (schema.json § ServerCard.$schema pattern). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The fields of the extension's ServerCard this server fills, with the schema's own constraints. */
export const serverCard = z
  .object({
    $schema: z.literal(SERVER_CARD_SCHEMA),
    name: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)
      .describe('Reverse-DNS name: the site host reversed, then /portfolio. Equals serverInfo.name.'),
    version: z.string().max(255).describe('Equals serverInfo.version.'),
    description: z.string().min(1).max(100),
    title: z.string().min(1).max(100).optional(),
    websiteUrl: z.url().optional(),
    remotes: z.array(
      z.object({
        type: z.literal('streamable-http'),
        url: z.string().regex(/^https?:\/\/\S+$/),
        supportedProtocolVersions: z.array(z.string()),
      }),
    ),
    _meta: cardMeta.optional(),
  })
  .meta({ id: 'McpServerCard', description: 'MCP server card (SEP-2127, experimental-ext-server-card).' });

export type ServerCard = z.infer<typeof serverCard>;

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
