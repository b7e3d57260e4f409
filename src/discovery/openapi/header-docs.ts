// Documentation of the headers openapi.json names: every response header a route may list in
// `ResponseSpec.headers`, and every request header in `requestHeaders`.
type Json = Record<string, unknown>;

export interface HeaderDoc {
  description: string;
  schema: Json;
  example?: string;
  /** Every answer that documents this header carries it (the contract test checks it is there). */
  required?: boolean;
}

/** Every header a route may name in `ResponseSpec.headers` or `requestHeaders`. An unknown name fails the build. */
export const HEADER_DOCS: Record<string, HeaderDoc> = {
  'RateLimit-Policy': {
    description: 'The quota policy (draft-ietf-httpapi-ratelimit-headers): name, quota `q` and window `w` in seconds.',
    schema: { type: 'string' },
    example: '"portfolio";q=60;w=60',
    required: true,
  },
  RateLimit: {
    description: 'What is left of the quota (draft-ietf-httpapi-ratelimit-headers): name, remaining `r`, seconds to reset `t`.',
    schema: { type: 'string' },
    example: '"portfolio";r=59;t=60',
    required: true,
  },
  'RateLimit-Limit': {
    description: 'Requests allowed per window (the older header form many clients read).',
    schema: { type: 'integer', minimum: 1 },
    required: true,
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 }, required: true },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', minimum: 0 }, required: true },
  'Retry-After': { description: 'Seconds to wait before retrying (RFC 9110 § 10.2.3).', schema: { type: 'integer', minimum: 0 }, required: true },
  Location: { description: 'Absolute URL of the created resource: poll it (RFC 9110 § 10.2.2).', schema: { type: 'string', format: 'uri' }, required: true },
  'X-Sandbox': { description: 'Always `true`: this answer comes from the open sandbox.', schema: { type: 'string', enum: ['true'] }, required: true },
  'WWW-Authenticate': {
    description: 'The challenge (RFC 6750 § 3); for the catalog it names the protected-resource metadata (RFC 9728 § 5.1).',
    schema: { type: 'string' },
    required: true,
  },
  'Idempotency-Key': {
    description: 'Echoed when sent (draft-ietf-httpapi-idempotency-key-header). The same body always gets the same answer, so retries are safe.',
    schema: { type: 'string' },
  },
  ETag: {
    description: 'Validator of the current build: send it back in `If-None-Match` to get a 304 (RFC 9110 § 8.8.3).',
    schema: { type: 'string' },
    required: true,
  },
  'Cache-Control': {
    description: 'Caching rules (RFC 9111 § 5.2): public answers may be cached for five minutes.',
    schema: { type: 'string' },
    required: true,
  },
  Vary: { description: 'Request headers the answer depends on (RFC 9110 § 12.5.5).', schema: { type: 'string' } },
  Pragma: { description: '`no-cache`, for HTTP/1.0 caches (RFC 6749 § 5.1).', schema: { type: 'string' } },
  Allow: { description: 'The methods this path answers (RFC 9110 § 10.2.1).', schema: { type: 'string' }, example: 'GET, HEAD, OPTIONS', required: true },
  Deprecation: {
    description: 'Only while this API version is deprecated: since when, as `@<unix seconds>` (RFC 9745). See /developers/deprecation.',
    schema: { type: 'string' },
  },
  Sunset: { description: 'Only while this API version is deprecated: when it stops answering, an HTTP-date (RFC 8594).', schema: { type: 'string' } },
  Link: {
    description: 'Only while this API version is deprecated: the successor version (`rel="successor-version"`) and the policy (`rel="deprecation"`).',
    schema: { type: 'string' },
  },
};

/** Request headers documented as parameters. `Authorization` is the security scheme's (OAS 3.1 § 4.8.12.1). */
export const REQUEST_HEADER_DOCS: Record<string, Json> = {
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Optional (draft-ietf-httpapi-idempotency-key-header); echoed in the answer. Answers are pure functions of the body, so a retry gets the same answer.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  'If-None-Match': {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The ETag of an earlier answer; when the build has not changed the answer is 304 with no body (RFC 9110 § 13.1.2).',
    schema: { type: 'string' },
  },
  'Mcp-Protocol-Version': {
    name: 'Mcp-Protocol-Version',
    in: 'header',
    required: false,
    description: 'The MCP protocol revision the client speaks (Streamable HTTP § Protocol Version Header); required by 2026-07-28 clients.',
    schema: { type: 'string' },
  },
  'Mcp-Method': {
    name: 'Mcp-Method',
    in: 'header',
    required: false,
    description: 'MCP 2026-07-28: the JSON-RPC method of the body, so intermediaries can route without parsing it; must match the body.',
    schema: { type: 'string' },
  },
  'Mcp-Name': {
    name: 'Mcp-Name',
    in: 'header',
    required: false,
    description: 'MCP 2026-07-28: the tool, resource or prompt the request names (params.name or params.uri); must match the body.',
    schema: { type: 'string' },
  },
};
/** OAS 3.1 § 4.8.12.1: Accept, Content-Type and Authorization header parameters are ignored; media types and security say it. */
export const SKIPPED_REQUEST_HEADERS = new Set(['accept', 'content-type', 'authorization']);
