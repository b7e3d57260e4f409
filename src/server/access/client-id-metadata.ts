// Client ID Metadata Documents (FO-CIMD; draft-ietf-oauth-client-id-metadata-document, which the
// MCP 2026-07-28 authorization spec prefers to dynamic registration): a client names itself with
// an https URL as `client_id`, and the server fetches the JSON document at that URL. The fetch is an
// outbound request a stranger chooses, so it is held to the draft's security considerations
// (§ Server-Side Request Forgery, § Maximum Response Size): https only, public addresses only
// (checked on the addresses the socket connects to, so DNS rebinding cannot slip past), no
// redirects, a size and a time bound, and a bounded cache.
import type { LookupAddress } from 'node:dns';
import type http from 'node:http';
import type https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { clientName, redirectUris } from './schemas.ts';

/** The draft recommends a 5 KB ceiling on the document (§ Maximum Response Size). */
export const MAX_DOCUMENT_BYTES = 5 * 1024;
/** The whole fetch, connection to last byte: the token request waits on it. */
export const FETCH_TIMEOUT_MS = 3000;
/** Documents kept per instance; the least recently used go first. */
export const CACHE_ENTRIES = 500;
/** Cache-Control max-age is honoured within these bounds (the draft lets servers bound it). */
export const MIN_CACHE_SECONDS = 60;
export const MAX_CACHE_SECONDS = 24 * 60 * 60;
/** Without a max-age, a document is kept five minutes, as long as the site's own public answers. */
export const DEFAULT_CACHE_SECONDS = 300;
/** A failure is remembered briefly, so one client_id cannot make every token request a fetch. */
export const FAILURE_CACHE_SECONDS = 30;

/**
 * The environment switch that lets a test serve a metadata document from plain http on loopback
 * (an https certificate on 127.0.0.1 would need a test CA in the function's trust store). It is
 * refused in production (see `cimdOptionsFromEnv`).
 */
export const ALLOW_HTTP_LOOPBACK_ENV = 'FOLIO_CIMD_ALLOW_HTTP_LOOPBACK';

/**
 * Why a document was refused: permanent names, listed in /auth.md. A refusal never refuses the
 * public-read token (KQ-TOKEN, token.ts): the client only goes without the name the document gives.
 */
export const CIMD_REASONS = [
  'client_id_not_https',
  'client_id_malformed',
  'client_id_address_not_public',
  'metadata_fetch_failed',
  'metadata_too_large',
  'metadata_not_json',
  'metadata_client_id_mismatch',
  'metadata_invalid',
  'redirect_uri_not_registered',
] as const;
export type CimdReason = (typeof CIMD_REASONS)[number];

export class ClientIdMetadataError extends Error {
  readonly reason: CimdReason;
  constructor(reason: CimdReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

const fail = (reason: CimdReason, message: string): never => {
  throw new ClientIdMetadataError(reason, message);
};

/**
 * A `client_id` that is an http(s) URL is a metadata document's address; any other string is an
 * ordinary client id (a registered one, or none at all: the public grant needs no id).
 */
export const isClientIdUrl = (clientId: string): boolean => /^https?:\/\//i.test(clientId);

export interface CimdOptions {
  /** Test-only: accept `http://` on loopback (and only there). Never true in production. */
  allowHttpLoopback?: boolean;
}

/** The draft's § Client Identifier URL rules, checked on the string as sent (WHATWG parsing would hide dot segments). */
export function checkClientIdUrl(clientId: string, { allowHttpLoopback = false }: CimdOptions = {}): URL {
  if (!URL.canParse(clientId)) fail('client_id_malformed', `client_id ${JSON.stringify(clientId)} is not a valid URL.`);
  const url = new URL(clientId);
  const loopbackHttp = allowHttpLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    fail(
      'client_id_not_https',
      `client_id ${JSON.stringify(clientId)} must be an https URL (draft-ietf-oauth-client-id-metadata-document § Client Identifier URL).`,
    );
  }
  if (url.username || url.password) fail('client_id_malformed', 'client_id must not carry a user name or password.');
  if (clientId.includes('#')) fail('client_id_malformed', 'client_id must not have a fragment (#…).');
  const path = clientId
    .slice(url.protocol.length + 2)
    .replace(/^[^/?]*/, '')
    .replace(/[?].*$/, '');
  if (path === '' || path === '/')
    fail('client_id_malformed', 'client_id must have a path naming the metadata document, e.g. https://client.example/oauth/client.json.');
  if (path.split('/').some((segment) => segment === '.' || segment === '..' || /^%2e%2e?$|^\.%2e$|^%2e\.$/i.test(segment))) {
    fail('client_id_malformed', 'client_id must not contain "." or ".." path segments.');
  }
  return url;
}

const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');
};

/**
 * SSRF guard: only globally routable unicast addresses. ipaddr.js names every special-purpose
 * range (private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved…) and
 * answers `unicast` for the rest; `process` unwraps IPv4-mapped IPv6 (::ffff:10.0.0.1) first.
 */
export function isPublicAddress(address: string, { allowHttpLoopback = false }: CimdOptions = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowHttpLoopback && range === 'loopback');
}

type Lookup = typeof import('node:dns').lookup;
/**
 * node:dns and node:https are taken when a metadata document is first fetched, not when the function
 * loads: only a token request naming a client by URL reaches them, and every cold start paid for them.
 */
const builtin = <T>(id: string) => process.getBuiltinModule(id) as T;

/** A socket lookup that refuses a host with any non-public address (checked where it connects: no rebinding window). */
export function guardedLookup(options: CimdOptions, lookup: Lookup = builtin<typeof import('node:dns')>('node:dns').lookup): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address, options));
      if (refused || list.length === 0) {
        const err = new ClientIdMetadataError(
          'client_id_address_not_public',
          `${hostname} resolves to ${refused?.address ?? 'no address'}, which is not a public address; the metadata document must be served from the public internet.`,
        );
        return callback(err as NodeJS.ErrnoException, '', 0);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** What the fetcher hands back: the status, the two headers that matter and the body text. */
export interface FetchedDocument {
  status: number;
  contentType: string | undefined;
  cacheControl: string | undefined;
  body: string;
}

export interface FetchLimits extends CimdOptions {
  timeoutMs: number;
  maxBytes: number;
  lookup?: Lookup;
}

export type MetadataFetch = (url: URL, limits: FetchLimits) => Promise<FetchedDocument>;

/**
 * GET the document with node:http(s) rather than fetch(): its `lookup` hook lets the address check
 * run on the very addresses the socket connects to. Redirects are never followed (node:http does
 * not), and the body stops at `maxBytes`.
 */
export const fetchMetadataDocument: MetadataFetch = (url, { timeoutMs, maxBytes, lookup, ...options }) =>
  new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address never reaches `lookup`: check it here.
    if (isIP(host) && !isPublicAddress(host, options)) {
      return reject(
        new ClientIdMetadataError(
          'client_id_address_not_public',
          `${host} is not a public address; the metadata document must be served from the public internet.`,
        ),
      );
    }
    const client = url.protocol === 'https:' ? builtin<typeof https>('node:https') : builtin<typeof http>('node:http');
    const req = client.get(url, {
      lookup: guardedLookup(options, lookup),
      headers: { accept: 'application/json', 'user-agent': 'Folio (client-id-metadata-document fetcher)' },
      // A fresh connection each time: an agent's pooled socket would skip the lookup guard.
      agent: false,
    });
    const timer = setTimeout(
      () => req.destroy(new ClientIdMetadataError('metadata_fetch_failed', `The metadata document did not arrive within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    const done = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    req.on('error', (error) => done(() => reject(asCimdError(error))));
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        req.destroy();
        return done(() => reject(tooLarge(maxBytes)));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy();
          done(() => reject(tooLarge(maxBytes)));
        } else chunks.push(chunk);
      });
      res.on('error', (error) => done(() => reject(asCimdError(error))));
      res.on('end', () =>
        done(() =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            cacheControl: res.headers['cache-control'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        ),
      );
    });
  });

const tooLarge = (maxBytes: number) =>
  new ClientIdMetadataError(
    'metadata_too_large',
    `The metadata document is larger than ${maxBytes} bytes (draft-ietf-oauth-client-id-metadata-document § Maximum Response Size).`,
  );

function asCimdError(error: unknown): ClientIdMetadataError {
  if (error instanceof ClientIdMetadataError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ClientIdMetadataError('metadata_fetch_failed', `The metadata document could not be fetched (${detail}).`);
}

/**
 * The document: RFC 7591 client metadata plus `client_id`. Unknown members are ignored (RFC 7591
 * § 2). Only public clients exist here, so a shared secret or a secret-based authentication
 * method is refused (the draft forbids `client_secret` in the document outright).
 */
const metadataDocument = z.looseObject(
  {
    client_id: z.string({ error: 'the document needs a client_id (a string)' }),
    client_name: clientName,
    redirect_uris: redirectUris,
    grant_types: z.array(z.string(), { error: 'grant_types must be an array of strings' }).optional(),
    token_endpoint_auth_method: z
      .literal('none', { error: 'only public clients are accepted here: token_endpoint_auth_method must be "none" or absent' })
      .optional(),
    client_secret: z.undefined({ error: 'a metadata document must not carry a client_secret' }).optional(),
  },
  { error: 'the metadata document must be a JSON object' },
);
export type ClientIdMetadata = z.infer<typeof metadataDocument>;

/** The draft's § Client Information Discovery checks on a fetched document. */
export function validateDocument(clientId: string, fetched: FetchedDocument): ClientIdMetadata {
  if (fetched.status !== 200) {
    fail('metadata_fetch_failed', `${clientId} answered HTTP ${fetched.status}; the metadata document must answer 200 directly (redirects are not followed).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(fetched.body);
  } catch {
    fail('metadata_not_json', `${clientId} did not answer a JSON document.`);
  }
  const parsed = metadataDocument.safeParse(json);
  if (!parsed.success) fail('metadata_invalid', `The metadata document at ${clientId} is refused: ${parsed.error.issues[0]!.message}.`);
  const doc = parsed.data!;
  // Simple string comparison, as the draft requires: the document must name its own URL.
  if (doc.client_id !== clientId) {
    fail(
      'metadata_client_id_mismatch',
      `The document's client_id ${JSON.stringify(doc.client_id)} must equal the URL it was fetched from, ${JSON.stringify(clientId)}.`,
    );
  }
  return doc;
}

/** Seconds the document may be kept: its max-age within bounds; `no-store` or `no-cache` keeps it the minimum. */
export function cacheSeconds(cacheControl: string | undefined): number {
  const value = cacheControl?.toLowerCase() ?? '';
  if (/(^|,)\s*(no-store|no-cache)\b/.test(value)) return MIN_CACHE_SECONDS;
  const maxAge = /(^|,)\s*max-age\s*=\s*"?(\d+)"?/.exec(value);
  if (!maxAge) return DEFAULT_CACHE_SECONDS;
  return Math.min(MAX_CACHE_SECONDS, Math.max(MIN_CACHE_SECONDS, Number(maxAge[2])));
}

type Cached = { ok: true; doc: ClientIdMetadata } | { ok: false; error: ClientIdMetadataError };

export interface ResolverOptions extends CimdOptions {
  fetch?: MetadataFetch;
  lookup?: Lookup;
  timeoutMs?: number;
  maxBytes?: number;
  entries?: number;
  /** The cache's clock, for tests (lru-cache's `perf`). */
  now?: () => number;
}

/** Resolves URL-shaped client ids to their validated documents, through a bounded cache. */
export function createClientIdMetadataResolver(options: ResolverOptions = {}) {
  const { fetch = fetchMetadataDocument, timeoutMs = FETCH_TIMEOUT_MS, maxBytes = MAX_DOCUMENT_BYTES, entries = CACHE_ENTRIES, now } = options;
  const cache = new LRUCache<string, Cached>({ max: entries, ...(now && { perf: { now }, ttlResolution: 0 }) });
  const inFlight = new Map<string, Promise<Cached>>();

  async function load(clientId: string): Promise<Cached> {
    try {
      const url = checkClientIdUrl(clientId, options);
      const fetched = await fetch(url, { timeoutMs, maxBytes, allowHttpLoopback: options.allowHttpLoopback, lookup: options.lookup });
      const doc = validateDocument(clientId, fetched);
      cache.set(clientId, { ok: true, doc }, { ttl: cacheSeconds(fetched.cacheControl) * 1000 });
      return { ok: true, doc };
    } catch (error) {
      const failure: Cached = { ok: false, error: asCimdError(error) };
      cache.set(clientId, failure, { ttl: FAILURE_CACHE_SECONDS * 1000 });
      return failure;
    }
  }

  /** The document for `clientId`, or a ClientIdMetadataError; one fetch at a time per id. */
  return async function resolve(clientId: string): Promise<ClientIdMetadata> {
    let entry = cache.get(clientId);
    if (!entry) {
      let pending = inFlight.get(clientId);
      if (!pending) {
        pending = load(clientId).finally(() => inFlight.delete(clientId));
        inFlight.set(clientId, pending);
      }
      entry = await pending;
    }
    if (!entry.ok) throw entry.error;
    return entry.doc;
  };
}
export type ClientIdMetadataResolver = ReturnType<typeof createClientIdMetadataResolver>;

/**
 * The request's redirect URI, when it sends one, must be one the document lists (RFC 6749 §
 * 3.1.2.2 compares registered redirect URIs as strings; the draft's § redirect_uris and client_id
 * applies it to documents).
 */
export function checkRedirectUri(doc: ClientIdMetadata, redirectUri: string | undefined): void {
  if (redirectUri === undefined) return;
  if (!doc.redirect_uris?.includes(redirectUri)) {
    fail('redirect_uri_not_registered', `redirect_uri ${JSON.stringify(redirectUri)} is not among the metadata document's redirect_uris.`);
  }
}

/**
 * The resolver options from the environment, read once at start-up (createApp). The loopback
 * override exists for tests only: on Vercel (`VERCEL` is set) or with NODE_ENV=production it stops
 * the server with its reason rather than quietly opening the fetcher to plain http.
 */
export function cimdOptionsFromEnv(env: NodeJS.ProcessEnv): CimdOptions {
  const value = env[ALLOW_HTTP_LOOPBACK_ENV];
  if (value === undefined || value === '' || value === '0') return {};
  if (value !== '1') throw new Error(`${ALLOW_HTTP_LOOPBACK_ENV} must be 1 or unset, not ${JSON.stringify(value)}.`);
  if (env.VERCEL || env.VERCEL_ENV || env.NODE_ENV === 'production') {
    throw new Error(`${ALLOW_HTTP_LOOPBACK_ENV} is a test-only switch and is refused in production (VERCEL or NODE_ENV=production is set): remove it.`);
  }
  return { allowHttpLoopback: true };
}
