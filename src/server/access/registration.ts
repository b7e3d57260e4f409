// Dynamic client registration (RFC 7591 § 3), public clients only. Nothing is stored: no endpoint
// ever checks a client_id (the public grant needs none), so the id is derived from the metadata.
import { createHash } from 'node:crypto';
import { accessUrls } from './oauth-metadata.ts';
import { PUBLIC_READ_SCOPE } from './public-read.ts';
import { clientMetadata, type ClientMetadata, type ClientRegistration } from './schemas.ts';

export type RegistrationResult =
  | { ok: true; registration: ClientRegistration }
  | { ok: false; error: 'invalid_client_metadata' | 'invalid_redirect_uri'; description: string };

/** Validates client metadata and answers the registration, or the RFC 7591 § 3.2.2 error. */
export function registerClient(body: unknown, siteUrl: string, now: number): RegistrationResult {
  const parsed = clientMetadata.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // § 3.2.2: a bad redirect URI has its own code; every other field is invalid_client_metadata.
    const error = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    return { ok: false, error, description: issue.message };
  }
  const metadata = parsed.data;
  const registered = {
    token_endpoint_auth_method: 'none' as const,
    grant_types: metadata.grant_types?.length ? [...new Set(metadata.grant_types)] : ['public'],
    ...pick(metadata),
  };
  return {
    ok: true,
    registration: {
      client_id: clientIdFor(registered),
      client_id_issued_at: Math.floor(now / 1000),
      ...registered,
      response_types: [],
      scope: PUBLIC_READ_SCOPE,
      token_endpoint: accessUrls(siteUrl).token,
    },
  };
}

/** The metadata fields kept in the registration (§ 3.2.1 echoes registered metadata back). */
function pick(m: ClientMetadata) {
  return {
    ...(m.client_name !== undefined && { client_name: m.client_name }),
    ...(m.client_uri !== undefined && { client_uri: m.client_uri }),
    ...(m.redirect_uris !== undefined && { redirect_uris: m.redirect_uris }),
    ...(m.contacts !== undefined && { contacts: m.contacts }),
  };
}

/** Same metadata, same id: registration is idempotent and needs no store. Key order is fixed by `registerClient`. */
function clientIdFor(registered: object): string {
  return `public-${createHash('sha256').update(JSON.stringify(registered)).digest('base64url').slice(0, 22)}`;
}
