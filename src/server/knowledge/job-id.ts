// Job ids carry their job: the list of queries, compressed, in the one token codec (src/server/opaque-codec.ts):
// `j1.<base64url(deflate-raw(JSON entries))>.<checksum>` (or `j2.`, below; docs/decisions.md § Jobs). No store
// exists, so any instance can answer any poll. The checksum is not a signature (there is no secret,
// and nothing needs one: a job is only a saved batch, which anyone may post); it makes a mistyped
// or truncated id a clean 404 instead of a wrong answer.
import { z } from 'zod';
import { MAX_BODY_BYTES, MAX_QUERY_CHARS } from '../http.ts';
import { decodeToken, encodeToken, type TokenFormat } from '../opaque-codec.ts';
import { MAX_BATCH_QUERIES } from './schemas.ts';

/**
 * Two forms, and an id takes the shorter: `j1` (UTF-8 JSON, best for Latin text) and `j2` (UTF-16
 * JSON: two bytes per character where UTF-8 takes three, so ten 500-character queries in any script
 * stay under 10,000 bytes before compression). Both deflated; decompression is bounded (to a
 * request body's limit), so a crafted id cannot expand into a memory bomb.
 */
const FORMATS = [
  { version: 'j1', deflate: true, maxBytes: MAX_BODY_BYTES, text: 'utf8' },
  { version: 'j2', deflate: true, maxBytes: 2 * MAX_BODY_BYTES, text: 'utf16le' },
] as const satisfies TokenFormat[];
export const JOB_ID_VERSION = FORMATS[0].version;
/**
 * Ids live in a URL path and a Location header: Vercel refuses URLs over 14 KB (URL_TOO_LONG).
 * Every batch /api/v1/batch accepts fits: at worst ten 500-character queries of random text encode
 * to about 13,400 characters (tests/unit/knowledge-job-id.test.ts measures the worst cases).
 */
export const MAX_JOB_ID_CHARS = 14_000;

/**
 * One query of a job: its text, or, for a query over the length limit, only its length. That query
 * answers with an error whatever its text, so the text is not kept and ids stay bounded.
 */
export type JobEntry = string | number;

const entries = z
  .array(
    z.union([
      z.string().trim().min(1).max(MAX_QUERY_CHARS),
      z
        .int()
        .min(MAX_QUERY_CHARS + 1)
        .max(MAX_BODY_BYTES),
    ]),
  )
  .min(1)
  .max(MAX_BATCH_QUERIES);

export const encodeJobId = (list: JobEntry[]): string => FORMATS.map((format) => encodeToken(list, format)).reduce((a, b) => (b.length < a.length ? b : a));

export type Decoded = { ok: true; entries: JobEntry[] } | { ok: false; reason: string };

const REASONS = {
  shape: `The id is not a job id: job ids look like ${FORMATS.map((f) => f.version).join(' or ')}.<data>.<checksum>.`,
  checksum: "The id's checksum does not match: it was changed or mistyped.",
  data: "The id's data cannot be read.",
};

/** Every way an id can be wrong gives a reason for the 404's message; none throws. */
export function decodeJobId(id: string): Decoded {
  if (id.length > MAX_JOB_ID_CHARS) return { ok: false, reason: `The id is longer than ${MAX_JOB_ID_CHARS} characters, so no job has it.` };
  const format = FORMATS.find((f) => id.startsWith(`${f.version}.`)) ?? FORMATS[0];
  const decoded = decodeToken(id, format);
  if (!decoded.ok) return { ok: false, reason: REASONS[decoded.problem] };
  const result = entries.safeParse(decoded.value);
  return result.success ? { ok: true, entries: result.data } : { ok: false, reason: "The id's data is not a list of queries." };
}
