// The Node side of the local servers: a fetch handler on a port (via @hono/node-server), the
// client's address put where Vercel puts it, a start-up banner, and a clean stop on signals.
import { serve, type HttpBindings, type Http2Bindings } from '@hono/node-server';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errorBody } from '../../src/server/errors.ts';
import { JSON_TYPE } from '../../src/http/media-types.ts';
import { forbiddenHost, hostGuard, WILDCARD } from './host-guard.ts';
import { ENTRY_GROUPS, ENTRY_POINTS, type EntryGroup } from '../../src/discovery/entry-points.ts';
import { VERBOSE_FLAG } from '../lib/verbose.ts';

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
 * Whether an answer can still be written to a socket whose request Node could not parse: it is
 * writable and no response is part-way out on it. A keep-alive connection that already carried a
 * whole response may get one more, also while that response's last bytes are still queued (they
 * go out first); one whose response is still being written may not, or the two would interleave.
 */
export function answerable(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean; writableEnded: boolean } | null })._httpMessage;
  return socket.writable && (!inFlight?.headersSent || inFlight.writableEnded);
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
          // Before anything else: a rebound name gets nothing from this server (host-guard.ts).
          if (!allows(incoming.headers.host, incoming.headers.origin)) return forbiddenHost(base(), new URL(request.url).pathname);
          withClientAddress(incoming, (incoming.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''));
          return handler(request).catch((error: unknown) => {
            console.error(error);
            return new Response('Internal Server Error', { status: 500 });
          });
        },
      },
      () => resolve(server as Server),
    ) as Server;
    server.once('error', reject);
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      if (answerable(socket)) socket.write(clientErrorAnswer(error.code, base()));
      socket.destroy(error);
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
