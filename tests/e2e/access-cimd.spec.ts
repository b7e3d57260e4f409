// FO-CIMD over real HTTP: an oauth4webapi client that names itself with a Client ID Metadata
// Document completes the public-read flow against the built site, and a document that names
// another client_id is refused as a name but never refuses the token. The document is served by this test on loopback over plain http,
// which the e2e server allows only because playwright.config.ts sets FOLIO_CIMD_ALLOW_HTTP_LOOPBACK
// (a test-only switch the server refuses in production): a loopback https server would need a
// certificate the server's Node trusts, which a test cannot give it without weakening TLS checks
// for every other fetch. The https-only and public-address rules are proven in
// tests/integration/access-cimd.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import * as oauth from 'oauth4webapi';

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const REDIRECT = 'http://127.0.0.1:8765/callback';

let server: Server;
let metadataBase = '';
const fetched: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    fetched.push(req.url ?? '');
    const self = `${metadataBase}${req.url}`;
    const doc =
      req.url === '/impostor.json'
        ? { client_id: `${metadataBase}/someone-else.json`, client_name: 'Impostor' }
        : { client_id: self, client_name: 'CIMD e2e agent', redirect_uris: [REDIRECT], grant_types: ['public'], token_endpoint_auth_method: 'none' };
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' }).end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  metadataBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test('FO-CIMD: a client named by its metadata document discovers, gets the token and reads the catalog', async ({ baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  expect(as.client_id_metadata_document_supported).toBe(true);

  const client: oauth.Client = { client_id: `${metadataBase}/agent.json`, token_endpoint_auth_method: 'none' };
  const params = new URLSearchParams({ redirect_uri: REDIRECT });
  const tokens = await oauth.processGenericTokenEndpointResponse(
    as,
    client,
    await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'public', params, insecure),
  );
  expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'knowledge:read', expires_in: 3600 });
  // The server fetched the document (once: the second request below is answered from its cache).
  expect(fetched).toContain('/agent.json');

  const again = await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'public', params, insecure);
  expect(again.status).toBe(200);
  expect(fetched.filter((u) => u === '/agent.json')).toHaveLength(1);

  const read = await oauth.protectedResourceRequest(tokens.access_token, 'GET', new URL(`${baseURL}/api/v1`), undefined, undefined, insecure);
  expect(read.status).toBe(200);
});

test('FO-CIMD: a document naming another client_id, or a redirect_uri it does not list, still gets the same token (KQ-TOKEN)', async ({ baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  const plain: oauth.Client = { client_id: 'plain', token_endpoint_auth_method: 'none' };
  const expected = await oauth.processGenericTokenEndpointResponse(
    as,
    plain,
    await oauth.genericTokenEndpointRequest(as, plain, oauth.None(), 'public', new URLSearchParams(), insecure),
  );
  for (const [clientId, params] of [
    [`${metadataBase}/impostor.json`, new URLSearchParams()],
    [`${metadataBase}/agent.json`, new URLSearchParams({ redirect_uri: 'http://127.0.0.1:1/elsewhere' })],
  ] as const) {
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
    const response = await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'public', params, insecure);
    expect(response.status).toBe(200);
    expect(await oauth.processGenericTokenEndpointResponse(as, client, response)).toEqual(expected);
  }
});
