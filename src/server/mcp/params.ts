// Malformed params of a request this server answers are JSON-RPC "Invalid params" (-32602, JSON-RPC
// 2.0 § 5.1) with one short sentence, in both protocol eras and inside batches (FO-MCP-PARAMS).
// The SDK validates a spec request's params itself, but answers a failure as -32603 Internal error
// carrying the whole zod issue list (tools/call: -32602 with the list), so the messages are checked
// here first, against the SDK's own spec schemas, as they come off the transport.
import { ProtocolErrorCode, specTypeSchemas, type JSONRPCMessage, type SpecTypeName, type Transport } from '@modelcontextprotocol/server';

/** The spec requests this server answers, by method, and the SDK schema each one is. */
const SCHEMA_OF: Record<string, SpecTypeName> = {
  initialize: 'InitializeRequest',
  ping: 'PingRequest',
  'server/discover': 'DiscoverRequest',
  'tools/list': 'ListToolsRequest',
  'tools/call': 'CallToolRequest',
  'resources/list': 'ListResourcesRequest',
  'resources/read': 'ReadResourceRequest',
  'resources/templates/list': 'ListResourceTemplatesRequest',
};

interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
}

/** One issue as a sentence a person reads: `cursor must be a string, not a number`, `uri is required`. */
function sentence(issue: Issue): string {
  const path = (issue.path ?? [])
    .map((p) => String(typeof p === 'object' ? p.key : p))
    .filter((p, i) => !(i === 0 && p === 'params'))
    .join('.');
  const what = path || 'params';
  const types = /expected (\w+), received (\w+)/.exec(issue.message);
  if (types?.[2] === 'undefined') return `${what} is required`;
  if (types) return `${what} must be ${article(types[1]!)}, not ${article(types[2]!)}`;
  return `${what} is not valid`;
}

/** zod's names, in JSON's words: a `record` is an object. */
const article = (zodType: string) => {
  const type = zodType === 'record' ? 'object' : zodType;
  return type === 'undefined' || type === 'null' ? type : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
};

/** What is wrong with a request's params, or undefined when nothing is (or it is not a request answered here). */
export function paramsProblem(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const name = Object.hasOwn(SCHEMA_OF, message.method) ? SCHEMA_OF[message.method] : undefined;
  if (!name) return undefined;
  const result = specTypeSchemas[name]['~standard'].validate(message);
  const issue = result.issues?.[0];
  return issue ? `Invalid params for ${message.method}: ${sentence(issue)}.` : undefined;
}

/**
 * Puts the check in front of a connected transport's deliveries: a request with malformed params is
 * answered -32602 on the same transport (so a batch gets one answer per message, in its place) and
 * never reaches the SDK's dispatch.
 */
export function guardParams(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const problem = paramsProblem(message);
    if (problem === undefined || !('id' in message)) return deliver(message, extra);
    void transport.send({ jsonrpc: '2.0', id: message.id, error: { code: ProtocolErrorCode.InvalidParams, message: problem } }).catch(() => {});
  };
}
