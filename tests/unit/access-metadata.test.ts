import { describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { accessUrls, authorizationServerMetadata, metadataDocument, protectedResourceMetadata } from '../../src/server/access/oauth-metadata.ts';
import { authorizationServerMetadata as asSchema, protectedResourceMetadata as prSchema } from '../../src/server/access/schemas.ts';
import { call, site } from '../support/access-support.ts';

/** Every string value in a document, with its path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

describe('KQ-ASM: authorization-server metadata (RFC 8414)', () => {
  const doc = () => authorizationServerMetadata(site());

  it('issuer, endpoints, grant types and the agent_auth block', () => {
    const url = site().url;
    expect(asSchema.parse(doc())).toEqual(doc());
    expect(doc()).toEqual({
      issuer: url,
      token_endpoint: `${url}/oauth/token`,
      revocation_endpoint: `${url}/oauth/revoke`,
      registration_endpoint: `${url}/oauth/register`,
      client_id_metadata_document_supported: true,
      grant_types_supported: ['public', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['knowledge:read'],
      response_types_supported: [],
      service_documentation: `${url}/auth.md`,
      agent_auth: {
        skill: `${url}/SKILL.md`,
        identity_endpoint: `${url}/agent/identity`,
        claim_endpoint: `${url}/agent/claim`,
        events_endpoint: `${url}/agent/events`,
        identity_types_supported: ['anonymous', 'identity_assertion', 'service_auth'],
        identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag'] },
      },
    });
  });

  it('the id-jag assertion type is listed under identity_assertion only, not at the top level', () => {
    const top = Object.entries(doc()).filter(([k]) => k !== 'agent_auth');
    expect(JSON.stringify(top)).not.toContain('id-jag');
  });

  it('every URL in it is absolute and on the site', () => {
    for (const [path, value] of strings(doc())) {
      if (value.includes('://')) expect(value.startsWith(site().url), path).toBe(true);
    }
  });

  it('RFC 8414 § 3.3: oauth4webapi accepts it for the issuer it discovered from', async () => {
    const issuer = new URL(site().url);
    const as = await oauth.processDiscoveryResponse(issuer, metadataDocument(doc()));
    expect(as.issuer).toBe(site().url);
    await expect(oauth.processDiscoveryResponse(new URL('https://other.example'), metadataDocument(doc()))).rejects.toThrow(/issuer/);
  });
});

describe('KQ-PRM: protected-resource metadata (RFC 9728)', () => {
  it('resource, authorization_servers, scopes_supported, bearer_methods_supported', () => {
    const doc = protectedResourceMetadata(site());
    expect(prSchema.parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({
      // RFC 9728 § 3.1, § 3.3: the root document's resource is the origin it is discovered from.
      resource: site().url,
      authorization_servers: [site().url],
      scopes_supported: ['knowledge:read'],
      bearer_methods_supported: ['header'],
      resource_documentation: `${site().url}/auth.md`,
    });
  });

  it('RFC 9728 § 3.3: oauth4webapi accepts the root document for the origin, and each path document for its path', async () => {
    const origin = new URL(site().url);
    const rs = await oauth.processResourceDiscoveryResponse(origin, metadataDocument(protectedResourceMetadata(site())));
    expect(rs.authorization_servers).toEqual([site().url]);
    // The catalog's document is for the catalog, not for the origin (what the audit found wrong at the root).
    const catalog = new URL(accessUrls(site().url).catalog);
    await expect(oauth.processResourceDiscoveryResponse(origin, metadataDocument(protectedResourceMetadata(site(), '/api/v1')))).rejects.toThrow(/resource/);
    expect((await oauth.processResourceDiscoveryResponse(catalog, metadataDocument(protectedResourceMetadata(site(), '/api/v1')))).resource).toBe(catalog.href);
  });

  it('RFC 9728 § 3.1: oauth4webapi discovers the root document from the origin over HTTP', async () => {
    const origin = new URL(site().url);
    const customFetch = async (url: string) => {
      expect(url).toBe(`${site().url}/.well-known/oauth-protected-resource`);
      return metadataDocument(protectedResourceMetadata(site()));
    };
    const response = await oauth.resourceDiscoveryRequest(origin, { [oauth.customFetch]: customFetch as typeof fetch, [oauth.allowInsecureRequests]: true });
    expect((await oauth.processResourceDiscoveryResponse(origin, response)).resource).toBe(site().url);
  });

  it.each([
    ['/.well-known/oauth-protected-resource/api/v1', '/api/v1'],
    ['/.well-known/oauth-protected-resource/api', '/api'],
  ] as const)('RFC 9728 § 3.1: the path-inserted document %s is served by the function for resource %s', async (path, resource) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toBe(await metadataDocument(protectedResourceMetadata(site(), resource)).text());
  });
});
