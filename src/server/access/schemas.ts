// Zod schemas of the access flow (KQ-REGISTER, KQ-TOKEN, KQ-REVOKE, KQ-IDENTITY, KQ-CLAIM,
// KQ-EVENTS, KQ-PRM, KQ-ASM). Each is declared once: it validates input in the handlers, types the
// builders, and documents the routes.
import { z } from 'zod';
import { GRANT_TYPES, IDENTITY_TYPES, PUBLIC_READ_SCOPE } from './public-read.ts';
import { redirectUriProblem } from './redirect-uri.ts';

const uri = z.url();

// ---- OAuth objects -------------------------------------------------------------------------

/** A client's name and its redirect URIs, as registration (RFC 7591) and a metadata document (CIMD) both state them. */
export const clientName = z.string({ error: 'client_name must be a string' }).max(200, 'client_name must be at most 200 characters').optional();
export const redirectUris = z
  .array(
    z.string({ error: 'each redirect URI must be a string' }).superRefine((value, ctx) => {
      const problem = redirectUriProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    { error: 'redirect_uris must be an array of URLs' },
  )
  .max(20, 'at most 20 redirect URIs')
  .optional();

/**
 * RFC 7591 § 2. Unknown members are ignored (§ 2: the server "MUST ignore any client metadata
 * sent by the client that it does not understand"), so the object is not strict.
 */
export const clientMetadata = z
  .object(
    {
      client_name: clientName,
      client_uri: z.url({ protocol: /^https?$/, error: 'client_uri must be an absolute http(s) URL' }).optional(),
      redirect_uris: redirectUris,
      grant_types: z
        .array(z.enum(GRANT_TYPES, { error: `grant_types may only hold ${GRANT_TYPES.join(' and ')}` }), {
          error: 'grant_types must be an array',
        })
        .optional(),
      token_endpoint_auth_method: z
        .literal('none', { error: 'only public clients register here: token_endpoint_auth_method must be "none" (no secret is ever issued)' })
        .optional(),
      contacts: z.array(z.string({ error: 'each contact must be a string' }), { error: 'contacts must be an array of strings' }).optional(),
    },
    { error: 'the client metadata must be a JSON object' },
  )
  .meta({ id: 'ClientMetadata', description: 'RFC 7591 § 2 client metadata. Only public clients (no secret).' });
export type ClientMetadata = z.infer<typeof clientMetadata>;

export const clientRegistration = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.int().describe('Unix seconds'),
    token_endpoint_auth_method: z.literal('none'),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()).describe('Empty: public-read clients use no authorization endpoint.'),
    scope: z.literal(PUBLIC_READ_SCOPE),
    client_name: z.string().optional(),
    client_uri: uri.optional(),
    redirect_uris: z.array(z.string()).optional(),
    contacts: z.array(z.string()).optional(),
    token_endpoint: uri,
  })
  .meta({ id: 'ClientRegistration', description: 'RFC 7591 § 3.2.1. No client_secret is ever issued.' });
export type ClientRegistration = z.infer<typeof clientRegistration>;

/** RFC 6749 § 4 / § 3.2: form-encoded by the RFC; JSON is accepted too (docs/decisions.md § OAuth). */
export const tokenRequest = z
  .object(
    {
      grant_type: z.string({ error: 'grant_type must be a string' }).optional().describe('Defaults to "public".'),
      client_id: z
        .string({ error: 'client_id must be a string' })
        .optional()
        .describe('Optional. An https URL is a Client ID Metadata Document, fetched and checked (FO-CIMD); any other value is accepted as is.'),
      redirect_uri: z
        .string({ error: 'redirect_uri must be a string' })
        .optional()
        .describe("With a metadata-document client_id, it must be one of the document's redirect_uris."),
      scope: z.string({ error: 'scope must be a string' }).optional(),
      assertion: z.string({ error: 'assertion must be a string' }).optional().describe('RFC 7523 § 2.1; never accepted here.'),
    },
    { error: 'the token request must be an object of parameters' },
  )
  .meta({ id: 'TokenRequest' });

export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    scope: z.literal(PUBLIC_READ_SCOPE),
    expires_in: z.int(),
  })
  .meta({ id: 'TokenResponse', description: 'RFC 6749 § 5.1. The access token is a public, non-secret literal.' });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const oauthError = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: 'OAuthError', description: 'RFC 6749 § 5.2 error response.' });
export type OAuthErrorBody = z.infer<typeof oauthError>;

/** RFC 7009 § 2.1: `token` is REQUIRED; `token_type_hint` is accepted and ignored (§ 2.1 allows that). */
export const revocationRequest = z
  .object(
    {
      token: z
        .string({ error: (issue) => (issue.input === undefined ? 'token is required (RFC 7009 § 2.1): send the token to revoke' : 'token must be a string') })
        .min(1, 'token is required (RFC 7009 § 2.1): send the token to revoke'),
      token_type_hint: z.string({ error: 'token_type_hint must be a string' }).optional(),
    },
    { error: 'the revocation request must be an object of parameters' },
  )
  .meta({ id: 'RevocationRequest' });

export const revocationResponse = z.object({ revoked: z.literal(true) }).meta({ id: 'RevocationResponse' });

// ---- Agent endpoints ------------------------------------------------------------------------

export const identityRequest = z
  .object(
    {
      type: z.enum(IDENTITY_TYPES, { error: `type must be one of ${IDENTITY_TYPES.join(', ')}` }),
    },
    { error: 'the body must be a JSON object with a "type"' },
  )
  .meta({ id: 'IdentityRequest' });

export const identityResponse = z
  .object({
    type: z.literal('anonymous'),
    status: z.literal('accepted'),
    token_endpoint: uri,
    grant_type: z.literal('public'),
    message: z.string(),
  })
  .meta({ id: 'IdentityResponse', description: 'Continue at the token endpoint; no secret is returned.' });

export const claimResponse = z.object({ status: z.literal('not_required'), message: z.string(), token_endpoint: uri }).meta({ id: 'ClaimResponse' });

/** docs/decisions.md § Agent events: a JSON object with a string `type`; other members are the notice's own. */
export const eventNotice = z
  .looseObject(
    {
      type: z.string({ error: 'type must be a string' }).min(1, 'type must not be empty').max(100, 'type must be at most 100 characters'),
    },
    { error: 'the event must be a JSON object with a string "type"' },
  )
  .meta({ id: 'EventNotice' });

export const eventAcknowledgement = z
  .object({ accepted: z.literal(true), stored: z.literal(false), type: z.string(), message: z.string() })
  .meta({ id: 'EventAcknowledgement' });

// ---- Discovery metadata ---------------------------------------------------------------------

/** RFC 9728 § 2. */
export const protectedResourceMetadata = z
  .object({
    resource: uri,
    resource_name: z.string(),
    authorization_servers: z.array(uri),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_documentation: uri,
  })
  .meta({ id: 'ProtectedResourceMetadata' });
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadata>;

/** RFC 8414 § 2, plus the `agent_auth` block of KQ-ASM. */
export const authorizationServerMetadata = z
  .object({
    issuer: uri,
    token_endpoint: uri,
    revocation_endpoint: uri,
    registration_endpoint: uri,
    client_id_metadata_document_supported: z.literal(true),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    service_documentation: uri,
    agent_auth: z.object({
      skill: uri,
      identity_endpoint: uri,
      claim_endpoint: uri,
      events_endpoint: uri,
      identity_types_supported: z.array(z.string()),
      identity_assertion: z.object({ assertion_types_supported: z.array(z.string()) }),
    }),
  })
  .meta({ id: 'AuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadata>;
