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
 * The body of an OAuth request, or undefined when there is none. A POST with no Content-Type and no
 * bytes carries no parameters (the token request's body is optional, spec § Endpoints); anything
 * else goes through the shared reader, whose failures (415, 413, bad JSON) the app answers as
 * `invalid_request`.
 */
export async function readOAuthBody(req: Request, types: ('json' | 'form')[]): Promise<unknown> {
  if (!req.headers.get('content-type') && (await isEmpty(req))) return undefined;
  return readBody(req, types);
}

/** True when the body has no bytes. Reads at most one non-empty chunk, then lets go of the stream. */
async function isEmpty(req: Request): Promise<boolean> {
  if (!req.body) return true;
  if (req.headers.get('content-length') === '0') return true;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      if (value.byteLength > 0) return false;
    }
  } finally {
    // Without a Content-Type, a non-empty body is refused before it is read again.
    await reader.cancel().catch(() => {});
  }
}
