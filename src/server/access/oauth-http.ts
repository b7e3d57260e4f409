// Request and response helpers of the OAuth and agent endpoints, which answer `{ error,
// error_description }` (RFC 6749 § 5.2) instead of the catalog's error object.
import type { ErrorCode } from '../errors.ts';
import { json, readBody } from '../http.ts';

/**
 * The OAuth error code (RFC 6749 § 5.2) a catalog error becomes on an OAuth endpoint; every
 * other failure of a request there is `invalid_request`.
 */
export const OAUTH_ERROR_FOR: Partial<Record<ErrorCode, string>> = { rate_limited: 'slow_down', internal_error: 'server_error' };

/** An OAuth error response. RFC 6749 § 5.2: 400 unless the client failed to authenticate. */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return json({ error, error_description: description }, { status, headers });
}

/**
 * The body of an OAuth request, or undefined when it has no bytes, whatever its Content-Type (the
 * token request's body is optional: KQ-TOKEN's grant_type defaults to `public`). Failures of the
 * shared reader (415, 413, bad JSON, a repeated parameter) are answered as `invalid_request`.
 */
export const readOAuthBody = (req: Request, types: ('json' | 'form')[]): Promise<unknown> => readBody(req, types, { optional: true });
