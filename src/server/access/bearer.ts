// The bearer check of the protected catalog (KQ-PROTECTED; docs/decisions.md § OAuth).
import { ApiError } from '../errors.ts';
import { accessUrls, resourceMetadataUrl } from './oauth-metadata.ts';
import { PUBLIC_READ_TOKEN, type ProtectedPath } from './public-read.ts';

export type Credentials = { kind: 'missing' } | { kind: 'bearer'; token: string };

/**
 * Reads `Authorization: Bearer <token>` (RFC 6750 § 2.1). The scheme is case-insensitive
 * (RFC 9110 § 11.1). Any other scheme, or Bearer with nothing after it, counts as no credentials:
 * the answer is then the plain challenge that starts discovery.
 */
export function readCredentials(header: string | undefined): Credentials {
  const match = /^bearer[ \t]+(\S.*)$/is.exec(header?.trim() ?? '');
  return match ? { kind: 'bearer', token: match[1]!.trim() } : { kind: 'missing' };
}

/** A quoted-string for an auth-param (RFC 9110 § 5.6.4). */
export const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The 401 challenge. Without credentials: only `resource_metadata` (RFC 9728 § 5.1; RFC 6750 § 3.1
 * says no error code then). With a wrong token: `error="invalid_token"` too (RFC 6750 § 3.1).
 */
export function bearerChallenge(siteUrl: string, path: ProtectedPath, invalid?: { description: string }): string {
  const params = invalid ? [`error="invalid_token"`, `error_description=${quoted(invalid.description)}`] : [];
  params.push(`resource_metadata=${quoted(resourceMetadataUrl(siteUrl, path))}`);
  return `Bearer ${params.join(', ')}`;
}

/** Returns when the request carries the public-read token; otherwise raises the 401 `unauthorized`. */
export function requirePublicRead(authorization: string | undefined, siteUrl: string, path: ProtectedPath): void {
  const credentials = readCredentials(authorization);
  if (credentials.kind === 'bearer' && credentials.token === PUBLIC_READ_TOKEN) return;
  const urls = accessUrls(siteUrl);
  const invalid =
    credentials.kind === 'bearer'
      ? { description: `This token is not accepted; get the public-read token from ${urls.token} with grant_type=public.` }
      : undefined;
  throw new ApiError('unauthorized', {
    message: invalid ? 'The bearer token is not valid.' : undefined,
    headers: { 'WWW-Authenticate': bearerChallenge(siteUrl, path, invalid) },
    extra: { auth: urls.authGuide },
    resourceMetadata: resourceMetadataUrl(siteUrl, path),
  });
}
