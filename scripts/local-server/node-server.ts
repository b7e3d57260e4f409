// The Node side of the local servers: a fetch handler on a port (via @hono/node-server), the
// client's address put where Vercel puts it, a start-up banner, and a clean stop on signals.
import { serve, type HttpBindings, type Http2Bindings } from '@hono/node-server';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errorBody } from '../../src/server/errors.ts';
import { JSON_TYPE } from '../../src/http/media-types.ts';
import { forbiddenHost, hostGuard, localRefusal, WILDCARD } from './host-guard.ts';
import { messageSyntaxProblem } from './message-syntax.ts';
import { ENTRY_GROUPS, ENTRY_POINTS, type EntryGroup } from '../../src/discovery/entry-points.ts';
import { VERBOSE_FLAG } from '../lib/verbose.ts';
import { terminalLines } from '../../src/records/terminal-text.ts';

export interface ListenOptions {
  port: number;
  hostname: string;
  handler: (request: Request) => Promise<Response>;
  /** Runs on SIGINT or SIGTERM, before the server closes its connections. */
  onClose?: () => void | Promise<void>;
  /**
   * Replace the global Request and Response with @hono/node-server's lightweight ones (its default).
   * Off where Node's own are needed in-process: they lack `bytes()`, which Shiki uses to load its
   * WebAssembly when `npm run dev` re-renders twins.
   */
  lightweightGlobals?: boolean;
  /** Host names answered besides loopback and `hostname` (FOLIO_ALLOWED_HOSTS, parsed at start-up). */
  allowedHosts?: string[];
}

/** The headers Vercel sets from the connection; whatever a client sent under these names is dropped. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip'];

/**
 * Vercel overwrites `x-forwarded-for` and `x-real-ip` with the address the connection came from;
 * so does this server, so a client cannot choose its own rate-limit bucket by sending them. They
 * are rewritten on the Node request, before the fetch Request reads a header: both the parsed
 * `headers` (where @hono/node-server's Request looks a name up) and `rawHeaders` (what it builds
 * a full Headers object from, when one is needed).
 */
export function withClientAddress(incoming: IncomingMessage, address: string): void {
  const raw = incoming.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (ADDRESS_HEADERS.includes(raw[i]!.toLowerCase())) raw.splice(i, 2);
  for (const name of ADDRESS_HEADERS) {
    raw.push(name, address);
    incoming.headers[name] = address;
  }
}

/**
 * Node's answer to a request it could not parse, for a 'clientError' listener to send (Node sends
 * these bare when nobody listens). A header block over Node's limit (16 KiB) gets the catalog's JSON
 * (RFC 6585 § 5: 431); the rest keep Node's own empty answers.
 */
function clientErrorAnswer(code: string | undefined, base: string): string {
  if (code === 'HPE_HEADER_OVERFLOW') {
    const body = JSON.stringify(errorBody('request_header_too_large', base));
    return `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
  }
  const status =
    code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? '413 Payload Too Large' : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  return `HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`;
}

/**
 * A response Node owes on a socket (`socket._httpMessage`: Node's own field, the one its default
 * clientError answer reads), with the request it answers (`res.req`).
 */
interface OwedAnswer {
  headersSent: boolean;
  writableFinished: boolean;
  req?: { complete: boolean };
  once(event: 'finish', listener: () => void): unknown;
}
const owedOn = (socket: Socket) => (socket as Socket & { _httpMessage?: OwedAnswer | null })._httpMessage ?? undefined;

/** Sockets whose unparsable request is already being answered: Node may report the same error again as more bytes arrive. */
const refusing = new WeakSet<Socket>();

/** How long a refused connection may take to read its answer before it is cut (a client that never reads holds nothing). */
const REFUSAL_FLUSH_MS = 5_000;

/**
 * Calls `answer(true)` once every answer owed on the socket for earlier requests is written, or
 * `answer(false)` when the refusal may not be written at all. RFC 9112 § 9.3.2: a server answers
 * pipelined requests in the order they came, so a request Node cannot parse is answered after the
 * whole requests before it in the same stream, not in the middle of them; Node queues their answers
 * and puts the next on the socket as one finishes, so this waits answer by answer. When the owed
 * answer is for the very request that failed (its body broke the parser, or never came), that
 * request is answered now, unless part of its own answer already went out.
 */
function afterOwedAnswers(socket: Socket, answer: (writable: boolean) => void): void {
  const owed = owedOn(socket);
  if (!owed || owed.writableFinished) answer(true);
  else if (owed.req && !owed.req.complete) answer(!owed.headersSent);
  else owed.once('finish', () => setImmediate(() => afterOwedAnswers(socket, answer)));
}

export function listen({ port, hostname, handler, onClose, lightweightGlobals = true, allowedHosts = [] }: ListenOptions): Promise<Server> {
  const allows = hostGuard(hostname, allowedHosts);
  /** This server's own address, for the docs link of its error answers (never the Host a client sent). */
  const base = () => {
    const host = WILDCARD.includes(hostname) ? 'localhost' : hostname;
    return `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo | null)?.port ?? port}`;
  };
  let server: Server;
  return new Promise((resolve, reject) => {
    server = serve(
      {
        port,
        hostname,
        overrideGlobalObjects: lightweightGlobals,
        fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
          const incoming = env.incoming as IncomingMessage;
          // A message RFC 9112 says to refuse is refused before it is read any further, and the
          // connection closes: its body's framing cannot be trusted (message-syntax.ts).
          const problem = messageSyntaxProblem(incoming);
          if (problem) return localRefusal(problem, base(), new URL(request.url).pathname, { connection: 'close' });
          // Then: a rebound name gets nothing from this server (host-guard.ts).
          if (!allows(incoming.headers.host, incoming.headers.origin)) return forbiddenHost(base(), new URL(request.url).pathname);
          withClientAddress(incoming, (incoming.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''));
          return handler(request).catch((error: unknown) => {
            // FO-TERMINAL-TEXT: the error may quote the request (its path, a header), so it is
            // printed with every control character escaped, its stack's own lines kept.
            console.error(terminalLines(error instanceof Error ? (error.stack ?? String(error)) : String(error)));
            return new Response('Internal Server Error', { status: 500 });
          });
        },
      },
      () => resolve(server as Server),
    ) as Server;
    server.once('error', reject);
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      if (refusing.has(socket)) return;
      refusing.add(socket);
      afterOwedAnswers(socket, (writable) => {
        if (!writable || !socket.writable) {
          socket.destroy();
          return;
        }
        // end() sends the answer after whatever is still queued (the last owed answer's bytes), then closes.
        socket.end(clientErrorAnswer(error.code, base()), () => socket.destroy());
        setTimeout(() => socket.destroy(), REFUSAL_FLUSH_MS).unref();
      });
    });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping`);
      await onClose?.();
      server.close(() => process.exit(0));
      // Streams (server-sent events) can hold connections open; close them rather than wait.
      server.closeAllConnections();
      setTimeout(() => process.exit(0), 3000).unref();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/** Asked for with `--verbose` (`npm start -- --verbose`): the banner lists every agent entry point. */
export { VERBOSE_FLAG };

/**
 * The last lines a local server prints: the site's address first, where the agent surfaces are
 * listed in one line, and a note; with `verbose`, every agent entry point from the one list
 * (src/discovery/entry-points.ts) after them.
 */
export function banner(base: string, note?: string, verbose = process.argv.includes(VERBOSE_FLAG)): string {
  const lines = ['', `Folio on ${base}`, ''];
  if (note) lines.push(note);
  lines.push(`For agents: ${base}/developers lists every entry point (${verbose ? 'all of them below' : `\`${VERBOSE_FLAG}\` prints them here`}).`);
  if (verbose) {
    lines.push('', 'Agent entry points:');
    for (const [group, title] of Object.entries(ENTRY_GROUPS)) {
      lines.push(`  ${title}`);
      for (const e of ENTRY_POINTS.filter((p) => p.group === (group as EntryGroup))) lines.push(`    ${base}${e.path}  ${e.name}`);
    }
  }
  return lines.join('\n');
}
