// Request and response helpers shared by every handler.
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, type ErrorCode } from './errors.ts';

/** DESIGN.md § Limits. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_QUERY_CHARS = 500;

/**
 * A JSON answer before it is a Response: status, headers as a plain record of lower-case names, and
 * the serialized body. Handlers return these; the app adds its own headers to the record and makes
 * one Response at the end (toResponse). Why not a Response at once: a Headers object validates
 * every name and value on every set, copy and read, and the dozen headers each answer carries cost
 * more than the rest of a cached search (bench/RESULTS.md § What we changed). A Response built
 * from a plain record is also what `npm start`'s server writes without converting
 * (scripts/lib/node-server.ts).
 */
export class JsonAnswer {
  readonly body: string | Uint8Array<ArrayBuffer> | null;
  readonly status: number;
  headers: Record<string, string> = { 'content-type': 'application/json' };

  constructor(body: string | Uint8Array<ArrayBuffer> | null, { status = 200, headers = {} }: AnswerInit = {}) {
    this.body = body;
    this.status = status;
    for (const name in headers) this.headers[name.toLowerCase()] = headers[name]!;
  }

  /** The same answer with its own copy of the header record: one clone, the names being lower-case already. */
  copy(): JsonAnswer {
    const copy = new JsonAnswer(this.body, { status: this.status });
    copy.headers = { ...this.headers };
    return copy;
  }

  toResponse(): Response {
    const response = new Response(this.body, { status: this.status, headers: this.headers });
    (response as MadeFromAnswer)[MADE_FROM] = this;
    return response;
  }
}

/**
 * The answer each Response of toResponse was made from. A later hop (the local router adds
 * vercel.json's headers) then makes a new Response from a copy of the answer instead of reading
 * the first one's headers, which would build a Headers object (the cost JsonAnswer avoids). Such a
 * response's headers are therefore changed only through withHeaders. (A symbol-keyed property, not
 * a WeakMap: a WeakMap entry per response costs the garbage collector more than the lookup saves.)
 */
const MADE_FROM = Symbol('made from');
type MadeFromAnswer = Response & { [MADE_FROM]?: JsonAnswer };

export interface AnswerInit {
  status?: number;
  headers?: Record<string, string>;
}

/** A JSON answer of a value. */
export const json = (body: unknown, init?: AnswerInit) => new JsonAnswer(JSON.stringify(body), init);

/** JSON as UTF-8 bytes: what a kept answer is stored as, so no request encodes it again. */
export const jsonBytes = (body: unknown): Uint8Array<ArrayBuffer> => utf8.encode(JSON.stringify(body));
const utf8 = new TextEncoder();

/** What a handler answers: a JSON answer, or a Response of its own (streams, redirects, MCP). */
export type Reply = Response | JsonAnswer;

/** The part of the Headers interface the app edits answers with. */
export type HeaderEdit = Pick<Headers, 'get' | 'has' | 'set' | 'delete'>;

/** A JSON answer's header record seen through HeaderEdit: names compare case-insensitively (RFC 9110 § 5.1). */
class RecordHeaders implements HeaderEdit {
  readonly #record: Record<string, string>;
  constructor(record: Record<string, string>) {
    this.#record = record;
  }
  get(name: string) {
    const key = name.toLowerCase();
    return Object.hasOwn(this.#record, key) ? this.#record[key]! : null;
  }
  has(name: string) {
    return Object.hasOwn(this.#record, name.toLowerCase());
  }
  set(name: string, value: string) {
    this.#record[name.toLowerCase()] = value;
  }
  delete(name: string) {
    delete this.#record[name.toLowerCase()];
  }
}

/**
 * Changes a reply's headers and returns it as a Response: a JSON answer (or a response made from
 * one) through its plain record. Any other response in place: one made with `new Response` has
 * mutable headers (Fetch § 5.5, guard "response"), and copying the headers and re-wrapping the body
 * per hop costs more than the rest of a small answer. A response whose headers are immutable
 * (`Response.redirect`, a fetched response) throws on the first change and is copied instead.
 */
export function withHeaders(reply: Reply, edit: (headers: HeaderEdit) => void): Response {
  if (!(reply instanceof JsonAnswer)) {
    const made = (reply as MadeFromAnswer)[MADE_FROM];
    if (!made) return editResponse(reply, edit);
    reply = made.copy();
  }
  edit(new RecordHeaders(reply.headers));
  return reply.toResponse();
}

function editResponse(reply: Response, edit: (headers: HeaderEdit) => void): Response {
  try {
    edit(reply.headers);
    return reply;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(reply.body, reply);
    edit(copy.headers);
    return copy;
  }
}

/**
 * The client address. Vercel overwrites `x-forwarded-for` with the real client address and the
 * local server does the same from its socket, so a client cannot pick its own bucket.
 */
export function clientAddress(c: Context): string {
  const h = c.req.raw.headers;
  return h.get('x-real-ip') ?? h.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown';
}

/** Reads a JSON (or, where allowed, form-encoded) body within the size limit. */
export async function readBody(req: Request, types: ('json' | 'form')[] = ['json']): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
  const isForm = type === 'application/x-www-form-urlencoded';
  if (!(isJson && types.includes('json')) && !(isForm && types.includes('form'))) {
    const accepted = types.map((t) => (t === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ');
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
  const code = codes[String(issue.path[0] ?? '')] ?? codes['*'];
  const message = !field || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  throw new ApiError(code, { message: message.endsWith('.') ? message : `${message}.` });
}

/**
 * Query text as DESIGN.md § Limits sets it: 1 to 500 characters after trimming. `name` is the
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
