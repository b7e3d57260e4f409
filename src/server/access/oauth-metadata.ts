// The two discovery documents, built from the site config by this one module: the prerendered
// files under /.well-known/, the function's path-inserted variants and /auth.md all call it.
import type { Site } from '../../records/schema.ts';
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './schemas.ts';
import { GRANT_TYPES, ID_JAG_TOKEN_TYPE, IDENTITY_TYPES, PUBLIC_READ_SCOPE, type ProtectedPath } from './public-read.ts';
import { JSON_TYPE } from '../../http/media-types.ts';

type SiteRef = Pick<Site, 'url' | 'name'>;

/** Every absolute URL of the flow. `site.url` carries no trailing slash (the loader strips it). */
export function accessUrls(siteUrl: string) {
  return {
    /**
     * RFC 8414 § 3.3: `issuer` must equal the identifier the client discovered from. Clients build
     * `<issuer>/.well-known/oauth-authorization-server` from it (§ 3.1), so it is the bare site URL.
     */
    issuer: siteUrl,
    catalog: `${siteUrl}/api/v1`,
    protectedResourceMetadata: `${siteUrl}/.well-known/oauth-protected-resource`,
    authorizationServerMetadata: `${siteUrl}/.well-known/oauth-authorization-server`,
    register: `${siteUrl}/oauth/register`,
    token: `${siteUrl}/oauth/token`,
    revoke: `${siteUrl}/oauth/revoke`,
    identity: `${siteUrl}/agent/identity`,
    claim: `${siteUrl}/agent/claim`,
    events: `${siteUrl}/agent/events`,
    authGuide: `${siteUrl}/auth.md`,
    skill: `${siteUrl}/SKILL.md`,
  };
}

/**
 * Where the 401 of a protected path points (RFC 9728 § 5.1): the path-inserted document (§ 3.1)
 * whose `resource` is that path, because § 3.3 makes clients refuse metadata whose `resource`
 * differs from the resource they are accessing. The root document (KQ-PRM's) stays for clients that
 * start from the origin.
 */
export function resourceMetadataUrl(siteUrl: string, path: ProtectedPath): string {
  return `${siteUrl}/.well-known/oauth-protected-resource${path}`;
}

/**
 * RFC 9728 § 2 metadata for one protected path, or, without a path, the root document at
 * `/.well-known/oauth-protected-resource`. RFC 9728 § 3.1 derives that URL from a resource
 * identifier with no path, the origin, and § 3.3 makes a client refuse a document whose `resource`
 * is not the identifier it started from: the root document names the origin (a strict client such
 * as oauth4webapi starting there accepts it); each path's own document names that path.
 */
export function protectedResourceMetadata(site: SiteRef, path?: ProtectedPath): ProtectedResourceMetadata {
  const urls = accessUrls(site.url);
  return {
    resource: `${site.url}${path ?? ''}`,
    resource_name: `${site.name} — public knowledge API`,
    authorization_servers: [urls.issuer],
    scopes_supported: [PUBLIC_READ_SCOPE],
    // RFC 6750 § 2.1 only: no query-string or form-body tokens.
    bearer_methods_supported: ['header'],
    resource_documentation: urls.authGuide,
  };
}

/** RFC 8414 § 2 metadata, with the `agent_auth` block of KQ-ASM. */
export function authorizationServerMetadata(site: SiteRef): AuthorizationServerMetadata {
  const urls = accessUrls(site.url);
  return {
    issuer: urls.issuer,
    token_endpoint: urls.token,
    revocation_endpoint: urls.revoke,
    // Kept for older clients; deprecated by MCP 2026-07-28 in favour of metadata documents (FO-CIMD).
    registration_endpoint: urls.register,
    // FO-CIMD: a client may use the https URL of its metadata document as client_id
    // (draft-ietf-oauth-client-id-metadata-document § Authorization Server Metadata).
    client_id_metadata_document_supported: true,
    grant_types_supported: [...GRANT_TYPES],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [PUBLIC_READ_SCOPE],
    // No authorization endpoint: the public grant needs no user interaction.
    response_types_supported: [],
    service_documentation: urls.authGuide,
    agent_auth: {
      skill: urls.skill,
      identity_endpoint: urls.identity,
      claim_endpoint: urls.claim,
      events_endpoint: urls.events,
      identity_types_supported: [...IDENTITY_TYPES],
      // KQ-ASM: listed here, inside `agent_auth`, not at the top level.
      identity_assertion: { assertion_types_supported: [ID_JAG_TOKEN_TYPE] },
    },
  };
}

/** A metadata document as served: indented JSON, so the prerendered file and the function's answer are byte-identical. */
export const metadataDocument = (doc: object) => new Response(`${JSON.stringify(doc, null, 2)}\n`, { headers: { 'Content-Type': JSON_TYPE } });
