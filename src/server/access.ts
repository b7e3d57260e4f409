// The public-read access flow (docs/decisions.md § OAuth): the protected catalog (KQ-PROTECTED),
// the path-inserted resource metadata (KQ-PRM), OAuth registration, token and revocation
// (KQ-REGISTER, KQ-TOKEN, KQ-REVOKE) and the agent endpoints (KQ-IDENTITY, KQ-CLAIM, KQ-EVENTS).
// The two root discovery documents are prerendered (src/pages/.well-known/) from the same builder,
// oauth-metadata.ts.
import { noteRequest } from './middleware/request-log.ts';
import { ApiError, errorResponse, type ErrorCode } from './errors.ts';
import { json } from './http.ts';
import { defineRoute, type RouteSpec } from './route.ts';
import { identityAnswer, claimAnswer } from './access/agent.ts';
import { requirePublicRead } from './access/bearer.ts';
import { catalog, catalogResponse, pageQuery } from './knowledge.ts';
import { metadataDocument, protectedResourceMetadata } from './access/oauth-metadata.ts';
import { oauthError, readOAuthBody } from './access/oauth-http.ts';
import { PUBLIC_READ_TOKEN, type ProtectedPath } from './access/public-read.ts';
import { registerClient } from './access/registration.ts';
import { exchangeTokenFor } from './access/token.ts';
import { cimdOptionsFromEnv, createClientIdMetadataResolver, type ClientIdMetadataResolver } from './access/client-id-metadata.ts';
import {
  claimResponse,
  clientMetadata,
  clientRegistration,
  eventAcknowledgement,
  eventNotice,
  identityRequest,
  identityResponse,
  oauthError as oauthErrorSchema,
  protectedResourceMetadata as protectedResourceMetadataSchema,
  revocationRequest,
  revocationResponse,
  tokenRequest,
  tokenResponse,
} from './access/schemas.ts';
import { NO_STORE, PRIVATE_CACHE_CONTROL } from '../http/cache-policy.ts';

/** docs/decisions.md § Limits: event notices are at most 16 KiB. */
export const MAX_EVENT_BYTES = 16 * 1024;

const oauthFailure = (description: string) => ({ description, schema: oauthErrorSchema });

// ---- The protected catalog ------------------------------------------------------------------

function catalogRoute(path: ProtectedPath): RouteSpec {
  return defineRoute({
    method: 'GET',
    path,
    operationId: path === '/api/v1' ? 'getCatalog' : 'getCatalogUnversioned',
    ...(path === '/api' && { aliasOf: 'getCatalog' }),
    example: { query: { limit: '2' }, headers: { Authorization: `Bearer ${PUBLIC_READ_TOKEN}` }, status: 200 },
    summary: 'The profile summary and public page list (public-read bearer token)',
    description: 'Answers 401 with a `WWW-Authenticate` challenge naming the protected-resource metadata until the public-read flow in /auth.md is followed.',
    tag: 'access',
    policy: 'knowledge',
    cors: 'site',
    auth: 'publicRead',
    version: 'v1',
    query: pageQuery,
    invalid: { '*': 'invalid_filter' },
    requestHeaders: ['Authorization'],
    responses: {
      200: { description: 'One page of the catalog.', schema: catalogResponse },
      401: { description: 'No or wrong bearer token.', schema: errorResponse, headers: ['WWW-Authenticate'] },
    },
    errors: ['unauthorized', 'invalid_filter', 'rate_limited'],
    // RFC 6750 § 3: the challenge comes first; a request without the token is 401 whatever its query.
    authorize: (c, data) => requirePublicRead(c.req.header('authorization'), data.site.url, path),
    handler: (_c, { query, data }) => {
      const { page, limit } = query;
      const body = { ...catalog(data, page, limit, 'public-read'), resource: `${data.site.url}${path}` };
      // The answer depends on Authorization, so shared caches must not reuse it (RFC 9111 § 3.5).
      return json(body, { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL, Vary: 'Authorization' } });
    },
  });
}

// ---- Path-inserted protected-resource metadata (RFC 9728 § 3.1) ------------------------------

/**
 * `/.well-known/oauth-protected-resource` itself is a prerendered file; a file cannot also be a
 * directory, so the per-path documents that clients derive from a resource URL are served here.
 */
function resourceMetadataRoute(path: ProtectedPath): RouteSpec {
  return defineRoute({
    method: 'GET',
    path: `/.well-known/oauth-protected-resource${path}`,
    operationId: path === '/api/v1' ? 'getCatalogResourceMetadata' : 'getUnversionedCatalogResourceMetadata',
    example: { status: 200 },
    summary: `Protected-resource metadata (RFC 9728) for ${path}`,
    tag: 'access',
    policy: 'knowledge',
    cors: 'site',
    cache: 'public',
    responses: { 200: { description: 'RFC 9728 § 2 metadata.', schema: protectedResourceMetadataSchema } },
    errors: ['rate_limited'],
    handler: (_c, { data }) => metadataDocument(protectedResourceMetadata(data.site, path)),
  });
}

// ---- OAuth endpoints --------------------------------------------------------------------------

const register = defineRoute({
  method: 'POST',
  path: '/oauth/register',
  operationId: 'registerClient',
  example: { body: { json: { client_name: 'example', redirect_uris: ['http://127.0.0.1:8080/callback'] } }, status: 201 },
  summary: 'Register a public client (RFC 7591): free, instant, no secret. Deprecated: use a Client ID Metadata Document',
  description:
    'Kept for older clients. MCP 2026-07-28 deprecates dynamic registration in favour of Client ID Metadata Documents: send the https URL of your client metadata as `client_id` to the token endpoint instead (see /auth.md, step 4).',
  deprecated: true,
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  body: clientMetadata,
  responses: {
    201: { description: 'The registered client.', schema: clientRegistration, headers: ['Cache-Control'] },
    400: oauthFailure('`invalid_client_metadata` (also for a body that is not JSON) or `invalid_redirect_uri`.'),
  },
  errors: ['rate_limited'],
  handler: async (c, { data }) => {
    // RFC 7591 § 3: the client metadata is a JSON document; a body that is not one (no JSON, another
    // media type) is invalid client metadata (§ 3.2.2). A body too large, broken off or too slow
    // says nothing of the metadata: those keep their own status (413, 400, 408).
    let body: unknown;
    try {
      body = await readOAuthBody(c.req.raw, ['json']);
    } catch (error) {
      if (!(error instanceof ApiError) || NOT_ABOUT_METADATA.includes(error.code)) throw error;
      return oauthError(400, 'invalid_client_metadata', error.message);
    }
    const result = registerClient(body, data.site.url, Date.now());
    if (!result.ok) return oauthError(400, result.error, result.description);
    return json(result.registration, { status: 201 });
  },
});

const NOT_ABOUT_METADATA: ErrorCode[] = ['payload_too_large', 'incomplete_body', 'request_timeout'];

/** FO-CIMD: one resolver (and its bounded cache) per instance, configured from the environment on first use. */
let clientIds: ClientIdMetadataResolver | undefined;
const clientIdResolver = () => (clientIds ??= createClientIdMetadataResolver(cimdOptionsFromEnv(process.env)));

const token = defineRoute({
  method: 'POST',
  path: '/oauth/token',
  operationId: 'requestToken',
  example: { body: { form: { grant_type: 'public' } }, status: 200 },
  summary: 'Get the public-read access token (grant_type=public)',
  description: 'Form-encoded (RFC 6749) or JSON. The body is optional: grant_type defaults to `public`.',
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  body: tokenRequest,
  bodyTypes: ['form', 'json'],
  responses: {
    200: { description: 'The public-read token.', schema: tokenResponse, headers: ['Cache-Control', 'Pragma'] },
    400: oauthFailure(
      '`invalid_grant` (jwt-bearer), `invalid_request`, `unsupported_grant_type` or `invalid_scope`; never for the `client_id`: a metadata-document URL that cannot be fetched or is refused still gets the token.',
    ),
  },
  errors: ['rate_limited'],
  handler: async (c) => {
    const result = await exchangeTokenFor((await readOAuthBody(c.req.raw, ['form', 'json'])) ?? {}, clientIdResolver());
    // RFC 6749 § 5.1: token responses, errors included, must not be cached.
    const headers = { 'Cache-Control': NO_STORE, Pragma: 'no-cache' };
    if (!result.ok) return oauthError(400, result.error, result.description, headers);
    // The name a checked metadata document gives its client: shown in the request log (FO-AGENT-LOG), nowhere else.
    if (result.clientName) noteRequest(c, { oauthClient: result.clientName });
    return json(result.token, { headers });
  },
});

const revoke = defineRoute({
  method: 'POST',
  path: '/oauth/revoke',
  operationId: 'revokeToken',
  example: { body: { form: { token: PUBLIC_READ_TOKEN } }, status: 200 },
  summary: 'Revoke a token (RFC 7009): acknowledged, nothing to revoke',
  description: 'There is no server-side session, so revocation is only acknowledged.',
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  body: revocationRequest,
  bodyTypes: ['form', 'json'],
  responses: {
    200: { description: '`{ "revoked": true }` for any token, known or not (RFC 7009 § 2.2).', schema: revocationResponse },
    400: oauthFailure('`invalid_request` for a request without `token` (RFC 7009 § 2.1) or a body that is neither form-encoded nor JSON.'),
  },
  errors: ['rate_limited'],
  handler: async (c) => {
    // RFC 7009 § 2.1: `token` is REQUIRED, so a request without one is invalid_request (RFC 6749 §
    // 5.2). § 2.2: an unknown or invalid token is not an error; it is acknowledged like any other.
    const parsed = revocationRequest.safeParse((await readOAuthBody(c.req.raw, ['form', 'json'])) ?? {});
    if (!parsed.success) return oauthError(400, 'invalid_request', parsed.error.issues[0]!.message);
    return json({ revoked: true });
  },
});

// ---- Agent endpoints --------------------------------------------------------------------------

const identity = defineRoute({
  method: 'POST',
  path: '/agent/identity',
  operationId: 'declareIdentity',
  example: { body: { json: { type: 'anonymous' } }, status: 200 },
  summary: 'Declare an identity type; only `anonymous` is accepted',
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  body: identityRequest,
  responses: {
    200: { description: 'Continue at the token endpoint; no secret is returned.', schema: identityResponse },
    400: oauthFailure('`invalid_request`: missing or unknown `type`.'),
    401: { ...oauthFailure('`invalid_assertion` for `identity_assertion` and `service_auth`.'), headers: ['WWW-Authenticate'] },
  },
  errors: ['rate_limited'],
  handler: async (c, { data }) => {
    const parsed = identityRequest.safeParse(await readOAuthBody(c.req.raw, ['json']));
    if (!parsed.success) return oauthError(400, 'invalid_request', parsed.error.issues[0]!.message);
    const answer = identityAnswer(parsed.data.type, data.site.url);
    return json(answer.body, { status: answer.status, headers: answer.headers });
  },
});

const claim = defineRoute({
  method: 'POST',
  path: '/agent/claim',
  operationId: 'claimAgent',
  example: { status: 200 },
  summary: 'Claim: a no-op; reports `not_required`',
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  responses: {
    200: { description: 'Nothing to claim.', schema: claimResponse },
    400: oauthFailure('`invalid_request`: a body that is not valid JSON.'),
    413: oauthFailure('`invalid_request`: a body over 64 KiB.'),
    415: oauthFailure('`invalid_request`: a body of another media type than JSON.'),
  },
  errors: ['rate_limited'],
  handler: async (c, { data }) => {
    // Nothing is claimed, but a body, if sent, is held to the rules of every agent endpoint (auth.md § Errors).
    await readOAuthBody(c.req.raw, ['json']);
    return json(claimAnswer(data.site.url));
  },
});

const events = defineRoute({
  method: 'POST',
  path: '/agent/events',
  operationId: 'postAgentEvent',
  example: { body: { json: { type: 'visit' } }, status: 202 },
  summary: 'Post an event notice: acknowledged, not stored',
  description: 'A JSON object with a string `type`, at most 16 KiB. The service is read-only, so notices are not stored.',
  tag: 'access',
  policy: 'knowledge',
  cors: 'site',
  cache: 'no-store',
  errorShape: 'oauth',
  body: eventNotice,
  responses: {
    202: { description: 'Acknowledged, not stored.', schema: eventAcknowledgement },
    400: oauthFailure('`invalid_request`: not a JSON object with a string `type`.'),
    413: oauthFailure('`invalid_request`: the notice is over 16 KiB.'),
  },
  errors: ['rate_limited'],
  handler: async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_EVENT_BYTES) throw tooLarge();
    const body = await readOAuthBody(c.req.raw, ['json']);
    // A chunked body has no Content-Length; its compact re-serialization is never larger than what was sent.
    // JSON.parse takes nesting that JSON.stringify cannot recurse through (RangeError): such a body
    // is no notice, and a client mistake is never a 500 (docs/decisions.md § Errors).
    let size: number;
    try {
      size = Buffer.byteLength(JSON.stringify(body ?? null));
    } catch {
      return oauthError(400, 'invalid_request', 'The notice is nested too deeply to be an event object.');
    }
    if (size > MAX_EVENT_BYTES) throw tooLarge();
    const parsed = eventNotice.safeParse(body);
    if (!parsed.success) return oauthError(400, 'invalid_request', parsed.error.issues[0]!.message);
    return json(
      { accepted: true, stored: false, type: parsed.data.type, message: 'Thanks; this read-only service acknowledges notices without storing them.' },
      { status: 202 },
    );
  },
});

const tooLarge = () => new ApiError('payload_too_large', { message: 'An event notice is at most 16 KiB.' });

export const accessRoutes: RouteSpec[] = [
  catalogRoute('/api/v1'),
  catalogRoute('/api'),
  resourceMetadataRoute('/api/v1'),
  resourceMetadataRoute('/api'),
  register,
  token,
  revoke,
  identity,
  claim,
  events,
];
