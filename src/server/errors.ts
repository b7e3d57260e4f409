// The error catalog: every API error response comes from here. Each entry is data (code, status,
// message, hint, and the input fields its hint is about); codes are permanent once published
// (PF-ERROR-SHAPE, PF-ERRORS, KQ-ERROR-SHAPE; docs/decisions.md § Error object).
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

export const ERRORS = {
  invalid_query: {
    fields: ['q', 'query'],
    status: 400,
    message: 'The query is missing, empty or too long.',
    hint: 'Send a query of 1 to 500 characters, e.g. ?q=search+engine.',
  },
  invalid_batch: { fields: ['queries'], status: 400, message: 'The batch is not valid.', hint: 'Send {"queries": [...]} with 1 to 10 non-empty strings.' },
  invalid_job: { fields: ['queries'], status: 400, message: 'The job is not valid.', hint: 'Send {"queries": [...]} with 1 to 10 non-empty strings.' },
  job_not_found: { status: 404, message: 'No job has this id.', hint: 'Use the job_id or Location returned by POST /api/v1/jobs, unchanged.' },
  invalid_slug: {
    fields: ['slug', 'slugs'],
    status: 400,
    message: 'The slug is not valid.',
    hint: 'Slugs are lowercase a-z, 0-9 and inner hyphens, 1 to 60 characters; list them with GET /api/v1/projects or GET /api/v1/posts.',
  },
  invalid_filter: {
    fields: ['type', 'category', 'archive', 'page', 'limit', 'lang'],
    status: 400,
    message: 'A filter or paging parameter is not valid.',
    hint: "Check type, category, archive, tag, page, limit and lang (one of the site's language tags) against /openapi.json.",
  },
  invalid_compare: {
    fields: ['slugs'],
    status: 400,
    message: 'Compare needs two to four distinct project slugs.',
    hint: 'Send ?slugs=a,b with 2 to 4 distinct slugs from GET /api/v1/projects.',
  },
  invalid_cursor: {
    fields: ['cursor'],
    status: 400,
    message: 'The cursor is not valid for this request.',
    hint: 'Send back nextCursor unchanged, with the same filters as the request that returned it.',
  },
  // /ask and its MCP tool (the knowledge service); on the portfolio's routes `lang` is a filter: invalid_filter.
  unknown_language: {
    fields: ['lang'],
    status: 400,
    message: 'The site has no language with this tag.',
    hint: "Send lang as text, one of the site's language tags (e.g. en), or leave lang out for its main language.",
  },
  not_found: { status: 404, message: 'Nothing has this slug.', hint: 'List the slugs with GET /api/v1/projects?archive=1 or GET /api/v1/posts.' },
  route_not_found: { status: 404, message: 'No API route has this path.', hint: 'See /openapi.json: it lists every route.' },
  method_not_allowed: { status: 405, message: 'This route does not answer this method.', hint: 'Use a method listed in the Allow header.' },
  unauthorized: { status: 401, message: 'A bearer token is required.', hint: 'Follow the public-read flow in /auth.md: it takes two requests and no secret.' },
  invalid_json: { status: 400, message: 'The body is not valid JSON.', hint: 'Send a JSON object with Content-Type: application/json.' },
  unsupported_media_type: { status: 415, message: 'The body has an unsupported media type.', hint: 'Send Content-Type: application/json.' },
  not_acceptable: {
    status: 406,
    message: 'The Accept header lists no media type this route answers.',
    hint: 'Send Accept: application/json, text/event-stream (MCP Streamable HTTP transport).',
  },
  incomplete_body: {
    status: 400,
    message: 'The request body broke off before its end.',
    hint: 'Send the whole body again, with Content-Length or a complete chunked encoding.',
  },
  request_timeout: {
    status: 408,
    message: 'The request body did not arrive in time.',
    hint: 'Send the whole body at once: it must arrive within 10 seconds of the request.',
  },
  payload_too_large: { status: 413, message: 'The body is too large.', hint: 'Keep request bodies under 64 KiB.' },
  forbidden_host: {
    status: 403,
    message: 'This local server does not answer this Host or Origin.',
    hint: 'Ask for localhost, 127.0.0.1 or [::1]; to serve another host name, list it in FOLIO_ALLOWED_HOSTS (comma-separated, e.g. FOLIO_ALLOWED_HOSTS=example.test).',
  },
  invalid_host: {
    status: 400,
    message: 'The request names more than one Host.',
    hint: 'Send exactly one Host header, naming one host (RFC 9112 § 3.2).',
  },
  unsupported_transfer_coding: {
    status: 501,
    message: 'The request body uses a transfer coding this server does not implement.',
    hint: 'Send the body with Content-Length, or with Transfer-Encoding: chunked alone (RFC 9112 § 6.1).',
  },
  request_header_too_large: {
    status: 431,
    message: 'The request header block is too large.',
    hint: 'Send fewer or shorter headers (cookies included): at most 16 KiB in all.',
  },
  rate_limited: { status: 429, message: 'Too many requests.', hint: 'Wait the number of seconds in Retry-After, then retry.' },
  // Never caused by what a client sent (docs/decisions.md § Error object): only a bug or a broken deployment answers this.
  internal_error: { status: 500, message: 'Something went wrong on our side.', hint: 'Retry later; if it keeps happening, tell the site owner.' },
} as const satisfies Record<string, { status: number; message: string; hint: string; fields?: readonly string[] }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** Docs for every code live on one page, anchored by code, so links never break. */
export const docsUrl = (code: ErrorCode) => `/developers#error-${code}`;

export const errorObject = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    status: z.int(),
    hint: z.string().optional(),
    docs: z.string().optional(),
    auth: z.string().optional(),
  })
  .meta({ id: 'ErrorObject' });

export const errorResponse = z.object({ error: errorObject, resource_metadata: z.string().optional() }).meta({ id: 'ErrorResponse' });

export type ErrorBody = z.infer<typeof errorResponse>;

/** The one error type: a failure a handler or middleware raises; the app's onError answers it from the catalog. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly detail: { message?: string; hint?: string; headers?: Record<string, string>; extra?: Partial<ErrorBody['error']>; resourceMetadata?: string };
  constructor(code: ErrorCode, detail: ApiError['detail'] = {}) {
    super(ERRORS[code].status as ContentfulStatusCode, { message: detail.message ?? ERRORS[code].message });
    this.code = code;
    this.detail = detail;
  }
}

/** The error body for a code; `origin` makes the docs link absolute. */
export function errorBody(code: ErrorCode, origin: string, detail: ApiError['detail'] = {}): ErrorBody {
  const entry = ERRORS[code];
  return {
    error: {
      code,
      message: detail.message ?? entry.message,
      status: entry.status,
      hint: detail.hint ?? entry.hint,
      docs: origin + docsUrl(code),
      ...detail.extra,
    },
    ...(detail.resourceMetadata ? { resource_metadata: detail.resourceMetadata } : {}),
  };
}
