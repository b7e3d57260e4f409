// The MCP endpoint and its server card in the route table. The app gives them what every route
// gets (CORS for any origin, the portfolio rate limit, caching, errors); the transport reads the
// raw body itself, so POST /api/mcp declares no body schema. Only POST is declared: GET and DELETE
// (a 2025-era SSE stream and session teardown) get the app's 405 with Allow, as a stateless
// server must answer them (Streamable HTTP § Listening for Messages from the Server).
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../route.ts';
import { noteRequest } from '../middleware/request-log.ts';
import { errorObject } from '../errors.ts';
import { BODY_ERRORS } from '../http.ts';
import { QUOTA_COST_RULE } from '../middleware/rate-limit.ts';
import { MAX_BATCH_MESSAGES, MCP_PATH, PROTOCOL_VERSIONS, SERVER_CARD_PATH } from './identity.ts';
import { serverCard } from './server-card-schema.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../http/media-types.ts';

/**
 * The transport, the tool server and the MCP SDK under them load on an instance's first MCP
 * request, not in every cold start: compiling them is about a sixth of importing the function
 * (bench/RESULTS.md), and most instances answer the REST API and /ask without them.
 */
const transport = () => import('./transport.ts');
/** The card's builder reads the tool table (tools.ts), which loads with it, on the card's first request. */
const cardBuilder = () => import('./server-card.ts');

const RATE_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

const jsonRpcId = z.union([z.string(), z.number(), z.null()]);

/** One JSON-RPC 2.0 response (or, for a batch, an array of them). */
export const mcpResponse = z
  .union([
    z.object({ jsonrpc: z.literal('2.0'), id: jsonRpcId, result: z.record(z.string(), z.unknown()) }).loose(),
    z.object({ jsonrpc: z.literal('2.0'), id: jsonRpcId, error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }) }).loose(),
    z.array(z.record(z.string(), z.unknown())),
  ])
  .meta({ id: 'McpResponse', description: 'A JSON-RPC 2.0 response, or an array of them for a batch.' });

/** A transport-level refusal: a JSON-RPC error with id null; for catalog errors, `data` is the ErrorObject. */
export const mcpTransportError = z
  .object({
    jsonrpc: z.literal('2.0'),
    // JSON-RPC 2.0 § 5: the request's id when it could be read, else null.
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.object({
      code: z.int(),
      message: z.string(),
      // Folio's refusals carry the catalog's error object; the SDK's protocol refusals (header/body
      // mismatch, unsupported revision) carry their own details, e.g. the supported versions.
      data: z.union([errorObject, z.object({ hint: z.string() }), z.record(z.string(), z.unknown())]).optional(),
    }),
  })
  .meta({ id: 'McpTransportError' });

const mcpPost = defineRoute({
  method: 'POST',
  path: MCP_PATH,
  operationId: 'mcp',
  example: {
    headers: { Accept: 'application/json, text/event-stream' },
    body: {
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'example', version: '1' } },
      },
    },
    status: 200,
  },
  summary: 'MCP tool server (Streamable HTTP, stateless)',
  description:
    `Model Context Protocol over Streamable HTTP: one JSON-RPC message per POST, one JSON response, no session. ` +
    `A 2025-03-26 client (no MCP-Protocol-Version header) may send a batch of 1 to ${MAX_BATCH_MESSAGES} messages; later revisions removed batching and get 400 Invalid Request. ${QUOTA_COST_RULE} ` +
    `Revisions: ${PROTOCOL_VERSIONS.join(', ')}. 2026-07-28 clients send server/discover and the Mcp-Method/Mcp-Name headers, with no handshake; ` +
    'earlier revisions initialize first (no Mcp-Session-Id is issued). Send Content-Type: application/json and Accept: application/json, text/event-stream. ' +
    // The tools are named by tools/list, the server card and /developers, each from the tool table (tools.ts), not here.
    'Tools (read-only; tools/list names those this site serves, /developers#mcp-server says what each does). Resources: every record\u2019s Markdown twin, by its absolute URL. ' +
    'GET and DELETE answer 405: there is no server-to-client stream and no session to end.',
  tag: 'mcp',
  policy: 'portfolio',
  cors: 'any',
  requestHeaders: ['Accept', 'Mcp-Protocol-Version', 'Mcp-Method', 'Mcp-Name'],
  responses: {
    200: {
      description: 'The JSON-RPC response. Tool failures are results with isError: true and the catalog error in _meta["folio/error"].',
      schema: mcpResponse,
      headers: RATE_HEADERS,
    },
    202: { description: 'A notification or response was accepted; no body.' },
    400: {
      description:
        'Not JSON (parse error -32700, ErrorObject invalid_json in data), a body that broke off (ErrorObject incomplete_body in data), not a JSON-RPC message, a header/body mismatch (2026-07-28), or a batch that is not allowed (-32600).',
      schema: mcpTransportError,
    },
    404: {
      description:
        'A method the declared revision removed (initialize under 2026-07-28): JSON-RPC Method not found (-32601), as that revision’s Streamable HTTP transport requires.',
      schema: mcpTransportError,
    },
    406: { description: 'Accept does not list both application/json and text/event-stream (ErrorObject not_acceptable in data).', schema: mcpTransportError },
    408: { description: 'The body did not arrive within 10 seconds (ErrorObject request_timeout in data).', schema: mcpTransportError },
    413: { description: 'The body is over 64 KiB (ErrorObject payload_too_large in data).', schema: mcpTransportError },
    415: { description: 'Content-Type is not application/json (ErrorObject unsupported_media_type in data).', schema: mcpTransportError },
  },
  errors: ['not_acceptable', ...BODY_ERRORS, 'method_not_allowed', 'rate_limited'],
  handler: async (c, { data }) => (await transport()).handleMcpPost(c.req.raw, data, c.get('charge'), (fields) => noteRequest(c, fields)),
});

const mcpServerCard = defineRoute({
  method: 'GET',
  path: SERVER_CARD_PATH,
  operationId: 'mcpServerCard',
  example: { status: 200 },
  summary: 'MCP server card',
  description: `What a client needs before it connects (SEP-2127 server card): name, version, the endpoint and the protocol revisions it speaks. Media type ${SERVER_CARD_MEDIA_TYPE}.`,
  tag: 'mcp',
  policy: 'portfolio',
  cors: 'any',
  cache: 'public',
  responses: {
    200: { description: 'The server card.', schema: serverCard, contentType: SERVER_CARD_MEDIA_TYPE, headers: [...RATE_HEADERS, 'ETag', 'Cache-Control'] },
    304: { description: 'Not modified: If-None-Match matched the ETag of the current build.' },
  },
  errors: ['method_not_allowed', 'rate_limited'],
  handler: async (_c, { data }) =>
    new Response(JSON.stringify((await cardBuilder()).buildServerCard(data.site, data)), { headers: { 'Content-Type': SERVER_CARD_MEDIA_TYPE } }),
});

export const mcpRoutes: RouteSpec[] = [mcpPost, mcpServerCard];
