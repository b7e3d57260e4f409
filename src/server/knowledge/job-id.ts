// Job ids carry their job: the list of queries, compressed, in a versioned, checksummed, URL-safe
// string (DESIGN.md § Jobs). No store exists, so any instance can answer any poll.
//
//   j1.<base64url(deflate-raw(JSON entries))>.<checksum>
//
// The checksum is the first 8 base64url characters (48 bits) of SHA-256 over `j1.<payload>`. It is
// not a signature (there is no secret, and nothing needs one: a job is only a saved batch, which
// anyone may post); it makes a mistyped or truncated id a clean 404 instead of a wrong answer.
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { MAX_BODY_BYTES, MAX_QUERY_CHARS } from '../http.ts';
import { MAX_BATCH_QUERIES } from './schemas.ts';

export const JOB_ID_VERSION = 'j1';
/**
 * Ids live in a URL path and a Location header; 8,000 characters stays inside the ~8 KiB request
 * line that servers and proxies commonly accept. Ten ordinary 500-character questions compress to
 * about half of that; queries too random to fit are refused at creation (400 invalid_job).
 */
export const MAX_JOB_ID_CHARS = 8000;
const CHECKSUM_CHARS = 8;
/** Decompression is bounded too, so a crafted id cannot expand into a memory bomb. */
const MAX_PAYLOAD_BYTES = MAX_BODY_BYTES;

/**
 * One query of a job: its text, or, for a query over the length limit, only its length. That query
 * answers with an error whatever its text, so the text is not kept and ids stay bounded.
 */
export type JobEntry = string | number;

const entries = z
  .array(z.union([z.string().trim().min(1).max(MAX_QUERY_CHARS), z.int().min(MAX_QUERY_CHARS + 1).max(MAX_BODY_BYTES)]))
  .min(1)
  .max(MAX_BATCH_QUERIES);

const checksum = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, CHECKSUM_CHARS);

export function encodeJobId(list: JobEntry[]): string {
  const payload = deflateRawSync(Buffer.from(JSON.stringify(list), 'utf8'), { level: 9 }).toString('base64url');
  const head = `${JOB_ID_VERSION}.${payload}`;
  return `${head}.${checksum(head)}`;
}

export type Decoded = { ok: true; entries: JobEntry[] } | { ok: false; reason: string };

/** Every way an id can be wrong gives a reason for the 404's message; none throws. */
export function decodeJobId(id: string): Decoded {
  if (id.length > MAX_JOB_ID_CHARS) return { ok: false, reason: `The id is longer than ${MAX_JOB_ID_CHARS} characters, so no job has it.` };
  const parts = id.split('.');
  if (parts.length !== 3 || parts[0] !== JOB_ID_VERSION) {
    return { ok: false, reason: `The id is not a job id: job ids look like ${JOB_ID_VERSION}.<data>.<checksum>.` };
  }
  const [version, payload = '', sum = ''] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || sum !== checksum(`${version}.${payload}`)) {
    return { ok: false, reason: "The id's checksum does not match: it was changed or mistyped." };
  }
  let json: string;
  try {
    json = inflateRawSync(Buffer.from(payload, 'base64url'), { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8');
  } catch {
    return { ok: false, reason: "The id's data cannot be read." };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, reason: "The id's data cannot be read." };
  }
  const result = entries.safeParse(parsed);
  return result.success ? { ok: true, entries: result.data } : { ok: false, reason: "The id's data is not a list of queries." };
}
