// FO-CIMD: Client ID Metadata Documents at the token endpoint. The fetcher's rules are proven with
// an injected DNS lookup (no network) and a loopback server it is explicitly allowed to reach.
import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOW_HTTP_LOOPBACK_ENV,
  cacheSeconds,
  checkClientIdUrl,
  ClientIdMetadataError,
  cimdOptionsFromEnv,
  createClientIdMetadataResolver,
  type FetchedDocument,
  fetchMetadataDocument,
  isPublicAddress,
  MAX_DOCUMENT_BYTES,
  type MetadataFetch,
} from '../../src/server/access/client-id-metadata.ts';
import { exchangeTokenFor } from '../../src/server/access/token.ts';
import { JWT_BEARER_GRANT, PUBLIC_READ_TOKEN } from '../../src/server/access/public-read.ts';
import { authorizationServerMetadata } from '../../src/server/access/oauth-metadata.ts';
import { postForm, site } from '../support/access-support.ts';

const DOC_URL = 'https://agent.example/oauth/client.json';
const goodDoc = (extra: object = {}) => ({ client_id: DOC_URL, client_name: 'Agent', redirect_uris: ['http://127.0.0.1:8080/cb'], ...extra });
const answer = (body: unknown, extra: Partial<FetchedDocument> = {}): FetchedDocument => ({
  status: 200,
  contentType: 'application/json',
  cacheControl: undefined,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  ...extra,
});

/** A fetch that answers `doc` and counts its calls. */
function fakeFetch(doc: () => FetchedDocument) {
  const calls: string[] = [];
  const fetch: MetadataFetch = async (url) => {
    calls.push(url.href);
    return doc();
  };
  return { fetch, calls };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClientIdMetadataError) return error.reason;
    throw error;
  }
  throw new Error('expected a ClientIdMetadataError');
}

describe('FO-CIMD: the client_id URL (draft-ietf-oauth-client-id-metadata-document § Client Identifier URL)', () => {
  it.each([
    ['http://agent.example/client.json', 'client_id_not_https'],
    ['http://127.0.0.1:9/client.json', 'client_id_not_https'],
    ['https://agent.example', 'client_id_malformed'],
    ['https://agent.example/', 'client_id_malformed'],
    ['https://user:pw@agent.example/client.json', 'client_id_malformed'],
    ['https://agent.example/client.json#x', 'client_id_malformed'],
    ['https://agent.example/a/../client.json', 'client_id_malformed'],
    ['https://agent.example/a/./client.json', 'client_id_malformed'],
    ['https://agent.example/a/%2e%2e/client.json', 'client_id_malformed'],
    ['https://agent .example/client.json', 'client_id_malformed'],
  ])('%s is refused: %s', (clientId, reason) => {
    let got: string | undefined;
    try {
      checkClientIdUrl(clientId);
    } catch (error) {
      got = (error as ClientIdMetadataError).reason;
    }
    expect(got).toBe(reason);
  });

  it('an https URL with a path is accepted; http only on loopback and only with the test switch', () => {
    expect(checkClientIdUrl(DOC_URL).href).toBe(DOC_URL);
    expect(checkClientIdUrl('https://agent.example:8443/c?v=1').port).toBe('8443');
    expect(checkClientIdUrl('http://127.0.0.1:9/client.json', { allowHttpLoopback: true }).protocol).toBe('http:');
    expect(() => checkClientIdUrl('http://agent.example/client.json', { allowHttpLoopback: true })).toThrow(/https/);
  });
});

describe('FO-CIMD: public addresses only (§ Server-Side Request Forgery)', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('loopback is allowed only with the test switch, and private ranges never', () => {
    expect(isPublicAddress('127.0.0.1', { allowHttpLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowHttpLoopback: true })).toBe(false);
  });

  const resolvesTo = (...addresses: string[]) =>
    ((_host: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as unknown as typeof import('node:dns').lookup;

  it('a host name that resolves to a private address is refused before any byte is sent', async () => {
    const limits = { timeoutMs: 3000, maxBytes: MAX_DOCUMENT_BYTES };
    expect(await reasonOf(fetchMetadataDocument(new URL('https://rebind.example/c.json'), { ...limits, lookup: resolvesTo('10.1.2.3') }))).toBe(
      'client_id_address_not_public',
    );
    // One private address among public ones is enough to refuse (the socket could pick any).
    expect(
      await reasonOf(fetchMetadataDocument(new URL('https://mixed.example/c.json'), { ...limits, lookup: resolvesTo('93.184.215.14', '169.254.169.254') })),
    ).toBe('client_id_address_not_public');
  });

  it('a literal private address is refused without a lookup', async () => {
    const limits = { timeoutMs: 3000, maxBytes: MAX_DOCUMENT_BYTES };
    expect(await reasonOf(fetchMetadataDocument(new URL('https://127.0.0.1/c.json'), limits))).toBe('client_id_address_not_public');
    expect(await reasonOf(fetchMetadataDocument(new URL('https://[::1]/c.json'), limits))).toBe('client_id_address_not_public');
    expect(await reasonOf(fetchMetadataDocument(new URL('https://[::ffff:a00:1]/c.json'), limits))).toBe('client_id_address_not_public');
  });
});

describe('FO-CIMD: the fetch is bounded in size and time and follows no redirect', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big') res.end(`{"client_id":"${'x'.repeat(MAX_DOCUMENT_BYTES)}"}`);
      else if (req.url === '/big-chunked') {
        res.write('{"client_id":"');
        res.write('y'.repeat(MAX_DOCUMENT_BYTES + 10));
        res.end('"}');
      } else if (req.url === '/slow')
        res.write('{'); // never ends
      else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' }).end('{"client_id":"x"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const loopback = { allowHttpLoopback: true, maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: 3000 };

  it('over the size bound (declared or streamed) → metadata_too_large', async () => {
    expect(await reasonOf(fetchMetadataDocument(new URL(`${base}/big`), loopback))).toBe('metadata_too_large');
    expect(await reasonOf(fetchMetadataDocument(new URL(`${base}/big-chunked`), loopback))).toBe('metadata_too_large');
  });

  it('over the time bound → metadata_fetch_failed', async () => {
    expect(await reasonOf(fetchMetadataDocument(new URL(`${base}/slow`), { ...loopback, timeoutMs: 150 }))).toBe('metadata_fetch_failed');
  });

  it('a redirect is answered as is (not followed), and the resolver refuses it', async () => {
    const fetched = await fetchMetadataDocument(new URL(`${base}/redirect`), loopback);
    expect(fetched.status).toBe(302);
    const resolve = createClientIdMetadataResolver({ allowHttpLoopback: true });
    expect(await reasonOf(resolve(`${base}/redirect`))).toBe('metadata_fetch_failed');
  });

  it('a document is read with its Cache-Control; without the switch the same loopback server is refused', async () => {
    expect(await fetchMetadataDocument(new URL(`${base}/ok`), loopback)).toMatchObject({ status: 200, cacheControl: 'max-age=600', body: '{"client_id":"x"}' });
    expect(await reasonOf(fetchMetadataDocument(new URL(`${base}/ok`), { ...loopback, allowHttpLoopback: false }))).toBe('client_id_address_not_public');
  });
});

describe('FO-CIMD: the document (§ Client Information Discovery)', () => {
  it.each([
    ['not JSON', answer('<html>'), 'metadata_not_json'],
    ['not an object', answer('[1]'), 'metadata_invalid'],
    ['a 404', answer(goodDoc(), { status: 404 }), 'metadata_fetch_failed'],
    ['another client_id', answer(goodDoc({ client_id: 'https://agent.example/other.json' })), 'metadata_client_id_mismatch'],
    ['no client_id', answer({ client_name: 'x' }), 'metadata_invalid'],
    ['a client_secret', answer(goodDoc({ client_secret: 's3cret' })), 'metadata_invalid'],
    ['a secret-based auth method', answer(goodDoc({ token_endpoint_auth_method: 'client_secret_basic' })), 'metadata_invalid'],
    ['a javascript: redirect URI', answer(goodDoc({ redirect_uris: ['javascript:alert(1)'] })), 'metadata_invalid'],
  ])('%s → %s', async (_name, fetched, reason) => {
    const resolve = createClientIdMetadataResolver({ fetch: fakeFetch(() => fetched).fetch });
    expect(await reasonOf(resolve(DOC_URL))).toBe(reason);
  });

  it('a good document is answered, with unknown members ignored (RFC 7591 § 2)', async () => {
    const resolve = createClientIdMetadataResolver({ fetch: fakeFetch(() => answer(goodDoc({ logo_uri: 'https://agent.example/logo.png' }))).fetch });
    expect(await resolve(DOC_URL)).toMatchObject({ client_id: DOC_URL, client_name: 'Agent' });
  });
});

describe('FO-CIMD: the cache is bounded and honours max-age within limits', () => {
  it('max-age is clamped to 60 s … 24 h; none → 5 min; no-store → the minimum', () => {
    expect(cacheSeconds('public, max-age=600')).toBe(600);
    expect(cacheSeconds('max-age=5')).toBe(60);
    expect(cacheSeconds('max-age=9999999')).toBe(86_400);
    expect(cacheSeconds(undefined)).toBe(300);
    expect(cacheSeconds('no-store')).toBe(60);
  });

  it('a document is fetched once while fresh, again once stale; concurrent requests share one fetch', async () => {
    let clock = 1000;
    const { fetch, calls } = fakeFetch(() => answer(goodDoc(), { cacheControl: 'max-age=120' }));
    const resolve = createClientIdMetadataResolver({ fetch, now: () => clock });
    await Promise.all([resolve(DOC_URL), resolve(DOC_URL), resolve(DOC_URL)]);
    expect(calls).toHaveLength(1);
    clock = 119_500;
    await resolve(DOC_URL);
    expect(calls).toHaveLength(1);
    clock = 121_500;
    await resolve(DOC_URL);
    expect(calls).toHaveLength(2);
  });

  it('a failure is remembered for 30 s, and the cache holds at most `entries` documents', async () => {
    let clock = 1000;
    const { fetch, calls } = fakeFetch(() => answer('nope'));
    const resolve = createClientIdMetadataResolver({ fetch, now: () => clock, entries: 2 });
    await reasonOf(resolve(DOC_URL));
    await reasonOf(resolve(DOC_URL));
    expect(calls).toHaveLength(1);
    clock = 31_500;
    await reasonOf(resolve(DOC_URL));
    expect(calls).toHaveLength(2);
    // Two other ids push the first out of a two-entry cache: it is fetched again.
    await reasonOf(resolve('https://a.example/c.json'));
    await reasonOf(resolve('https://b.example/c.json'));
    await reasonOf(resolve(DOC_URL));
    expect(calls.filter((u) => u === DOC_URL)).toHaveLength(3);
  });
});

describe('FO-CIMD: the token request with a metadata-document client_id', () => {
  const resolver = (doc: object) => createClientIdMetadataResolver({ fetch: fakeFetch(() => answer(doc)).fetch });

  it('a valid document → the public token and the name it gives its client; a listed redirect_uri passes', async () => {
    const result = await exchangeTokenFor({ grant_type: 'public', client_id: DOC_URL, redirect_uri: 'http://127.0.0.1:8080/cb' }, resolver(goodDoc()));
    expect(result).toMatchObject({ ok: true, token: { access_token: PUBLIC_READ_TOKEN }, clientName: 'Agent' });
  });

  it('KQ-TOKEN: a redirect_uri the document does not list, or grant_types without public, still gets the same token', async () => {
    const token = (await exchangeTokenFor({}, resolver(goodDoc()))) as { token: object };
    // A redirect_uri the document does not list: the document is refused, so the client goes unnamed.
    expect(await exchangeTokenFor({ client_id: DOC_URL, redirect_uri: 'http://127.0.0.1:9999/other' }, resolver(goodDoc()))).toEqual({
      ok: true,
      token: token.token,
    });
    // grant_types name what a client may ask for; the public-read token is not refused for them.
    expect(await exchangeTokenFor({ client_id: DOC_URL }, resolver(goodDoc({ grant_types: ['authorization_code'] })))).toEqual({
      ok: true,
      token: token.token,
      clientName: 'Agent',
    });
  });

  it('KQ-TOKEN: the grant is judged before any document is fetched: jwt-bearer with a URL client_id is invalid_grant, no fetch', async () => {
    const { fetch, calls } = fakeFetch(() => answer(goodDoc()));
    expect(await exchangeTokenFor({ grant_type: JWT_BEARER_GRANT, client_id: DOC_URL }, createClientIdMetadataResolver({ fetch }))).toMatchObject({
      ok: false,
      error: 'invalid_grant',
    });
    expect(calls).toEqual([]);
  });

  it('an ordinary client_id is not fetched', async () => {
    const { fetch, calls } = fakeFetch(() => answer(goodDoc()));
    expect(await exchangeTokenFor({ client_id: 'public-abc' }, createClientIdMetadataResolver({ fetch }))).toMatchObject({ ok: true });
    expect(calls).toEqual([]);
  });

  it('KQ-TOKEN: over HTTP, a client_id whose document is refused gets the same public-read token (never invalid_client), no-store', async () => {
    const plain = await (await postForm('/oauth/token', { grant_type: 'public' })).json();
    for (const clientId of [
      'http://client.example/meta.json',
      'http://agent.example/client.json',
      'https://127.0.0.1/client.json',
      'https://agent.example',
      'https://10.0.0.1/client.json',
    ]) {
      const res = await postForm('/oauth/token', { grant_type: 'public', client_id: clientId });
      expect(res.status, clientId).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual(plain);
    }
  });

  it('the authorization-server metadata advertises client_id_metadata_document_supported', () => {
    expect(authorizationServerMetadata(site()).client_id_metadata_document_supported).toBe(true);
  });
});

describe(`FO-CIMD: ${ALLOW_HTTP_LOOPBACK_ENV} is for tests only`, () => {
  it('unset → no override; 1 → loopback http allowed; anything else, or set in production → start-up error', () => {
    expect(cimdOptionsFromEnv({})).toEqual({});
    expect(cimdOptionsFromEnv({ [ALLOW_HTTP_LOOPBACK_ENV]: '1' })).toEqual({ allowHttpLoopback: true });
    expect(() => cimdOptionsFromEnv({ [ALLOW_HTTP_LOOPBACK_ENV]: 'yes' })).toThrow(/must be 1 or unset/);
    expect(() => cimdOptionsFromEnv({ [ALLOW_HTTP_LOOPBACK_ENV]: '1', VERCEL: '1' })).toThrow(/refused in production/);
    expect(() => cimdOptionsFromEnv({ [ALLOW_HTTP_LOOPBACK_ENV]: '1', NODE_ENV: 'production' })).toThrow(/refused in production/);
  });
});
