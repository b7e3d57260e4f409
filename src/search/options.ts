// The one place MiniSearch is configured. The build serializes the index with these options and
// the function loads it with the same ones; their hash is stamped into the index file so that a
// mismatch fails loudly instead of answering wrongly.
import { createHash } from 'node:crypto';
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';

/** Bump when the shape of the index file changes. */
export const INDEX_FORMAT = 7;

/** Case-, whitespace- and diacritic-insensitive form of any text ("Café" → "cafe"). */
export const normalize = (text: string) =>
  // ASCII has no decompositions and no combining marks, so NFKD and the mark removal would change
  // nothing: skipped for the terms of a build's index (most of them; ~0.8 s at 10,000 records).
  (ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}+/gu, '')).toLowerCase().replace(/\s+/g, ' ').trim();
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is every code point from 0 to 127, control characters included.
const ASCII = /^[\x00-\x7f]*$/;

export interface IndexedDocument {
  /** `project:<slug>`, `post:<slug>`, `page:<slug>` or `resume:resume`. */
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

export type IndexedField = (typeof INDEX_OPTIONS.fields)[number];

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * Text run through the tokenizer and `processTerm` to fingerprint how terms are made. Hashing the
 * functions' source would not work: the build (Vite/esbuild), Node's type stripping and Vercel's
 * bundler each print the same function differently, so the hash would never match across them.
 * What the functions do is what matters, and this sample exercises case, whitespace, diacritics,
 * compatibility forms, punctuation and digits.
 */
const TERM_PROBE = 'Café  ÉCOLE naïve Straße ﬁnal Ｑｕａｒｒｙ full-text, C++ 2024/05 Ångström "quoted" self‑hosted';

/** Hash of everything that shapes the index: its format, its fields and how terms are made. */
export const OPTIONS_HASH = createHash('sha256')
  .update(
    JSON.stringify({
      format: INDEX_FORMAT,
      idField: INDEX_OPTIONS.idField,
      fields: INDEX_OPTIONS.fields,
      storeFields: INDEX_OPTIONS.storeFields,
      terms: tokenize(TERM_PROBE).map(INDEX_OPTIONS.processTerm),
    }),
  )
  .digest('hex')
  .slice(0, 16);

/** The distinct terms of a query exactly as the index sees them (same tokenizer, same `processTerm`). */
export function queryTerms(text: string): string[] {
  return [...new Set(tokenize(text).map(normalize).filter(Boolean))];
}

/**
 * Typo tolerance. It only ever widens the candidate set: ranking puts every record found only
 * through a prefix or a typo below every exact-term match (see rank.ts). Short terms get neither,
 * since a two-letter prefix or a one-letter typo of a three-letter word matches almost anything.
 */
export const PREFIX_MIN_LENGTH = 3;
export const FUZZY_MIN_LENGTH = 4;
/** Edit distance as a fraction of the term's length: 1 edit up to 7 letters, 2 from 8, and so on. */
export const FUZZY_RATIO = 0.2;

/**
 * Options of every search. They do not shape the serialized index, so they are not part of
 * OPTIONS_HASH. Boosts only order records within a tier (BM25 relevance); tiers come first.
 */
export const SEARCH_OPTIONS = {
  combineWith: 'OR',
  boost: { title: 3, tags: 2, type: 1.5, category: 1.5, summary: 1.5, body: 1 },
  prefix: (term: string) => term.length >= PREFIX_MIN_LENGTH,
  fuzzy: (term: string) => (term.length >= FUZZY_MIN_LENGTH ? FUZZY_RATIO : false),
} satisfies SearchOptions;
