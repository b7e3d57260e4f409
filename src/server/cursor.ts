// Opaque paging cursors (docs/decisions.md § Pagination), in the one token codec (opaque-codec.ts). A
// forged cursor can at worst page through public data in another order than ours: its payload is
// validated again after decoding.
import type { z } from 'zod';
import { ApiError } from './errors.ts';
import { decodeToken, encodeToken } from './opaque-codec.ts';

/** Longer tokens are rejected before any decoding work. */
export const MAX_CURSOR_CHARS = 512;

export const encodeCursor = (payload: unknown): string => encodeToken(payload);

/** Decodes a cursor this API issued; anything else is 400 invalid_cursor with the reason. */
export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.output<T> {
  const invalid = (why: string) => new ApiError('invalid_cursor', { message: `cursor: ${why}.` });
  if (cursor.length > MAX_CURSOR_CHARS) throw invalid('not a cursor this API returned');
  const decoded = decodeToken(cursor);
  if (!decoded.ok) throw invalid(decoded.problem === 'checksum' ? 'it was changed or cut short' : 'not a cursor this API returned');
  const parsed = schema.safeParse(decoded.value);
  if (!parsed.success) throw invalid('not a cursor this API returned');
  return parsed.data;
}
