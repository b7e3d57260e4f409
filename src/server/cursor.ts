// Opaque paging cursors (DESIGN.md § Pagination): base64url JSON plus a short checksum. Nothing
// is stored and there is no secret to sign with, so the checksum is not a MAC: it catches edits,
// truncation and copy-paste damage, and the payload is validated again after decoding. A forged
// cursor can at worst page through public data in another order than ours.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

const checksum = (body: string) => createHash('sha256').update(body).digest('base64url').slice(0, 8);

/** Longer tokens are rejected before any decoding work. */
export const MAX_CURSOR_CHARS = 512;

export function encodeCursor(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${checksum(body)}`;
}

/** Decodes a cursor this API issued; anything else is 400 invalid_cursor with the reason. */
export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.output<T> {
  const invalid = (why: string) => new ApiError('invalid_cursor', { message: `cursor: ${why}.` });
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{8})$/.exec(cursor);
  if (cursor.length > MAX_CURSOR_CHARS || !match) throw invalid('not a cursor this API returned');
  const [, body, sum] = match as unknown as [string, string, string];
  if (checksum(body) !== sum) throw invalid('it was changed or cut short');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor this API returned');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid('not a cursor this API returned');
  return parsed.data;
}
