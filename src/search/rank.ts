// Search over the index, ordered as PF-SEARCH-ORDER says (docs/decisions.md § Search order). REST,
// /ask and the MCP tools all call searchRecords (rankRecords, cached).
//
// How a query is answered:
// 1. Candidates: every record MiniSearch finds for any term of the query, exactly, by prefix or
//    with a typo (SEARCH_OPTIONS). Work is proportional to those candidates: records the index
//    does not return are never looked at.
// 2. Tier: the first of these that holds, on text normalized by `normalize` (case, extra
//    whitespace and diacritics ignored):
//      title            the title equals the query, or its name does: the part before a
//                       subtitle separator ("Quarry: embeddable search" is named "Quarry")
//      title_substring  the title contains the query, or contains each of its words: as an index
//                       term of the title (its stem), or inside a title word, stem and all, from
//                       TITLE_PART_MIN_LENGTH letters ("gestalten" holds in "Gestaltungsprozess…",
//                       "Prozesse" in "…prozessoptimierung": a form of the word, or a compound's part)
//      tag/type/category  a query word is exactly a tag word, the type, or a category word
//                       (one tier; the label says which, in that order)
//      summary          a query word is exactly a word of the summary
//      body             a query word is exactly a word of the body (or of the title)
//      fuzzy            found only through a prefix or a typo: below every exact-word match
// 3. Within a tier: MiniSearch relevance (BM25, with the field boosts), then slug, then kind.
//    Nothing depends on timing or on earlier requests.

import { recordType, searchRecordsOf, type SiteData, type SiteRecord } from './data-file.ts';
import { SEARCH_OPTIONS, normalize, queryTerms, type IndexedField } from './options.ts';
import { withoutStopWords } from './stop-words.ts';
import { LRUCache } from 'lru-cache';

/** Every `match` label, best first. `tag`, `type` and `category` share a rank (TIER_RANK). */
export const MATCH_TIERS = ['title', 'title_substring', 'tag', 'type', 'category', 'summary', 'body', 'fuzzy'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Sort rank of each label: PF-SEARCH-ORDER's "tag or type" is one tier, and a category is treated like them. */
export const TIER_RANK: Readonly<Record<MatchTier, number>> = {
  title: 0,
  title_substring: 1,
  tag: 2,
  type: 2,
  category: 2,
  summary: 3,
  body: 4,
  fuzzy: 5,
};

export interface Hit {
  record: SiteRecord;
  /** MiniSearch relevance (BM25); compare scores only within one tier. */
  score: number;
  match: MatchTier;
}

export interface SearchOptions {
  /** A project type, or `post`, `page`, `resume`. */
  type?: string;
  limit?: number;
  /**
   * FO-ASK-STOP-WORDS: rank by the query's words less its language's stop words (the site's
   * locale: stop-words.ts), as /ask does with a question; the query as it is when none would be left.
   */
  stopWords?: boolean;
}

/** The record type a `type` filter compares against: the project's type, or `post`, `page`, `resume` (data-file.ts). */
export { recordType };

/** What ranking needs from each record, made once per loaded data (SiteData.kept.entries), not per search. */
export interface Entry {
  record: SiteRecord;
  title: string;
  type: string;
}

const entriesOf = (data: SiteData): Map<string, Entry> =>
  new Map(
    searchRecordsOf<SiteRecord, SiteRecord, SiteRecord, SiteRecord>(data).map((r, i) => [
      `${r.kind}:${r.slug}`,
      { record: r, title: data.titleKeys?.[i] ?? normalize(r.title), type: recordType(r) },
    ]),
  );

/** Fields whose exact-word match decides the tier, in tier order (title words rank with the body). */
const FIELD_TIERS: [IndexedField, MatchTier][] = [
  ['tags', 'tag'],
  ['type', 'type'],
  ['category', 'category'],
  ['summary', 'summary'],
  ['body', 'body'],
  ['title', 'body'],
];

/**
 * FO-SEARCH-FORMS: a query term this long counts as in the title when a title word holds it (the
 * term is a stem, so a form of the word; or a compound's part, "prozess" in
 * "Gestaltungsprozessoptimierung"). Shorter stems are inside too many unrelated words ("app" in
 * "Happy") to say the title is about them; those count only as whole title terms.
 */
export const TITLE_PART_MIN_LENGTH = 4;

/** Whether a normalized title holds a query term as a word's part (FO-SEARCH-FORMS). */
const partOfTitle = (title: string, term: string) => term.length >= TITLE_PART_MIN_LENGTH && title.includes(term);

/** One bit per indexed field, so a candidate's exact-match fields are a number, not a Set. */
const FIELD_BIT: Readonly<Record<IndexedField, number>> = { title: 1, summary: 2, tags: 4, type: 8, category: 16, body: 32 };

/**
 * The tier of one candidate. `match` is MiniSearch's map from matched document term to the fields
 * it was found in; a key equal to a query term is an exact-word match in those fields.
 * Runs once per candidate (thousands for a common word), so it allocates nothing.
 */
export function tierOf(title: string, query: string, terms: string[], match: Record<string, IndexedField[]>): MatchTier {
  // A title's name is a prefix of it, so the split only runs when the title starts with the query.
  if (title === query || (title.startsWith(query) && titleName(title) === query)) return 'title';
  let exact = 0;
  let everyTermInTitle = true;
  for (let t = 0; t < terms.length; t++) {
    // Only an array is a match: a query word such as "constructor" or "__proto__" finds
    // Object.prototype's members, never an array.
    const fields = match[terms[t]!];
    let inTitle = false;
    if (Array.isArray(fields)) {
      for (let f = 0; f < fields.length; f++) {
        const bit = FIELD_BIT[fields[f]!] ?? 0;
        exact |= bit;
        if (bit === FIELD_BIT.title) inTitle = true;
      }
    }
    if (!inTitle && !partOfTitle(title, terms[t]!)) everyTermInTitle = false;
  }
  if (everyTermInTitle || title.includes(query)) return 'title_substring';
  for (const [field, tier] of FIELD_TIERS) if (exact & (FIELD_BIT[field] ?? 0)) return tier;
  return 'fuzzy';
}

/** A normalized title's name: what comes before its subtitle (`: `, or a spaced dash). */
export const titleName = (title: string) => title.split(/: | [-–—] /, 1)[0]!;

/** Tier, then relevance, then slug, then kind: a total order, so equal inputs give equal answers. */
export const compareHits = (a: Hit, b: Hit): number => compareTo(TIER_RANK[a.match], a.score, a.record, b);

/** compareHits for a candidate not made a Hit yet (its tier rank, score and record). */
function compareTo(rank: number, score: number, record: SiteRecord, b: Hit): number {
  return (
    rank - TIER_RANK[b.match] ||
    b.score - score ||
    (record.slug < b.record.slug ? -1 : record.slug > b.record.slug ? 1 : 0) ||
    (record.kind < b.record.kind ? -1 : record.kind > b.record.kind ? 1 : 0)
  );
}

/** Up to this many hits, insertion into a sorted array beats sorting every candidate. */
const TOP_K_INSERTION_MAX = 64;

/**
 * Ranked answers kept per loaded data (SiteData.kept.answers), the least recently asked dropped
 * first. Queries repeat (people search again, agents retry, a popular query is popular) and an
 * answer is a pure function of the data and the query, so a repeat costs a map lookup instead of a
 * search (bench/RESULTS.md: ~17 ms at 10,000 records). `FOLIO_SEARCH_CACHE` sets how many queries
 * are kept; 0 turns it off (FO-BOUNDED).
 */
export const SEARCH_CACHE_DEFAULT = 1000;
let cacheSize: number | undefined;

/**
 * The most queries FOLIO_SEARCH_CACHE may keep. lru-cache allocates its slots up front (about 15
 * bytes each), and answers take memory of their own: 100,000 is far more repeats than one instance
 * sees in its life, and a mistyped extra digit stops the server instead of taking 150 MB.
 */
export const SEARCH_CACHE_MAX = 100_000;

export function searchCacheSize(value = process.env.FOLIO_SEARCH_CACHE): number {
  if (value === undefined || value.trim() === '') return SEARCH_CACHE_DEFAULT;
  if (!/^\s*\d{1,9}\s*$/.test(value) || Number(value) > SEARCH_CACHE_MAX) {
    throw new Error(`FOLIO_SEARCH_CACHE: expected how many queries to keep (0 to ${SEARCH_CACHE_MAX}; 0 turns the cache off), got "${value}".`);
  }
  return Number(value);
}

/** The best `limit` records for a query, in PF-SEARCH-ORDER's order. REST, /ask and the MCP tools call this. */
export function searchRecords(data: SiteData, query: string, options: SearchOptions = {}): readonly Hit[] {
  cacheSize ??= searchCacheSize();
  if (cacheSize === 0) return rankRecords(data, query, options);
  const answers = (data.kept.answers ??= new LRUCache({ max: cacheSize }));
  const key = `${options.type ?? ''}\u0000${options.limit ?? ''}\u0000${options.stopWords ? 's' : ''}\u0000${query}`;
  let hits = answers.get(key);
  if (!hits) {
    // Frozen: every caller shares the one array.
    hits = Object.freeze(rankRecords(data, query, options).map((hit) => Object.freeze(hit)));
    answers.set(key, hits);
  }
  return hits;
}

/** searchRecords without the cache: every call searches and ranks. */
export function rankRecords(data: SiteData, asked: string, { type, limit = 10, stopWords = false }: SearchOptions = {}): Hit[] {
  const byId = (data.kept.entries ??= entriesOf(data));
  const query = stopWords ? withoutStopWords(asked, data.site.locale) : asked;
  // The index's terms are the site's language's stems (FO-STEMMING): the query's are made the same way.
  const terms = queryTerms(query, data.site.locale);
  if (terms.length === 0) return [];
  const wanted = normalize(query);
  const results = data.index.search(query, {
    ...SEARCH_OPTIONS,
    filter: type === undefined ? undefined : (r) => byId.get(String(r.id))?.type === type,
  });
  // Only the best `limit` hits are answered: keep them in a small sorted array instead of sorting
  // every candidate (a common word matches most records). Same order as a full sort: compareHits
  // is a total order. Large (or odd: NaN, Infinity) limits take the plain sort, which slice() caps.
  const top: Hit[] = [];
  const keep = Math.floor(Math.max(0, limit));
  if (keep === 0) return top;
  const insert = keep <= TOP_K_INSERTION_MAX;
  const consider = (record: Entry['record'], score: number, match: MatchTier) => {
    if (!insert) return void top.push({ record, score, match });
    // Most candidates rank below the kept ones: decide that before making a Hit of them.
    if (top.length === keep && compareTo(TIER_RANK[match], score, record, top[keep - 1]!) >= 0) return;
    const hit: Hit = { record, score, match };
    let at = top.length;
    while (at > 0 && compareHits(hit, top[at - 1]!) < 0) at--;
    top.splice(at, 0, hit);
    if (top.length > keep) top.pop();
  };
  // The candidates the index found in a title tier, this search's own: a title that contains the
  // query always ranks `title` or `title_substring` (tierOf), so these are the found titles the next
  // loop must not add again. Few, unlike the candidates, and nothing is marked on the shared entries.
  const foundInTitle = new Set<Entry>();
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const entry = byId.get(r.id as string);
    if (!entry) continue; // an index entry without a record cannot be answered; the data file is checked at load
    const match = tierOf(entry.title, wanted, terms, r.match as Record<string, IndexedField[]>);
    if (match === 'title' || match === 'title_substring') foundInTitle.add(entry);
    consider(entry.record, r.score, match);
  }
  // docs/decisions.md § Search order: a title that contains the query, or each of its terms as a
  // word's part (FO-SEARCH-FORMS), ranks in the title tiers whether or not the index matched one of
  // its words ("watch" is inside "Pagewatch", "prozess" inside "Gestaltungsprozessoptimierung").
  // Such a title has no relevance score: 0, below the titles the index found, then by slug.
  for (const entry of byId.values()) {
    if (foundInTitle.has(entry) || (type !== undefined && entry.type !== type)) continue;
    if (!entry.title.includes(wanted) && !terms.every((term) => partOfTitle(entry.title, term))) continue;
    consider(entry.record, 0, entry.title === wanted || titleName(entry.title) === wanted ? 'title' : 'title_substring');
  }
  return insert ? top : top.sort(compareHits).slice(0, keep);
}
