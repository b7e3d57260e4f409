// The MCP server card (experimental-ext-server-card, SEP-2127): static metadata a client reads
// before it connects — identity, the endpoint, the protocol revisions it speaks. Served at
// GET /api/mcp/server-card, the `<streamable-http-url>/server-card` location the extension reserves.
import { z } from 'zod';
import type { Site } from '../../records/schema.ts';
import { MCP_PATH, PROTOCOL_VERSIONS, SERVER_DESCRIPTION, SERVER_VERSION, serverName, serverTitle } from './identity.ts';

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
  })
  .meta({ id: 'McpServerCard', description: 'MCP server card (SEP-2127, experimental-ext-server-card).' });

export type ServerCard = z.infer<typeof serverCard>;

export function buildServerCard(site: Site): ServerCard {
  const origin = `${site.url.replace(/\/+$/, '')}`;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: serverName(site),
    version: SERVER_VERSION,
    description: SERVER_DESCRIPTION,
    title: serverTitle(site),
    websiteUrl: `${origin}/`,
    remotes: [{ type: 'streamable-http', url: `${origin}${MCP_PATH}`, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
  };
}
