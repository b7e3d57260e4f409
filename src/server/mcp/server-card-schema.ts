// The MCP server card's schema (experimental-ext-server-card, SEP-2127), apart from its builder
// (server-card.ts): the route table names it as the card route's answer, and the builder reads the
// tool table, which the function loads only with the card or the MCP endpoint (FO-COLD-PATH).
import { z } from 'zod';
import { APP_MIME_TYPE, APPS_EXTENSION } from './apps.ts';
import { DETAILS } from './sizing.ts';

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
