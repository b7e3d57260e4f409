// Who reads the site (FO-AGENT-LOG): one JSON line per request the function answers, written with
// console.log so the platform's logs keep it (Vercel keeps a function's stdout), and nothing else
// kept anywhere. A line says what was asked for (surface, operation, MCP tool) and by what kind of
// client (agent family, MCP client name), how it ended (status, milliseconds) and when. It never
// holds an address, a user agent as sent, a query's text, a token or a path's parameters:
// `npm run agents` (scripts/agents.ts) sums these lines into the owner's weekly summary.
import { terminalJson } from '../../records/terminal-text.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { agentFamily, type AgentKind } from '../agent-family.ts';

/** What marks a line as Folio's among a log's other lines. */
export const LOG_EVENT = 'folio.request';

export type Surface = 'api' | 'ask' | 'mcp' | 'oauth' | 'agent' | 'search' | 'discovery' | 'other';

export interface RequestLogLine {
  event: typeof LOG_EVENT;
  /** ISO 8601, UTC. */
  time: string;
  surface: Surface;
  /** The route's operationId (openapi.json), or `route_not_found` when no route has the path. */
  operation: string;
  method: string;
  /** MCP: the JSON-RPC method (`initialize`, `tools/call`…), the tool called, the client's own name. */
  mcpMethod?: string;
  tool?: string;
  mcpClient?: string;
  /** The client name a checked client ID metadata document gives (FO-CIMD), cut as safeName cuts. */
  oauthClient?: string;
  agent: string;
  agentKind: AgentKind;
  /** Whether the request asked a question or searched: counted, never kept. */
  query: boolean;
  status: number;
  ms: number;
}

/** What a handler adds to its request's line (the MCP transport: method, tool, client). */
export type LogNote = Partial<Pick<RequestLogLine, 'mcpMethod' | 'tool' | 'mcpClient' | 'oauthClient' | 'query' | 'operation'>>;

const NOTE = 'requestLogNote';

/** Adds `fields` to the line the request will log. Names are cut to a safe alphabet and length: a client chooses them. */
export function noteRequest(c: Context, fields: LogNote): void {
  const note = (c.get(NOTE as never) as LogNote | undefined) ?? {};
  for (const [key, value] of Object.entries(fields) as [keyof LogNote, string | boolean | undefined][]) {
    if (value === undefined) continue;
    (note as Record<string, unknown>)[key] = typeof value === 'string' ? safeName(value) : value;
  }
  c.set(NOTE as never, note as never);
}

/** A client-chosen name as a log may hold it: letters, digits and `._-/@ `, at most 64 characters; anything else is `other`. */
export function safeName(value: string): string {
  const v = value.trim().slice(0, 64);
  return /^[\w .@/-]+$/.test(v) ? v : 'other';
}

/** The surface a path belongs to; the function answers only these paths (vercel.json's rewrites). */
export function surfaceOf(path: string): Surface {
  const p = path.toLowerCase();
  if (p === '/api/mcp' || p.startsWith('/api/mcp/')) return 'mcp';
  if (p === '/ask' || p.startsWith('/ask/')) return 'ask';
  if (p === '/api' || p.startsWith('/api/')) return 'api';
  if (p.startsWith('/oauth/') || p.startsWith('/.well-known/oauth-')) return 'oauth';
  if (p.startsWith('/agent/')) return 'agent';
  if (p === '/search' || p === '/search.md') return 'search';
  if (p.startsWith('/.well-known/')) return 'discovery';
  return 'other';
}

/** Operations that carry a question or a search query (their text is never logged). */
const QUERY_OPERATIONS = new Set(['searchPortfolio', 'searchPortfolioUnversioned', 'askGet', 'askPost', 'askBatch', 'createJob', 'searchPage']);
/** MCP tools that take a query. */
export const QUERY_TOOLS = new Set(['search_portfolio', 'ask']);

export interface RequestLogOptions {
  /** Where a line goes: console.log, as the platform keeps a function's stdout. */
  write?: (line: string) => void;
  /** Milliseconds since the epoch, for the line's time (tests inject a clock). */
  now?: () => number;
}

/**
 * The log's middleware. The console's lines are off with FOLIO_AGENT_LOG=off (the unit tests and
 * the shared e2e server, whose thousands of requests would only fill their output); a `write`
 * given by a test always gets its lines.
 */
export function requestLog({ write, now = Date.now }: RequestLogOptions = {}): MiddlewareHandler {
  if (!write && process.env.FOLIO_AGENT_LOG === 'off') return (_c, next) => next();
  const sink = write ?? console.log;
  return async (c, next) => {
    const started = performance.now();
    const time = new Date(now()).toISOString();
    try {
      await next();
    } finally {
      const note = (c.get(NOTE as never) as LogNote | undefined) ?? {};
      const route = c.get('route' as never) as { operationId?: string } | undefined;
      const path = new URL(c.req.url).pathname;
      const operation = note.operation ?? route?.operationId ?? 'route_not_found';
      const { family, kind } = agentFamily(c.req.header('user-agent'), {
        signatureAgent: c.req.header('signature-agent'),
        signature: c.req.header('signature'),
        signatureInput: c.req.header('signature-input'),
      });
      const line: RequestLogLine = {
        event: LOG_EVENT,
        time,
        surface: surfaceOf(path),
        operation,
        method: c.req.method,
        ...(note.mcpMethod ? { mcpMethod: note.mcpMethod } : {}),
        ...(note.tool ? { tool: note.tool } : {}),
        ...(note.mcpClient ? { mcpClient: note.mcpClient } : {}),
        ...(note.oauthClient ? { oauthClient: note.oauthClient } : {}),
        agent: family,
        agentKind: kind,
        query: note.query ?? (QUERY_OPERATIONS.has(operation) && c.req.method !== 'OPTIONS'),
        status: c.res?.status ?? 500,
        ms: Math.round(performance.now() - started),
      };
      // A client's own text (its MCP client name) is in the line: printed by `npm start` as it is
      // written, so no control character in it is left raw (FO-TERMINAL-TEXT).
      sink(terminalJson(line));
    }
  };
}
