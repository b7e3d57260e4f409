// Request and response helpers shared by every handler.
import { z } from 'zod';
import { ApiError, ERRORS, type ErrorCode } from './errors.ts';
import { FORM_TYPE, JSON_TYPE } from '../http/media-types.ts';

/** docs/decisions.md § Limits. */
export const MAX_BODY_BYTES = 64 * 1024;
/** docs/decisions.md § Limits: the longest a request body may take to arrive, whole. */
export const BODY_TIMEOUT_MS = 10_000;
/** What reading a body can answer (readBody), whatever the route: every route with a body documents these. */
export const BODY_ERRORS = [
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'incomplete_body',
  'request_timeout',
] as const satisfies readonly ErrorCode[];
export const MAX_QUERY_CHARS = 500;

export interface AnswerInit {
  status?: number;
  headers?: Record<string, string>;
}

/** A JSON answer of a value. */
export const json = (body: unknown, init?: AnswerInit) => Response.json(body, init);

/** JSON as UTF-8 bytes: what a kept answer is stored as, so no request encodes it again. */
export const jsonBytes = (body: unknown): Uint8Array<ArrayBuffer> => utf8.encode(JSON.stringify(body));
const utf8 = new TextEncoder();

/** A JSON answer of bytes made by jsonBytes. */
export const jsonOfBytes = (bytes: Uint8Array<ArrayBuffer>, init: AnswerInit = {}) =>
  new Response(bytes, { status: init.status, headers: { 'Content-Type': JSON_TYPE, ...init.headers } });

/**
 * Reads a JSON (or, where allowed, form-encoded) body within the size limit. With `optional`, a
 * body of no bytes is no body (`undefined`) whatever its Content-Type says.
 */
export async function readBody(req: Request, types: ('json' | 'form')[] = ['json'], { optional = false, timeoutMs = BODY_TIMEOUT_MS } = {}): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  // The media type is checked before reading, unless an empty body is allowed whatever its type,
  // or the request names no type at all: a request with neither type nor bytes sent no fields,
  // and its answer should name the field it lacks (400), not a media type it never used (415).
  const untyped = !req.headers.get('content-type');
  const form = optional || untyped ? undefined : isForm(req, types);
  const text = await readLimited(req, timeoutMs);
  if (optional && text === '') return undefined;
  if (untyped && text === '') return {};
  if (form ?? isForm(req, types)) return formParams(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json');
  }
}

/** Whether the body is form-encoded (else JSON); 415 for a media type the route does not take. */
function isForm(req: Request, types: ('json' | 'form')[]): boolean {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = type === JSON_TYPE || (type.startsWith('application/') && type.endsWith('+json'));
  if (isJson && types.includes('json')) return false;
  if (type === FORM_TYPE && types.includes('form')) return true;
  const accepted = types.map((t) => (t === 'json' ? JSON_TYPE : FORM_TYPE)).join(' or ');
  throw new ApiError('unsupported_media_type', {
    message: type ? `The body's media type ${type} is not accepted here.` : 'The request has no Content-Type.',
    hint: `Send Content-Type: ${accepted}.`,
  });
}

/**
 * Form parameters. Only the OAuth endpoints take forms, and RFC 6749 § 3.2 forbids a parameter
 * more than once; their error shape answers this as `invalid_request`.
 */
function formParams(text: string): Record<string, string> {
  const params = new URLSearchParams(text);
  const names = [...params.keys()];
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new ApiError('invalid_json', { message: `The parameter ${repeated} is sent more than once (RFC 6749 § 3.2).` });
  return Object.fromEntries(params);
}

/**
 * Reads at most MAX_BODY_BYTES, whatever Content-Length claimed (chunked bodies have none), within
 * `timeoutMs`. A body that breaks off (the client hung up, the stream errored) is the client's
 * fault, answered 400 `incomplete_body`; one that stalls is answered 408 `request_timeout` (RFC 9110
 * § 15.5.9) instead of holding the function until the platform gives up. Neither is logged.
 */
async function readLimited(req: Request, timeoutMs: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError('request_timeout', { message: `The request body did not arrive within ${timeoutMs / 1000} s.` })), timeoutMs);
  });
  const giveUp = (error: ApiError) => {
    // Cancelling tells the platform to stop reading; it may itself fail on a broken stream.
    reader.cancel().catch(() => {});
    return error;
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await Promise.race([reader.read(), stalled]);
      } catch (error) {
        throw giveUp(error instanceof ApiError ? error : new ApiError('incomplete_body'));
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > MAX_BODY_BYTES) throw giveUp(new ApiError('payload_too_large'));
      chunks.push(chunk.value);
    }
  } finally {
    clearTimeout(timer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError('invalid_json', { message: 'The body is not valid UTF-8.' });
  }
}

/**
 * Validates input against a schema; the first problem becomes the error whose code the route
 * maps for that field (e.g. `q` → invalid_query, `type` → invalid_filter).
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown, codes: ErrorCodes): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  // A check may name its own code (e.g. a malformed slug among compare's slugs is invalid_slug).
  const named = issue.code === 'custom' ? (issue.params?.code as ErrorCode | undefined) : undefined;
  const code = named ?? codeFor(codes, String(issue.path[0] ?? ''));
  const message = !field || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  throw new ApiError(code, { message: message.endsWith('.') ? message : `${message}.`, hint: hintFor(code, String(issue.path[0] ?? '')) });
}

/**
 * The catalog's hint is about the fields its code is named for; a problem with another field the
 * route maps to the same code (`streaming=maybe` on /ask is invalid_query) gets a hint about that field.
 */
function hintFor(code: ErrorCode, field: string): string | undefined {
  const about: readonly string[] | undefined = (ERRORS[code] as { fields?: readonly string[] }).fields;
  if (!field || !about || about.includes(field)) return undefined;
  return `Correct or leave out ${field}; /openapi.json lists the parameters of every operation.`;
}

/**
 * Refuses a query string whose percent-encoding is not UTF-8 (RFC 3986 § 2.1; e.g. `q=%ff`): the
 * parsers of the URL API and Hono keep such a value as its raw text, which would then be searched
 * for. The error is the one the route gives the parameter.
 */
export function checkQueryEncoding(url: string, codes: ErrorCodes): void {
  const start = url.indexOf('?');
  if (start < 0) return;
  for (const pair of url
    .slice(start + 1)
    .split('#')[0]!
    .split('&')) {
    const eq = pair.indexOf('=');
    const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const decoded = decodeStrict(name);
    if (decoded === undefined || decodeStrict(value) === undefined) {
      const field = decoded ?? 'a parameter';
      throw new ApiError(codeFor(codes, decoded), {
        message: `${field}: the percent-encoding is not UTF-8.`,
        hint: 'Encode the text as UTF-8 before percent-encoding it (encodeURIComponent does).',
      });
    }
  }
}

export type ErrorCodes = Partial<Record<string, ErrorCode>> & { '*': ErrorCode };

/** The code a route gives a field (own keys only: a client can name a parameter `__proto__`). */
const codeFor = (codes: ErrorCodes, field: string | undefined): ErrorCode => (field !== undefined && Object.hasOwn(codes, field) ? codes[field]! : codes['*']);

const decodeStrict = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
};

export const QUERY_RULE = `1 to ${MAX_QUERY_CHARS} characters after trimming`;

/** JSON can carry lone surrogates ("\ud800"), which are no text anyone typed (RFC 8259 § 8.2). */
export const wellFormedText = (text: string) => text.isWellFormed();
export const NOT_WELL_FORMED = 'is not well-formed Unicode text (it holds a lone surrogate)';

/**
 * Query text as docs/decisions.md § Limits sets it: 1 to 500 characters after trimming, well-formed.
 * The one schema of every query (search's q, /ask, batch items' limit, the MCP tools); messages are
 * relative to the field, which `validate` names.
 */
export const queryText = z
  .string({ error: (issue) => (issue.input === undefined ? `is required: send ${QUERY_RULE}` : `must be a string of ${QUERY_RULE}`) })
  .refine(wellFormedText, NOT_WELL_FORMED)
  .trim()
  .min(1, `is empty; send ${QUERY_RULE}`)
  // Says in the JSON Schema what trimming means: white space alone is no query (min(1) refuses it first).
  .regex(/\S/, `is only white space; send ${QUERY_RULE}`)
  .max(MAX_QUERY_CHARS, { error: (issue) => `is ${String(issue.input).length} characters long; send ${QUERY_RULE}` });

/**
 * An integer query parameter within bounds. Query strings carry text, so digits are turned into a
 * number first; anything else ("x", "1.5", "0x10", "1e2", "+5", "") fails with the range in the message. Numbers pass
 * through, so the same schema validates MCP tool arguments.
 */
export const queryInt = (name: string, min: number, max: number | undefined, fallback: number) => {
  const message = max === undefined ? `${name} must be an integer, ${min} or more` : `${name} must be an integer from ${min} to ${max}`;
  const int = z.int({ error: message }).min(min, message);
  return z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), max === undefined ? int : int.max(max, message)).default(fallback);
};
