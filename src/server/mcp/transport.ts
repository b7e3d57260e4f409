// Stateless Streamable HTTP for POST /api/mcp: one request in, one JSON response out, for both
// protocol eras the field speaks (docs/decisions.md § MCP SDK):
//   2026-07-28  no handshake; every request carries its own _meta envelope, `server/discover`,
//               Mcp-Method/Mcp-Name headers — served by the SDK's createMcpHandler;
//   2025-era    `initialize` handshake (2025-11-25, -06-18, -03-26), no session id issued — served
//               by a fresh McpServer on a stateless WebStandardStreamableHTTPServerTransport in JSON
//               mode (the SDK's own legacy leg would answer with SSE).
// The checks every POST passes first are the transport's (MCP 2025-11-25 § Transports, Streamable
// HTTP: Sending Messages to the Server), applied the same way in both eras.
import { type LogNote, QUERY_TOOLS } from '../middleware/request-log.ts';
import { createMcpHandler, isJsonContentType, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { ApiError, errorBody } from '../errors.ts';
import { MAX_BODY_BYTES, readBody } from '../http.ts';
import type { SiteData } from '../../search/data-file.ts';
import { BATCHING_REVISION, HANDSHAKE_VERSIONS, MAX_BATCH_MESSAGES, PROTOCOL_VERSIONS } from './identity.ts';
import { createMcpServer } from './server.ts';
import { EVENT_STREAM, JSON_TYPE } from '../../http/media-types.ts';
import { accepts as acceptsType } from '../../http/negotiate.ts';

/** JSON-RPC 2.0 § 5.1 codes, and the SDK's generic transport code for HTTP-level refusals. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const TRANSPORT_ERROR = -32000;

const REQUIRED_ACCEPT = [JSON_TYPE, EVENT_STREAM];

/** The first revision without the `initialize` handshake. */
const MODERN_REVISION = PROTOCOL_VERSIONS[0];

/** The 2026-era handler over one loaded data, made once per data (SiteData.kept.mcpHandler), as the data is loaded once. */
const modernFor = (data: SiteData) =>
  (data.kept.mcpHandler ??= createMcpHandler(() => createMcpServer(data), {
    legacy: 'reject',
    // JSON unless a handler emits a message before its result — and no Folio handler does.
    responseMode: 'auto',
    maxRequestBodySize: MAX_BODY_BYTES,
  }));

/** `charge(n)` counts n more requests against the client's quota (each message of a batch is one). */
export async function handleMcpPost(
  request: Request,
  data: SiteData,
  charge: (cost: number) => void = () => {},
  note: (fields: LogNote) => void = () => {},
): Promise<Response> {
  // Streamable HTTP § Sending Messages: "The client MUST include an Accept header, listing both
  // application/json and text/event-stream". The SDK enforces it only for 2025-era requests; one
  // rule for both eras here, with wildcards counted as RFC 9110 § 12.5.1 says they count.
  if (!REQUIRED_ACCEPT.every((type) => accepts(request.headers.get('accept'), type))) {
    return catalogError(
      new ApiError('not_acceptable', { message: 'Not Acceptable: the Accept header must list both application/json and text/event-stream.' }),
      TRANSPORT_ERROR,
      data,
    );
  }
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return catalogError(
      new ApiError('unsupported_media_type', { message: 'The MCP endpoint takes JSON-RPC messages as application/json.' }),
      TRANSPORT_ERROR,
      data,
    );
  }
  let body: unknown;
  try {
    body = await readBody(request, ['json']);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return catalogError(error, error.code === 'invalid_json' ? PARSE_ERROR : TRANSPORT_ERROR, data);
  }
  note(logNoteOf(body));
  if (Array.isArray(body)) {
    // Streamable HTTP: without MCP-Protocol-Version the server assumes 2025-03-26 (2025-06-18 §
    // Protocol Version Header), the one revision here that allows a batch.
    const revision = request.headers.get('mcp-protocol-version') ?? BATCHING_REVISION;
    if (revision !== BATCHING_REVISION) {
      return rpcError(
        400,
        INVALID_REQUEST,
        `Invalid Request: JSON-RPC batches are not part of MCP ${revision} (removed in 2025-06-18); send one message per POST.`,
      );
    }
    if (body.length === 0 || body.length > MAX_BATCH_MESSAGES) {
      return rpcError(
        400,
        INVALID_REQUEST,
        `Invalid Request: a batch holds 1 to ${MAX_BATCH_MESSAGES} messages (JSON-RPC 2.0 § 6); this one holds ${body.length}.`,
      );
    }
    charge(body.length - 1);
  }
  const listen = messages(body).find((m) => m.method === 'subscriptions/listen');
  if (listen) {
    // A listen stream stays open for change notifications; this server's lists change only with a
    // redeploy (listChanged: false) and it holds nothing open between requests.
    return Response.json({
      jsonrpc: '2.0',
      id: listen.id ?? null,
      error: { code: METHOD_NOT_FOUND, message: 'Method not found: subscriptions/listen (nothing here changes between deploys).' },
    });
  }
  const removed = modernInitialize(request, body);
  if (removed) {
    // 2026-07-28 § Streamable HTTP: a removed method is 404 with Method not found. A request that
    // says it speaks 2026-07-28 (header or envelope) but sends `initialize` would otherwise reach the
    // 2025 leg and be judged there (-32602 for the params that revision wants).
    return Response.json(
      {
        jsonrpc: '2.0',
        id: removed.id ?? null,
        error: { code: METHOD_NOT_FOUND, message: 'Method not found: initialize is not part of MCP 2026-07-28; send server/discover.' },
      },
      { status: 404 },
    );
  }
  // The body is read; the legs get it parsed, with an Accept both of them understand.
  const headers = new Headers(request.headers);
  headers.set('accept', REQUIRED_ACCEPT.join(', '));
  headers.delete('content-length');
  const forward = new Request(request.url, { method: 'POST', headers, signal: request.signal });
  if (await isLegacyRequest(forward, body, { maxRequestBodySize: MAX_BODY_BYTES })) return serveHandshakeEra(forward, body, data);
  return modernFor(data).fetch(forward, { parsedBody: body });
}

/** 2025-era: a fresh server and transport per request; no session id, JSON responses only. */
async function serveHandshakeEra(request: Request, parsedBody: unknown, data: SiteData): Promise<Response> {
  const server = createMcpServer(data);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    supportedProtocolVersions: [...HANDSHAKE_VERSIONS],
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    // In JSON mode the response is complete when handleRequest resolves, so closing after is safe.
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await transport.close();
    await server.close();
  }
}

interface RpcMessage {
  method?: unknown;
  id?: string | number | null;
  params?: { _meta?: Record<string, unknown> };
}

/** An `initialize` request that declares the 2026-07-28 era (its header or its `_meta` envelope), which has no handshake. */
function modernInitialize(request: Request, body: unknown): RpcMessage | undefined {
  if (Array.isArray(body)) return undefined;
  const [message] = messages(body);
  if (message?.method !== 'initialize') return undefined;
  const declared = request.headers.get('mcp-protocol-version') ?? message.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  return typeof declared === 'string' && declared >= MODERN_REVISION ? message : undefined;
}

function messages(body: unknown): RpcMessage[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is RpcMessage => typeof m === 'object' && m !== null);
}

/**
 * Whether an Accept header admits a media type (RFC 9110 § 12.5.1): the most specific matching
 * range decides, and q=0 means "not acceptable". A missing header admits nothing here, because
 * the transport requires the client to send one.
 */
export function accepts(header: string | null, type: string): boolean {
  return Boolean(header?.trim()) && acceptsType(header, type);
}

/** A JSON-RPC error response (id null: the request could not be read) for an HTTP-level refusal. */
function rpcError(status: number, code: number, message: string, data?: Record<string, unknown>): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code, message, ...(data ? { data } : {}) } }, { status });
}

/** A catalog error in JSON-RPC form: the catalog's error object rides in `error.data`. */
function catalogError(error: ApiError, code: number, site: SiteData): Response {
  const data = errorBody(error.code, site.site.url.replace(/\/+$/, ''), error.detail).error;
  return rpcError(error.status, code, data.message, data);
}

/** The MCP client's own name: initialize's clientInfo (2025 revisions), or each request's `_meta` (2026-07-28). */
const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';

/**
 * What the request log keeps of a message (FO-AGENT-LOG): its method, the tool a tools/call names
 * and the client's name; never the arguments. A batch is logged by its first message.
 */
export function logNoteOf(body: unknown): LogNote {
  const first = messages(body)[0] as { method?: unknown; params?: Record<string, unknown> } | undefined;
  if (!first || typeof first.method !== 'string') return {};
  const params = typeof first.params === 'object' && first.params !== null ? first.params : {};
  const meta = (typeof params._meta === 'object' && params._meta !== null ? params._meta : {}) as Record<string, unknown>;
  const info = (params.clientInfo ?? meta[CLIENT_INFO_META]) as { name?: unknown } | undefined;
  const tool = first.method === 'tools/call' && typeof params.name === 'string' ? params.name : undefined;
  return {
    mcpMethod: first.method,
    ...(tool ? { tool, query: QUERY_TOOLS.has(tool) } : { query: false }),
    ...(typeof info?.name === 'string' ? { mcpClient: info.name } : {}),
  };
}
