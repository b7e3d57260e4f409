// Request and response helpers shared by every handler.
import { z } from 'zod';
import { ApiError, type ErrorCode } from './errors.ts';
import { FORM_TYPE, JSON_TYPE } from './media-types.ts';

/** docs/decisions.md § Limits. */
export const MAX_BODY_BYTES = 64 * 1024;
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

/** Reads a JSON (or, where allowed, form-encoded) body within the size limit. */
export async function readBody(req: Request, types: ('json' | 'form')[] = ['json']): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = type === JSON_TYPE || (type.startsWith('application/') && type.endsWith('+json'));
  const isForm = type === FORM_TYPE;
  if (!(isJson && types.includes('json')) && !(isForm && types.includes('form'))) {
    const accepted = types.map((t) => (t === 'json' ? JSON_TYPE : FORM_TYPE)).join(' or ');
    throw new ApiError('unsupported_media_type', {
      message: type ? `The body's media type ${type} is not accepted here.` : 'The request has no Content-Type.',
      hint: `Send Content-Type: ${accepted}.`,
    });
  }
  const text = await readLimited(req);
  if (isForm) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json');
  }
}

/** Reads at most MAX_BODY_BYTES, whatever Content-Length claimed (chunked bodies have none). */
async function readLimited(req: Request): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError('payload_too_large');
    }
    chunks.push(value);
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
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  codes: Partial<Record<string, ErrorCode>> & { '*': ErrorCode },
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  // A check may name its own code (e.g. a malformed slug among compare's slugs is invalid_slug).
  const named = issue.code === 'custom' ? (issue.params?.code as ErrorCode | undefined) : undefined;
  const code = named ?? codes[String(issue.path[0] ?? '')] ?? codes['*'];
  const message = !field || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  throw new ApiError(code, { message: message.endsWith('.') ? message : `${message}.` });
}

/**
 * Query text as docs/decisions.md § Limits sets it: 1 to 500 characters after trimming. `name` is the
 * parameter's name, for messages.
 */
export const queryText = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(MAX_QUERY_CHARS, `${name} must be at most ${MAX_QUERY_CHARS} characters`);

/**
 * An integer query parameter within bounds. Query strings carry text, so digits are turned into a
 * number first; anything else ("x", "1.5", "") fails with the range in the message. Numbers pass
 * through, so the same schema validates MCP tool arguments.
 */
export const queryInt = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be an integer from ${min} to ${max}`;
  return z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), z.int({ error: message }).min(min, message).max(max, message))
    .default(fallback);
};
