// Header names the API sends or reads beyond the ones every HTTP library knows, each list once:
// CORS exposes and allows them, openapi.json documents them, the rate limiter writes them.

/** draft-ietf-httpapi-ratelimit-headers: the draft's two fields, then the older trio clients still read. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

/** A deprecated API version's answers (RFC 9745, RFC 8594, RFC 5829): see src/server/middleware/versioning.ts. */
export const VERSION_HEADERS = ['Deprecation', 'Sunset', 'Link'] as const;

/** Request headers a browser client may send cross-origin (the preflight's Allow-Headers). */
export const REQUEST_HEADERS = [
  'Accept',
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'If-None-Match',
  'Last-Event-ID',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
] as const;

/** Response headers a browser client may read cross-origin (Access-Control-Expose-Headers). */
export const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Retry-After',
  'Idempotency-Key',
  ...RATE_LIMIT_HEADERS,
  ...VERSION_HEADERS,
  'WWW-Authenticate',
  'X-Sandbox',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
] as const;
