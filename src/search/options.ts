// The one place MiniSearch is configured. The build serializes the index with these options and
// the function loads it with the same ones; their hash is stamped into the index file so that a
// mismatch fails loudly instead of answering wrongly.
import { createHash } from 'node:crypto';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';

/** Bump when the shape of the index file changes. */
export const INDEX_FORMAT = 8;

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

/**
 * FO-STEMMING: each of Folio's interface languages (src/records/strings/) has its Snowball stemmer
 * (@orama/stemmers, docs/decisions.md § Stemming), so "robots" meets "Robotique" in French and
 * "capteur" meets "capteurs" as one word, not by a typo. A language Folio has no table for is not
 * stemmed: another language's rules would cut its words wrongly.
 */
const STEMMERS: Readonly<Record<string, (word: string) => string>> = { en: english, fr: french, de: german, es: spanish, pt: portuguese, sv: swedish };

/** The stemmer of a site's locale (its language subtag: fr-CA → fr), or none. */
export const stemmerFor = (locale: string): ((word: string) => string) | undefined => {
  const language = locale.toLowerCase().split('-')[0]!;
  return Object.hasOwn(STEMMERS, language) ? STEMMERS[language] : undefined;
};

/**
 * How a word becomes an index term in a language (FO-STEMMING): lower case, stemmed by the
 * language's rules (they read accents: French "-ité", German "ä"), then folded as `normalize` does,
 * so "Café" and "cafe" stay one term. NFKC first: the stemmers expect composed letters.
 */
export function termMaker(locale: string): (term: string) => string | null {
  const stem = stemmerFor(locale);
  if (!stem) return (term) => normalize(term) || null;
  return (term) => {
    const word = term.normalize('NFKC').toLowerCase();
    return normalize(word.length > STEM_MAX_LENGTH ? word : stem(word)) || null;
  };
}

/**
 * Longer words are folded but not stemmed: no word of the six languages is this long (German
 * compounds included), and the Snowball rules' time grows faster than a word's length (a
 * 5,000-letter token took ~250 ms in French), so a hostile body or query cannot make stemming slow (FO-BOUNDED).
 */
export const STEM_MAX_LENGTH = 64;

const fields = ['title', 'summary', 'tags', 'type', 'category', 'body'] as const;

export interface IndexOptions extends Options<IndexedDocument> {
  idField: 'id';
  fields: (typeof fields)[number][];
  storeFields: [];
  processTerm: (term: string) => string | null;
}

const optionsByLanguage = new Map<string, IndexOptions>();

/** The options an index of a site in `locale` is made and loaded with (the build and the function call this alike). */
export function indexOptions(locale: string): IndexOptions {
  const language = stemmerFor(locale) ? locale.toLowerCase().split('-')[0]! : '';
  let options = optionsByLanguage.get(language);
  if (!options) optionsByLanguage.set(language, (options = { idField: 'id', fields: [...fields], storeFields: [], processTerm: termMaker(language) }));
  return options;
}

/** An English site's index options (the sample site's). */
export const INDEX_OPTIONS = indexOptions('en');

export type IndexedField = (typeof fields)[number];

/** MiniSearch's tokenizer: the words of a text as the index splits them. */
export const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * Text run through the tokenizer and `processTerm` to fingerprint how terms are made. Hashing the
 * functions' source would not work: the build (Vite/esbuild), Node's type stripping and Vercel's
 * bundler each print the same function differently, so the hash would never match across them.
 * What the functions do is what matters, and this sample exercises case, whitespace, diacritics,
 * compatibility forms, punctuation and digits.
 */
const TERM_PROBE =
  'Café  ÉCOLE naïve Straße ﬁnal Ｑｕａｒｒｙ full-text, C++ 2024/05 Ångström "quoted" self‑hosted robots libraries Robotique capteurs Häuser bibliotecas programação ' +
  'navigering ' +
  // A word just over STEM_MAX_LENGTH: the limit shapes the terms too.
  'capteurs'.repeat(9);

const hashes = new WeakMap<IndexOptions, string>();

/**
 * Hash of everything that shapes an index in `locale`: its format, its fields and how terms are
 * made (the stemmer included: a French index loaded with English terms would answer wrongly).
 */
export function optionsHash(locale: string): string {
  const options = indexOptions(locale);
  let hash = hashes.get(options);
  if (hash) return hash;
  hash = createHash('sha256')
    .update(
      JSON.stringify({
        format: INDEX_FORMAT,
        idField: options.idField,
        fields: options.fields,
        storeFields: options.storeFields,
        terms: tokenize(TERM_PROBE).map(options.processTerm),
      }),
    )
    .digest('hex')
    .slice(0, 16);
  hashes.set(options, hash);
  return hash;
}

/** An English site's options hash (the sample site's). */
export const OPTIONS_HASH = optionsHash('en');

/** The distinct terms of a query exactly as an index in `locale` sees them (same tokenizer, same `processTerm`). */
export function queryTerms(text: string, locale = 'en'): string[] {
  const term = indexOptions(locale).processTerm;
  return [
    ...new Set(
      tokenize(text)
        .map(term)
        .filter((t): t is string => Boolean(t)),
    ),
  ];
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
