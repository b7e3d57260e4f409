// The token endpoint's decision (RFC 6749 § 5; KQ-TOKEN; docs/decisions.md § OAuth).
import { JWT_BEARER_GRANT, PUBLIC_READ_SCOPE, PUBLIC_READ_TOKEN, TOKEN_LIFETIME_SECONDS } from './public-read.ts';
import { tokenRequest, type TokenResponse } from './schemas.ts';
import { checkRedirectUri, ClientIdMetadataError, type ClientIdMetadataResolver, isClientIdUrl } from './client-id-metadata.ts';

export type TokenResult =
  | {
      ok: true;
      token: TokenResponse;
      /** The name a checked client ID metadata document gives its client (`client_name`): something to show, never a condition. */
      clientName?: string;
    }
  | {
      ok: false;
      error: 'invalid_request' | 'unsupported_grant_type' | 'invalid_grant' | 'invalid_scope';
      description: string;
    };

/** The public token response: the same literal for every caller (KQ-TOKEN). */
export const publicReadToken = (): TokenResponse => ({
  access_token: PUBLIC_READ_TOKEN,
  token_type: 'Bearer',
  scope: PUBLIC_READ_SCOPE,
  expires_in: TOKEN_LIFETIME_SECONDS,
});

/** Early-return ladder: malformed → unknown grant → refused grant → scope → token. */
export function exchangeToken(body: unknown): TokenResult {
  const parsed = tokenRequest.safeParse(body);
  if (!parsed.success) return { ok: false, error: 'invalid_request', description: parsed.error.issues[0]!.message };
  // KQ-TOKEN: grant_type is optional and defaults to `public`.
  const { grant_type: grant = 'public', scope, assertion } = parsed.data;

  if (grant === JWT_BEARER_GRANT) {
    // KQ-TOKEN: no assertion → invalid_grant. With one, RFC 7523 § 3.1 still
    // means invalid_grant: this service holds no keys and trusts no issuer, so none can be verified.
    const description = assertion
      ? 'No assertion can be verified here (no issuer is trusted); use grant_type=public, which needs none.'
      : 'The jwt-bearer grant needs an assertion (RFC 7523 § 2.1), and none is accepted here; use grant_type=public.';
    return { ok: false, error: 'invalid_grant', description };
  }
  if (grant !== 'public') {
    return { ok: false, error: 'unsupported_grant_type', description: `grant_type ${JSON.stringify(grant)} is not supported; use "public".` };
  }
  // RFC 6749 § 3.3: a space-delimited list; asking for anything beyond the one scope is invalid_scope.
  const unknown = scope?.split(' ').filter((s) => s && s !== PUBLIC_READ_SCOPE) ?? [];
  if (unknown.length > 0) {
    return { ok: false, error: 'invalid_scope', description: `Only the scope ${PUBLIC_READ_SCOPE} exists; ${unknown.join(' ')} is not granted.` };
  }
  return { ok: true, token: publicReadToken() };
}

/**
 * The token request with a URL-shaped `client_id` (FO-CIMD): the public-read token is never
 * refused for its client_id (KQ-TOKEN: the same token for every caller, and `invalid_grant` the
 * only refusal the knowledge service description lists for this endpoint). What a Client ID
 * Metadata Document adds is optional: when the document at the URL is fetched and checked
 * (client-id-metadata.ts, with its bounds) and names its client, that name is returned to be shown
 * (the request log); a document that cannot be fetched, or is refused, only goes without one.
 */
export async function exchangeTokenFor(body: unknown, clientIds: ClientIdMetadataResolver): Promise<TokenResult> {
  const result = exchangeToken(body);
  if (!result.ok) return result;
  const { client_id: clientId, redirect_uri: redirectUri } = tokenRequest.parse(body);
  if (clientId === undefined || !isClientIdUrl(clientId)) return result;
  try {
    const doc = await clientIds(clientId);
    checkRedirectUri(doc, redirectUri);
    return doc.client_name ? { ...result, clientName: doc.client_name } : result;
  } catch (error) {
    if (!(error instanceof ClientIdMetadataError)) throw error;
    return result;
  }
}
