// The /auth.md guide (KQ-PUBLIC-FILES): the access flow of KQ-PROTECTED, KQ-PRM, KQ-ASM,
// KQ-IDENTITY, KQ-REGISTER, KQ-TOKEN and KQ-REVOKE. Every ```sh block is one curl command and the
// ```http block after it is the answer; tests/integration/served-sample-site.test.ts runs each
// command against the built site and checks the answer matches, so the guide cannot drift from the code.
import type { Content } from '../records/schema.ts';
import { type ApiError, errorBody } from '../server/errors.ts';
import { claimAnswer, identityAnswer, type AgentAnswer } from '../server/access/agent.ts';
import { requirePublicRead } from '../server/access/bearer.ts';
import { catalog } from '../server/knowledge/catalog.ts';
import { accessUrls, authorizationServerMetadata, protectedResourceMetadata } from '../server/access/oauth-metadata.ts';
import { JWT_BEARER_GRANT, PUBLIC_READ_SCOPE, PUBLIC_READ_TOKEN, TOKEN_LIFETIME_SECONDS } from '../server/access/public-read.ts';
import { registerClient } from '../server/access/registration.ts';
import { exchangeToken, publicReadToken } from '../server/access/token.ts';
import {
  CIMD_REASONS,
  checkClientIdUrl,
  ClientIdMetadataError,
  FETCH_TIMEOUT_MS,
  MAX_CACHE_SECONDS,
  MAX_DOCUMENT_BYTES,
  MIN_CACHE_SECONDS,
} from '../server/access/client-id-metadata.ts';
import { JSON_TYPE } from '../http/media-types.ts';
import { NO_STORE } from '../http/cache-policy.ts';
import { escapeMarkdownText } from '../records/escape.ts';

/** A fixed "now" for the sample registration, so the guide is the same on every build. */
const SAMPLE_ISSUED_AT = Date.UTC(2026, 0, 1);

const REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 400: 'Bad Request', 401: 'Unauthorized' };

/** One documented exchange: the command, then the status, the headers that matter and the body. */
function exchange(command: string, status: number, headers: Record<string, string>, body: unknown): string {
  const head = [`HTTP/1.1 ${status} ${REASONS[status]}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return ['```sh', command, '```', '', 'Answer:', '', '```http', ...head, '', JSON.stringify(body, null, 2), '```'].join('\n');
}

const JSON_HEADERS = { 'Content-Type': JSON_TYPE };
const agentExchange = (command: string, answer: AgentAnswer) => exchange(command, answer.status, { ...JSON_HEADERS, ...answer.headers }, answer.body);
const NO_STORE_HEADERS = { 'Cache-Control': NO_STORE };

export function authGuide(content: Pick<Content, 'site' | 'pages' | 'projects'>): string {
  const { site } = content;
  const urls = accessUrls(site.url);

  let challenge: ApiError | undefined;
  try {
    requirePublicRead(undefined, site.url, '/api/v1');
  } catch (error) {
    challenge = error as ApiError;
  }
  const sampleClient = { client_name: 'my-agent', redirect_uris: ['http://127.0.0.1:8080/callback'] };
  const registration = registerClient(sampleClient, site.url, SAMPLE_ISSUED_AT);
  const jwtRefusal = exchangeToken({ grant_type: JWT_BEARER_GRANT });
  // FO-CIMD: a client_id whose document the check refuses (plain http) still gets the token, as
  // the token endpoint answers it (exchangeToken: the client_id never decides).
  const plainHttpClientId = 'http://agent.example/oauth/client.json';
  let cimdRefusal: ClientIdMetadataError | undefined;
  try {
    checkClientIdUrl(plainHttpClientId);
  } catch (error) {
    cimdRefusal = error as ClientIdMetadataError;
  }
  const refusedClientToken = exchangeToken({ grant_type: 'public', client_id: plainHttpClientId });
  if (!challenge || !registration.ok || jwtRefusal.ok || !(cimdRefusal instanceof ClientIdMetadataError) || !refusedClientToken.ok)
    throw new Error('auth guide: the sample exchanges no longer behave as documented');

  // FO-MARKDOWN-SAFE: the owner's name as Markdown text.
  const name = escapeMarkdownText(site.name);
  return `# Public-read access to ${name}'s knowledge API

${site.url} publishes public facts about ${name}. Access is free and read-only: no sign-up, no API key, no payment.

**Most of the API needs no token at all:** \`/ask\`, \`/api/v1/sandbox\`, \`/api/v1/batch\`, \`/api/v1/jobs\`, the portfolio REST API, \`/api/mcp\`, \`/llms.txt\` and \`/openapi.json\` are open.

**One resource asks for a bearer token:** the catalog, \`GET /api/v1\` (and its alias \`GET /api\`). The token is public: a fixed literal, \`${PUBLIC_READ_TOKEN}\`, the same for every caller. It is not a secret and identifies no one; it only marks that you followed the discovery flow below. Getting it takes one request.

## Quick start

\`\`\`sh
curl -i ${urls.token} -d grant_type=public
\`\`\`

Answer:

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json
Cache-Control: no-store
Pragma: no-cache

${JSON.stringify(publicReadToken(), null, 2)}
\`\`\`

Then send \`Authorization: Bearer ${PUBLIC_READ_TOKEN}\` to \`GET ${urls.catalog}\` (step 8 below).

## The flow, step by step

The metadata documents are authoritative: if this guide and the \`agent_auth\` block ever disagree, follow the metadata.

### 1. Call the catalog without a token

The 401 names the protected-resource metadata in \`WWW-Authenticate\` (RFC 9728 § 5.1).

${exchange(`curl -i ${urls.catalog}`, 401, { ...JSON_HEADERS, 'WWW-Authenticate': challenge.detail.headers!['WWW-Authenticate']! }, errorBody('unauthorized', site.url, challenge.detail))}

A token other than \`${PUBLIC_READ_TOKEN}\` gets the same 401 with \`error="invalid_token"\` added to the challenge (RFC 6750 § 3.1).

### 2. Read the protected-resource metadata (RFC 9728)

${exchange(`curl -i ${urls.protectedResourceMetadata}`, 200, {}, protectedResourceMetadata(site))}

This root document describes the origin (its \`resource\` is \`${site.url}\`). The catalog's own, whose \`resource\` is \`${urls.catalog}\`, is at \`${site.url}/.well-known/oauth-protected-resource/api/v1\`, where RFC 9728 § 3.1 clients derive it from the resource URL and where the 401 points; \`/api\` has its own at \`${site.url}/.well-known/oauth-protected-resource/api\`.

### 3. Read the authorization-server metadata (RFC 8414)

The issuer is \`${urls.issuer}\`; OAuth libraries discover it with the \`oauth2\` (RFC 8414) algorithm.

${exchange(`curl -i ${urls.authorizationServerMetadata}`, 200, {}, authorizationServerMetadata(site))}

### 4. Optional: name your client with a metadata document

No registration is needed: a client may use the https URL of its own Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document, the way MCP 2026-07-28 clients identify themselves) as \`client_id\` in the token request (step 7). The authorization-server metadata says so with \`client_id_metadata_document_supported: true\`. The document is a JSON object with RFC 7591 client metadata whose \`client_id\` is its own URL, for example served at \`https://agent.example/oauth/client.json\`:

\`\`\`json
${JSON.stringify({ client_id: 'https://agent.example/oauth/client.json', client_name: 'my-agent', redirect_uris: ['http://127.0.0.1:8080/callback'], token_endpoint_auth_method: 'none' }, null, 2)}
\`\`\`

The service fetches it when it first sees the URL and checks it: https only; the host must resolve to public addresses only; the answer must be 200 (redirects are not followed), at most ${MAX_DOCUMENT_BYTES / 1024} KB and arrive within ${FETCH_TIMEOUT_MS / 1000} s; its \`client_id\` must equal the URL; no \`client_secret\` and no \`token_endpoint_auth_method\` other than \`none\`; a \`redirect_uri\` sent with the token request must be one of its \`redirect_uris\`. A checked document is kept as its \`Cache-Control: max-age\` says, between ${MIN_CACHE_SECONDS} s and ${MAX_CACHE_SECONDS / 3600} h (5 minutes without one); a refused one is tried again after 30 s. What a checked document adds is its \`client_name\`, which the site's request log shows; that is all. **The token is never refused for its \`client_id\`**: the same public-read token goes to every caller, so a document that cannot be fetched or is refused (for one of the reasons ${CIMD_REASONS.map((r) => `\`${r}\``).join(', ')}) only goes unnamed:

${exchange(`curl -i ${urls.token} -d grant_type=public -d client_id=${plainHttpClientId}`, 200, { ...JSON_HEADERS, ...NO_STORE_HEADERS, Pragma: 'no-cache' }, refusedClientToken.token)}

#### Deprecated: dynamic client registration (RFC 7591), for older clients

Dynamic client registration stays for older clients; MCP 2026-07-28 deprecates it in favour of metadata documents (step 4), so new clients should use those. Free and instant, no human approval. Only public clients exist here: \`token_endpoint_auth_method\` is \`none\` and no \`client_secret\` is ever issued. Redirect URIs must be https, or http on a loopback address (\`127.0.0.1\`, \`[::1]\`, \`localhost\`), without a fragment. Nothing is stored: the same metadata always gets the same \`client_id\`, and no endpoint requires one.

${exchange(`curl -i ${urls.register} -H 'Content-Type: application/json' -d '${JSON.stringify(sampleClient)}'`, 201, { ...JSON_HEADERS, ...NO_STORE_HEADERS }, registration.registration)}

### 5. Optional: declare your identity

Identity types are \`anonymous\`, \`identity_assertion\` and \`service_auth\`; only \`anonymous\` is accepted, and it returns no secret.

${agentExchange(`curl -i ${urls.identity} -H 'Content-Type: application/json' -d '{"type":"anonymous"}'`, identityAnswer('anonymous', site.url))}

### 6. Optional: claim

There is nothing to claim; the endpoint says so.

${exchange(`curl -i -X POST ${urls.claim}`, 200, JSON_HEADERS, claimAnswer(site.url))}

### 7. Get the token

Form-encoded, as RFC 6749 § 4 has it, or JSON. \`grant_type\` defaults to \`public\`; \`client_id\` is optional (a metadata document's URL is checked as step 4 says, for its name only; any value gets the token). The token lasts ${TOKEN_LIFETIME_SECONDS} seconds; ask again at any time and you get the same value.

${exchange(`curl -i ${urls.token} -H 'Content-Type: application/json' -d '{"grant_type":"public"}'`, 200, { ...JSON_HEADERS, ...NO_STORE_HEADERS, Pragma: 'no-cache' }, publicReadToken())}

### 8. Read the catalog

The profile summary and the public page list, paginated with \`page\` (from 1) and \`limit\` (1 to 100, default 50). Scope \`${PUBLIC_READ_SCOPE}\` covers the same public pages as the sandbox.

${exchange(`curl -i '${urls.catalog}?limit=2' -H 'Authorization: Bearer ${PUBLIC_READ_TOKEN}'`, 200, JSON_HEADERS, catalog(content, 1, 2, 'public-read'))}

### 9. Revoke (RFC 7009)

Send the token as \`token\` (required, RFC 7009 § 2.1: without it the answer is 400 \`invalid_request\`). There is no server-side session, so revocation is acknowledged, for any token, and nothing else changes.

${exchange(`curl -i ${urls.revoke} -d token=${PUBLIC_READ_TOKEN}`, 200, JSON_HEADERS, { revoked: true })}

## Refused on purpose

The jwt-bearer grant (\`${JWT_BEARER_GRANT}\`) may appear in client metadata, but no assertion can be verified here, with or without one:

${exchange(`curl -i ${urls.token} -d grant_type=${JWT_BEARER_GRANT}`, 400, { ...JSON_HEADERS, ...NO_STORE_HEADERS }, { error: jwtRefusal.error, error_description: jwtRefusal.description })}

\`identity_assertion\` (assertion type \`urn:ietf:params:oauth:token-type:id-jag\`) and \`service_auth\` are recognized and refused the same way:

${agentExchange(`curl -i ${urls.identity} -H 'Content-Type: application/json' -d '{"type":"identity_assertion"}'`, identityAnswer('identity_assertion', site.url))}

## Errors

OAuth and agent endpoints answer \`{ "error": "…", "error_description": "…" }\` (RFC 6749 § 5.2). The catalog answers the API's error object, \`{ "error": { "code", "message", "status", "hint", "docs", "auth" }, "resource_metadata" }\`.

| Endpoint | Status | \`error\` | When |
|---|---|---|---|
| \`/oauth/register\` | 400 | \`invalid_client_metadata\` | the body is not a JSON object (not JSON at all, or another media type); \`token_endpoint_auth_method\` is not \`none\`; a grant type other than \`public\` or jwt-bearer; a field of the wrong type |
| \`/oauth/register\` | 400 | \`invalid_redirect_uri\` | a redirect URI that is not an absolute URL, uses \`javascript:\` or \`data:\`, uses plain http off loopback, or has a fragment |
| \`/oauth/token\` | 400 | \`unsupported_grant_type\` | any \`grant_type\` other than \`public\` and jwt-bearer (an empty one too) |
| \`/oauth/token\` | 400 | \`invalid_grant\` | the jwt-bearer grant, with or without an assertion |
| \`/oauth/token\` | 400 | \`invalid_scope\` | a scope other than \`${PUBLIC_READ_SCOPE}\` |
| any OAuth or agent endpoint | 400, 413, 415 | \`invalid_request\` | a body that is not valid JSON (or form where allowed), over 64 KiB, or of another media type (except registration, above); a form parameter sent twice (RFC 6749 § 3.2). An empty body, whatever its \`Content-Type\`, is a request without parameters |
| any OAuth or agent endpoint | 429 | \`slow_down\` | over the knowledge rate limit; \`Retry-After\` says when to retry |
| \`/agent/identity\` | 400 | \`invalid_request\` | \`type\` missing or unknown |
| \`/agent/identity\` | 401 | \`invalid_assertion\` | \`type\` is \`identity_assertion\` or \`service_auth\` |
| \`/agent/events\` | 400 | \`invalid_request\` | not a JSON object with a string \`type\` (notices are acknowledged with 202 and not stored) |
| \`/api/v1\`, \`/api\` | 401 | \`unauthorized\` | no bearer token, or not \`${PUBLIC_READ_TOKEN}\` |

Every response carries \`RateLimit-Policy\` and \`RateLimit\` headers: these endpoints share the knowledge limit; over it, 429 with \`Retry-After\` and \`{ "error": "slow_down" }\` (the OAuth shape; the catalog answers \`rate_limited\` in the API's shape).
`;
}
