// Opaque tokens: the one codec of paging cursors and job ids (docs/decisions.md § Pagination,
// § Jobs); OAuth access tokens are another thing (access/token.ts). A token is `[<version>.]<base64url payload>.<checksum>`, the payload being JSON (raw
// DEFLATE-compressed when asked), the checksum the first 8 base64url characters (48 bits) of
// SHA-256 over everything before it. Nothing is stored and there is no secret, so the checksum is
// not a MAC: it turns edits, truncation and copy-paste damage into a clean refusal, and the
// payload is validated again by its owner after decoding.
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const CHECKSUM_CHARS = 8;
const checksum = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, CHECKSUM_CHARS);

export interface TokenFormat {
  /** A version prefix (`j1`); tokens without one are two parts only. */
  version?: string;
  /** Compress the JSON (job ids carry up to ten questions). */
  deflate?: boolean;
  /** Decompression bound, so a crafted token cannot expand into a memory bomb. */
  maxBytes?: number;
  /** How the JSON text becomes bytes: UTF-8, or UTF-16 (two bytes for any BMP character, where UTF-8 takes three). */
  text?: 'utf8' | 'utf16le';
}

export function encodeToken(value: unknown, { version, deflate, text = 'utf8' }: TokenFormat = {}): string {
  const json = Buffer.from(JSON.stringify(value), text);
  const payload = (deflate ? deflateRawSync(json, { level: 9 }) : json).toString('base64url');
  const head = version ? `${version}.${payload}` : payload;
  return `${head}.${checksum(head)}`;
}

/** Why a token was refused: not shaped like one, changed (checksum), or its data unreadable. */
export type TokenProblem = 'shape' | 'checksum' | 'data';
export type Decoded = { ok: true; value: unknown } | { ok: false; problem: TokenProblem };

/** Decodes a token of this format; never throws. */
export function decodeToken(token: string, { version, deflate, maxBytes = 64 * 1024, text = 'utf8' }: TokenFormat = {}): Decoded {
  const parts = token.split('.');
  const [payload = '', sum = ''] = version ? (parts[0] === version ? parts.slice(1) : []) : parts;
  if (parts.length !== (version ? 3 : 2) || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(sum)) return { ok: false, problem: 'shape' };
  if (sum !== checksum(version ? `${version}.${payload}` : payload)) return { ok: false, problem: 'checksum' };
  try {
    const bytes = Buffer.from(payload, 'base64url');
    const json = (deflate ? inflateRawSync(bytes, { maxOutputLength: maxBytes }) : bytes).toString(text);
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false, problem: 'data' };
  }
}
