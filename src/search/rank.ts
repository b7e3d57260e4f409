// Search over the index, ordered as the portfolio spec says (§ What the service does; DESIGN.md
// § Search order). REST, /ask and the MCP tools all call searchRecords.
//
// How a query is answered:
// 1. Candidates: every record MiniSearch finds for any term of the query, exactly, by prefix or
//    with a typo (SEARCH_OPTIONS). Work is proportional to those candidates: records the index
//    does not return are never looked at.
// 2. Tier: the first of these that holds, on text normalized by `normalize` (case, extra
//    whitespace and diacritics ignored):
//      title            the title equals the query, or its name does: the part before a
//                       subtitle separator ("Quarry: embeddable search" is named "Quarry")
//      title_substring  the title contains the query, or contains each of its words
//      tag/type/category  a query word is exactly a tag word, the type, or a category word
//                       (one tier; the label says which, in that order)
//      summary          a query word is exactly a word of the summary
//      body             a query word is exactly a word of the body (or of the title)
//      fuzzy            found only through a prefix or a typo: below every exact-word match
// 3. Within a tier: MiniSearch relevance (BM25, with the field boosts), then slug, then kind.
//    Nothing depends on timing or on earlier requests.
import type { Page, Project } from '../records/schema.ts';
import type { SiteData } from './data-file.ts';
import { SEARCH_OPTIONS, normalize, queryTerms, type IndexedField } from './options.ts';

/** Every `match` label, best first. `tag`, `type` and `category` share a rank (TIER_RANK). */
export const MATCH_TIERS = ['title', 'title_substring', 'tag', 'type', 'category', 'summary', 'body', 'fuzzy'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Sort rank of each label: the spec's "tag or type" is one tier, and a category is treated like them. */
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
  record: Project | Page;
  /** MiniSearch relevance (BM25); compare scores only within one tier. */
  score: number;
  match: MatchTier;
}

export interface SearchOptions {
  /** A project type, or `page`. */
  type?: string;
  limit?: number;
}

/** The record type a `type` filter compares against: the project's type, or `page`. */
export const recordType = (r: Project | Page) => (r.kind === 'project' ? r.type : 'page');

/** What ranking needs from each record, computed once per loaded data (not per request). */
interface Entry {
  record: Project | Page;
  title: string;
  type: string;
}

const entriesByData = new WeakMap<SiteData, Map<string, Entry>>();

function entries(data: SiteData): Map<string, Entry> {
  let map = entriesByData.get(data);
  if (!map) {
    map = new Map(
      [...data.projects, ...data.pages].map((r) => [`${r.kind}:${r.slug}`, { record: r, title: normalize(r.title), type: recordType(r) }]),
    );
    entriesByData.set(data, map);
  }
  return map;
}

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
 * The tier of one candidate. `match` is MiniSearch's map from matched document term to the fields
 * it was found in; a key equal to a query term is an exact-word match in those fields.
 */
export function tierOf(title: string, query: string, terms: string[], match: Record<string, IndexedField[]>): MatchTier {
  if (title === query || titleName(title) === query) return 'title';
  // Own keys only: a query word such as "constructor" must not find Object.prototype's.
  const fieldsOf = (term: string) => (Object.hasOwn(match, term) ? match[term]! : []);
  if (title.includes(query) || terms.every((t) => fieldsOf(t).includes('title'))) return 'title_substring';
  const exact = new Set(terms.flatMap(fieldsOf));
  for (const [field, tier] of FIELD_TIERS) if (exact.has(field)) return tier;
  return 'fuzzy';
}

/** A normalized title's name: what comes before its subtitle (`: `, or a spaced dash). */
export const titleName = (title: string) => title.split(/: | [-–—] /, 1)[0]!;

/** Tier, then relevance, then slug, then kind: a total order, so equal inputs give equal answers. */
export function compareHits(a: Hit, b: Hit): number {
  return (
    TIER_RANK[a.match] - TIER_RANK[b.match] ||
    b.score - a.score ||
    (a.record.slug < b.record.slug ? -1 : a.record.slug > b.record.slug ? 1 : 0) ||
    (a.record.kind < b.record.kind ? -1 : a.record.kind > b.record.kind ? 1 : 0)
  );
}

export function searchRecords(data: SiteData, query: string, { type, limit = 10 }: SearchOptions = {}): Hit[] {
  const byId = entries(data);
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const wanted = normalize(query);
  const results = data.index.search(query, {
    ...SEARCH_OPTIONS,
    filter: type === undefined ? undefined : (r) => byId.get(String(r.id))?.type === type,
  });
  const hits: Hit[] = [];
  for (const r of results) {
    const entry = byId.get(String(r.id));
    if (!entry) continue; // an index entry without a record cannot be answered; the data file is checked at load
    hits.push({ record: entry.record, score: r.score, match: tierOf(entry.title, wanted, terms, r.match as Record<string, IndexedField[]>) });
  }
  return hits.sort(compareHits).slice(0, Math.max(0, limit));
}
