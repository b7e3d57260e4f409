// Shared by the MCP test files: the official MCP client (@modelcontextprotocol/client) connected to
// the Hono app through app.request (no server), and raw JSON-RPC posts for the transport ladders.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';

export type App = ReturnType<typeof createApp>;

/** A fresh app per call site keeps each test inside its own rate-limit window. */
export const app = (): App => createApp();

export const MCP_URL = 'http://127.0.0.1/api/mcp';

/** The two protocol eras, as the official client is configured to speak them. */
export const ERAS = {
  '2025-11-25': {},
  '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } },
} as const satisfies Record<string, ConstructorParameters<typeof Client>[1]>;
export type Era = keyof typeof ERAS;

/** Counts what the client sends, so tests can assert on the wire (methods, headers). */
export interface Wire {
  requests: { method: string; headers: Headers; body: unknown }[];
  responses: Response[];
}

export async function connect(a: App, era: Era): Promise<{ client: Client; wire: Wire }> {
  const wire: Wire = { requests: [], responses: [] };
  const fetch = async (url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    wire.requests.push({ method: init?.method ?? 'GET', headers: new Headers(init?.headers), body });
    const response = await a.request(String(url), init);
    wire.responses.push(response.clone());
    return response;
  };
  const client = new Client({ name: 'folio-tests', version: '1.0.0' }, ERAS[era]);
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch }));
  return { client, wire };
}

export const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** The envelope a 2026-07-28 request carries in params._meta. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

export function post(a: App, body: unknown, headers: Record<string, string> = {}) {
  return a.request('/api/mcp', {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A 2025-era request with the version header a client sends after `initialize`. */
export function postLegacy(a: App, method: string, params?: Record<string, unknown>, id: number = 1) {
  return post(a, { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, { 'Mcp-Protocol-Version': '2025-11-25' });
}

/** A 2026-07-28 request: envelope in _meta, Mcp-Method (and Mcp-Name for tools/call) headers. */
export function postModern(a: App, method: string, params: Record<string, unknown> = {}, id: number = 1) {
  const name: Record<string, string> = typeof params.name === 'string' && method === 'tools/call' ? { 'Mcp-Name': params.name } : {};
  return post(
    a,
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } },
    { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...name },
  );
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

export const siteUrl = () => siteData().site.url.replace(/\/+$/, '');
