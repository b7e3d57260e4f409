// The one place MiniSearch is configured. The build serializes the index with these options and
// the function loads it with the same ones; their hash is stamped into the index file so that a
// mismatch fails loudly instead of answering wrongly.
import { createHash } from 'node:crypto';
import type { Options } from 'minisearch';

/** Bump when the shape of the index file changes. */
export const INDEX_FORMAT = 1;

/** Case-, whitespace- and diacritic-insensitive form of any text ("Café" → "cafe"). */
export const normalize = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export interface IndexedDocument {
  /** `project:<slug>` or `page:<slug>`. */
  id: string;
  title: string;
  summary: string;
  tags: string;
  type: string;
  category: string;
  body: string;
}

export const INDEX_OPTIONS = {
  idField: 'id',
  fields: ['title', 'summary', 'tags', 'type', 'category', 'body'],
  storeFields: [],
  processTerm: (term: string) => normalize(term) || null,
} satisfies Options<IndexedDocument>;

/**
 * Bump when `normalize` or `processTerm` changes behaviour. Functions are hashed by this name and
 * version, not by their source text: Vite and Node's type stripping print the same source
 * differently, so a source hash would never match between the build and the function.
 */
export const TERM_PROCESSING = 'nfkd-strip-marks-lowercase@1';

/** Hash of everything that shapes the index. */
export const OPTIONS_HASH = createHash('sha256')
  .update(JSON.stringify({ format: INDEX_FORMAT, ...INDEX_OPTIONS, processTerm: TERM_PROCESSING }))
  .digest('hex')
  .slice(0, 16);
