// Job ids carry their job: the list of queries, compressed, in the one token codec (token.ts):
// `j1.<base64url(deflate-raw(JSON entries))>.<checksum>` (docs/decisions.md § Jobs). No store
// exists, so any instance can answer any poll. The checksum is not a signature (there is no secret,
// and nothing needs one: a job is only a saved batch, which anyone may post); it makes a mistyped
// or truncated id a clean 404 instead of a wrong answer.
import { z } from 'zod';
import { MAX_BODY_BYTES, MAX_QUERY_CHARS } from '../http.ts';
import { decodeToken, encodeToken, type TokenFormat } from '../token.ts';
import { MAX_BATCH_QUERIES } from './schemas.ts';

export const JOB_ID_VERSION = 'j1';
/**
 * Ids live in a URL path and a Location header; 8,000 characters stays inside the ~8 KiB request
 * line that servers and proxies commonly accept. Ten ordinary 500-character questions compress to
 * about half of that; queries too random to fit are refused at creation (400 invalid_job).
 */
export const MAX_JOB_ID_CHARS = 8000;
/** Decompression is bounded too (to a request body's limit), so a crafted id cannot expand into a memory bomb. */
const FORMAT: TokenFormat = { version: JOB_ID_VERSION, deflate: true, maxBytes: MAX_BODY_BYTES };

/**
 * One query of a job: its text, or, for a query over the length limit, only its length. That query
 * answers with an error whatever its text, so the text is not kept and ids stay bounded.
 */
export type JobEntry = string | number;

const entries = z
  .array(z.union([z.string().trim().min(1).max(MAX_QUERY_CHARS), z.int().min(MAX_QUERY_CHARS + 1).max(MAX_BODY_BYTES)]))
  .min(1)
  .max(MAX_BATCH_QUERIES);

export const encodeJobId = (list: JobEntry[]): string => encodeToken(list, FORMAT);

export type Decoded = { ok: true; entries: JobEntry[] } | { ok: false; reason: string };

const REASONS = {
  shape: `The id is not a job id: job ids look like ${JOB_ID_VERSION}.<data>.<checksum>.`,
  checksum: "The id's checksum does not match: it was changed or mistyped.",
  data: "The id's data cannot be read.",
};

/** Every way an id can be wrong gives a reason for the 404's message; none throws. */
export function decodeJobId(id: string): Decoded {
  if (id.length > MAX_JOB_ID_CHARS) return { ok: false, reason: `The id is longer than ${MAX_JOB_ID_CHARS} characters, so no job has it.` };
  const decoded = decodeToken(id, FORMAT);
  if (!decoded.ok) return { ok: false, reason: REASONS[decoded.problem] };
  const result = entries.safeParse(decoded.value);
  return result.success ? { ok: true, entries: result.data } : { ok: false, reason: "The id's data is not a list of queries." };
}
