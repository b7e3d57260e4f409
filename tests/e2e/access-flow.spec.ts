// The whole public-read flow as a real OAuth client walks it, with oauth4webapi over real HTTP
// against the built site: KQ-PROTECTED, KQ-PRM, KQ-ASM, KQ-REGISTER, KQ-TOKEN and KQ-REVOKE, in the order an agent meets them.
import { test, expect } from '@playwright/test';
import * as oauth from 'oauth4webapi';

// The e2e server listens on loopback over plain http; oauth4webapi refuses http unless told.
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The `resource_metadata` parameter of a Bearer challenge (RFC 9728 § 5.1). */
function resourceMetadataOf(challenge: string | null): string {
  const match = /^Bearer\s(?:.*,\s*)?resource_metadata="([^"]+)"/i.exec(challenge ?? '');
  if (!match) throw new Error(`no resource_metadata in ${challenge}`);
  return match[1]!;
}

test('KQ-PROTECTED, KQ-PRM, KQ-ASM, KQ-REGISTER, KQ-TOKEN, KQ-REVOKE: discover → register → token → read → revoke', async ({ baseURL }) => {
  const resource = new URL(`${baseURL}/api/v1`);

  // Step 2: the 401 names the protected-resource metadata: the path-inserted document whose
  // `resource` is /api/v1 (RFC 9728 § 3.3).
  const first = await fetch(resource);
  expect(first.status).toBe(401);
  const metadataUrl = resourceMetadataOf(first.headers.get('www-authenticate'));
  expect(metadataUrl).toBe(`${baseURL}/.well-known/oauth-protected-resource/api/v1`);

  // Step 1: protected-resource metadata, from the URL the challenge named…
  const rs = await oauth.processResourceDiscoveryResponse(resource, await fetch(metadataUrl));
  expect(rs.resource).toBe(resource.href);
  // …and from the URL RFC 9728 § 3.1 derives from the resource, which says the same.
  const derived = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
  expect(derived).toEqual(rs);

  // Step 1: the authorization server it names (RFC 8414; the issuer must match, § 3.3).
  const issuer = new URL(rs.authorization_servers![0]!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  expect(as.token_endpoint).toBe(`${baseURL}/oauth/token`);
  expect(as.grant_types_supported).toContain('public');

  // Step 4: dynamic client registration (RFC 7591), a public client.
  const registered = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { client_name: 'e2e agent', redirect_uris: ['http://127.0.0.1:9/cb'], grant_types: ['public'], token_endpoint_auth_method: 'none' },
      insecure,
    ),
  );
  expect(registered.client_secret).toBeUndefined();
  const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };

  // Step 6: the token, with the public grant and no client authentication.
  const tokens = await oauth.processGenericTokenEndpointResponse(
    as,
    client,
    await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'public', new URLSearchParams(), insecure),
  );
  expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'knowledge:read', expires_in: 3600 });

  // Step 7: the catalog.
  const read = await oauth.protectedResourceRequest(tokens.access_token, 'GET', resource, undefined, undefined, insecure);
  expect(read.status).toBe(200);
  const catalog = await read.json();
  expect(catalog).toMatchObject({ sandbox: false, mode: 'public-read', scope: 'knowledge:read' });
  expect(catalog.pages.length).toBeGreaterThan(0);

  // Step 8: revocation (RFC 7009) is acknowledged.
  const revoked = await oauth.revocationRequest(as, client, oauth.None(), tokens.access_token, insecure);
  await oauth.processRevocationResponse(revoked.clone());
  expect(await revoked.json()).toEqual({ revoked: true });

  // A wrong token: oauth4webapi reads our challenge as invalid_token pointing back at discovery.
  const wrong = await oauth.protectedResourceRequest('not-the-token', 'GET', resource, undefined, undefined, insecure).catch((e) => e);
  expect(wrong).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  expect((wrong as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
    scheme: 'bearer',
    parameters: { error: 'invalid_token', resource_metadata: metadataUrl },
  });
});

test('KQ-TOKEN: oauth4webapi sees jwt-bearer refused with invalid_grant', async ({ baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  const client: oauth.Client = { client_id: 'public-e2e', token_endpoint_auth_method: 'none' };
  const res = await oauth.genericTokenEndpointRequest(as, client, oauth.None(), 'urn:ietf:params:oauth:grant-type:jwt-bearer', new URLSearchParams(), insecure);
  const error = await oauth.processGenericTokenEndpointResponse(as, client, res).catch((e) => e);
  expect(error).toBeInstanceOf(oauth.ResponseBodyError);
  expect((error as oauth.ResponseBodyError).error).toBe('invalid_grant');
});

test('KQ-PUBLIC-FILES: /auth.md is served as Markdown', async ({ request }) => {
  const res = await request.get('/auth.md');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(await res.text()).toMatch(/^# Public-read access/);
});
