// What RFC 9112 tells a server to refuse rather than guess at, checked on the request Node parsed
// (FO-MESSAGE-SYNTAX). Node's parser frames the body by the last transfer coding and keeps only the
// first of several Host fields, so the raw header list is read here. Vercel's edge answers these
// itself; the local server answers them before the host guard and the routing.
import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../../src/server/errors.ts';

/** The one transfer coding this server decodes (Node does, RFC 9112 § 7.1). */
const UNDERSTOOD_CODINGS = ['chunked'];

/** The values of every field named `name` in a request, as sent (names compared without case, RFC 9110 § 5.1). */
function fieldValues(incoming: IncomingMessage, name: string): string[] {
  const raw = incoming.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

/** Why the request cannot be answered as sent, as a catalog code, or undefined when it can. */
export function messageSyntaxProblem(incoming: IncomingMessage): ErrorCode | undefined {
  // RFC 9112 § 3.2: "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1
  // request message that lacks a Host header field and to any request message that contains more
  // than one Host header field line or a Host header field with an invalid field value." Node
  // keeps the first of several; a value that is no URL authority (a list) @hono/node-server already
  // answers 400 before this runs.
  if (fieldValues(incoming, 'host').length > 1) return 'invalid_host';
  // RFC 9112 § 6.1: "A server that receives a request message with a transfer coding it does not
  // understand SHOULD respond with 501 (Not Implemented)." Node reads `gzip, chunked` as chunked
  // and would hand the still-compressed bytes on as the body.
  const codings = fieldValues(incoming, 'transfer-encoding')
    .flatMap((value) => value.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  if (codings.some((coding) => !UNDERSTOOD_CODINGS.includes(coding))) return 'unsupported_transfer_coding';
  return undefined;
}
