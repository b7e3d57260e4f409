// The local servers' guard against DNS rebinding (MCP specification, Streamable HTTP transport §
// Security Warning: a local server must validate Origin, bind to localhost, and should check Host).
// A page on evil.example whose name is re-pointed at 127.0.0.1 reaches this server with
// `Host: evil.example` and `Origin: http://evil.example`; only the names this server is known by
// pass. Local servers only (npm start, npm run dev, npm run check): the Vercel function never runs this.
import { isIP } from 'node:net';
import { errorBody, type ErrorCode } from '../../src/server/errors.ts';
import { JSON_TYPE } from '../../src/http/media-types.ts';
import { ROUTES } from '../../src/server/routes.ts';

export const ALLOWED_HOSTS_SETTING = 'FOLIO_ALLOWED_HOSTS';

/** Loopback names and addresses (RFC 6761 § 6.3 for `localhost`). */
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
/** Bind addresses that mean "every interface": they name no host a client would ask for. */
export const WILDCARD = ['', '0.0.0.0', '::'];
/** A DNS name (RFC 1123 § 2.1): dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name or address in one spelling: lower case, IPv6 without brackets, no trailing dot. */
const canonical = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * FOLIO_ALLOWED_HOSTS: comma-separated host names or IP addresses (no scheme, port or path) the
 * local server answers besides loopback and the host it binds. Throws a message naming the bad item.
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((item) => {
    const host = canonical(item);
    if (!isIP(host) && !HOST_NAME.test(host)) {
      throw new Error(
        `${ALLOWED_HOSTS_SETTING}: "${item.trim()}" is not a host name or IP address. List host names separated by commas, without scheme, port or path, e.g. ${ALLOWED_HOSTS_SETTING}=example.test,other.test`,
      );
    }
    return host;
  });
}

/** The setting from the environment, or the message and exit 1: a server never starts on a bad value. */
export function allowedHostsOrExit(env: NodeJS.ProcessEnv = process.env): string[] {
  try {
    return parseAllowedHosts(env[ALLOWED_HOSTS_SETTING]);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * Whether a request's `Host` and `Origin` headers name this server: loopback, the host it was
 * told to bind, or a listed host. A request without Host (HTTP/1.0; Node refuses it in 1.1, RFC
 * 9112 § 3.2) comes from no browser, so nothing was rebound. An Origin that is present must name
 * an allowed host too; `null` and unparsable ones name none.
 */
export function hostGuard(bindHostname: string, listed: string[]) {
  const allowed = new Set([...LOOPBACK, ...listed, canonical(bindHostname)].filter((h) => !WILDCARD.includes(h)));
  const hostOf = (host: string) => canonical(host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, ''));
  return function allows(host: string | undefined, origin: string | undefined): boolean {
    if (host !== undefined && !allowed.has(hostOf(host))) return false;
    if (origin === undefined) return true;
    try {
      return allowed.has(canonical(new URL(origin).hostname));
    } catch {
      return false;
    }
  };
}

/** Paths whose errors are OAuth's `{ error, error_description }` (RFC 6749 § 5.2), from the route table. */
const OAUTH_SHAPED = new Set(ROUTES.filter((r) => r.errorShape === 'oauth').map((r) => r.path));

/**
 * A refusal of the local server itself, never cached: in the shape the path answers its errors,
 * OAuth's on the OAuth and agent endpoints (`invalid_request`: RFC 6749 § 5.2 has no code closer
 * to a refused host or message), the catalog's everywhere else.
 */
export function localRefusal(code: ErrorCode, base: string, path: string, headers: Record<string, string> = {}): Response {
  const { error } = errorBody(code, base);
  const body = OAUTH_SHAPED.has(path) ? { error: 'invalid_request', error_description: `${error.message} ${error.hint}` } : { error };
  return new Response(JSON.stringify(body), { status: error.status, headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...headers } });
}

/** The 403 a foreign Host or Origin gets. */
export const forbiddenHost = (base: string, path: string): Response => localRefusal('forbidden_host', base, path);
