// Property test: searchRecords against a naive reference on generated corpora (docs/decisions.md
// § Search order; MiniSearch's own habit of property tests against a naive reference). The reference decides candidates and tiers with plain string
// checks — split into words, compare, a textbook edit distance — and knows nothing of MiniSearch's
// match maps. Its words are stemmed as the site's language stems them (FO-STEMMING): the stemmer is
// Snowball's (@orama/stemmers), a library the reference takes as given, as it takes MiniSearch's scores. Relevance scores are MiniSearch's by definition, so the reference takes them from a
// plain index.search and only checks that each tier is ordered by them, then by slug.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { PROJECT_TYPES } from '../../src/records/schema.ts';
import { indexOptions, normalize, SEARCH_OPTIONS } from '../../src/search/options.ts';
import { searchRecords, TIER_RANK, type MatchTier } from '../../src/search/rank.ts';
import type { SiteData, SiteRecord } from '../../src/search/data-file.ts';
import { corpus, page, project } from '../support/search-fixtures.ts';

// ---- The naive reference -------------------------------------------------------------------

/**
 * Words as "matching ignores case, extra whitespace and diacritics" reads: split on spaces and
 * punctuation, then stemmed (the corpus is an English site's) and normalized.
 */
const stemmed = indexOptions('en').processTerm;
const words = (text: string) =>
  text
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .map((w) => stemmed(w) ?? '')
    .filter(Boolean);

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Typo tolerance as documented in options.ts: prefixes from 3 letters, one edit per 5 letters from 4. */
function looselyMatches(term: string, word: string): boolean {
  if (word === term) return true;
  if (term.length >= 3 && word.startsWith(term)) return true;
  return term.length >= 4 && editDistance(term, word) <= Math.min(6, Math.round(term.length * 0.2));
}

interface Expected {
  id: string;
  record: SiteRecord;
  tier: MatchTier;
}

function reference(data: SiteData, query: string, type?: string): Expected[] {
  const wanted = normalize(query);
  const terms = [...new Set(words(query))];
  if (terms.length === 0) return [];
  const out: Expected[] = [];
  for (const record of [...data.projects, ...data.pages]) {
    const recordType = record.kind === 'project' ? record.type : 'page';
    if (type !== undefined && recordType !== type) continue;
    const fields = {
      title: words(record.title),
      tags: words(record.tags.join(' ')),
      type: words(recordType),
      category: words(record.kind === 'project' ? record.category : ''),
      summary: words(record.summary),
      body: words(data.bodyOf(record)),
    };
    const everyWord = Object.values(fields).flat();
    const title = normalize(record.title);
    // FO-SEARCH-FORMS: a term of 4 letters or more is in the title when a title word holds it.
    const inTitle = (t: string) => fields.title.includes(t) || (t.length >= 4 && title.includes(t));
    // A title containing the query, or each term as a word's part, is found even inside a word ("watch" in "Pagewatch").
    if (!terms.some((t) => everyWord.some((w) => looselyMatches(t, w))) && !title.includes(wanted) && !terms.every(inTitle)) continue;
    const has = (field: keyof typeof fields) => terms.some((t) => fields[field].includes(t));
    // A title's name is what comes before its first subtitle separator: "a: b - c" is named "a", not "a: b".
    const tier: MatchTier =
      title === wanted || title.split(/: | - /, 1)[0] === wanted
        ? 'title'
        : title.includes(wanted) || terms.every(inTitle)
          ? 'title_substring'
          : has('tags')
            ? 'tag'
            : has('type')
              ? 'type'
              : has('category')
                ? 'category'
                : has('summary')
                  ? 'summary'
                  : has('body') || has('title')
                    ? 'body'
                    : 'fuzzy';
    out.push({ id: `${record.kind}:${record.slug}`, record, tier });
  }
  return out;
}

// ---- Generated corpora and queries ---------------------------------------------------------

// Few words, so records share them and queries hit: case, diacritic and compatibility variants,
// words that are prefixes or one typo away from others, and words that are Object.prototype keys.
const VOCAB = [
  'rust',
  'Rust',
  'RUST',
  'rusty',
  'search',
  'Search',
  'searching',
  'sea',
  'café',
  'cafe',
  'CAFÉ',
  'naïve',
  'naive',
  'index',
  'indexes',
  'indx',
  'queue',
  'queues',
  'quarry',
  'quary',
  'data',
  'web',
  'performance',
  'perf',
  'library',
  'tool',
  'app',
  'page',
  'tools',
  'straße',
  'ﬁle',
  'file',
  'constructor',
  '__proto__',
  'toString',
  'a',
  'of',
  'the',
];
const TAGS = ['rust', 'search', 'web-performance', 'data', 'tool', 'queue', 'cafe', 'library', 'page', 'constructor'];
const SEPARATORS = [' ', '  ', ': ', ' - ', ', ', '\t', '. '];

const word = fc.constantFrom(...VOCAB);
const text = (min: number, max: number) =>
  fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: min, maxLength: max }).map((parts) =>
    parts
      .map(([w, s]) => w + s)
      .join('')
      .trim(),
  );

const fieldsArb = fc.record({
  title: text(1, 4),
  summary: text(0, 6),
  body: text(0, 12),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
});

const corpusArb = fc
  .record({
    projects: fc.uniqueArray(
      fc.record({
        slug: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'page-one', 'x1', 'x2', 'x3'),
        fields: fieldsArb,
        type: fc.constantFrom(...PROJECT_TYPES),
        category: fc.constantFrom('data', 'web', 'developer-tools'),
      }),
      { selector: (p) => p.slug, minLength: 1, maxLength: 8 },
    ),
    // Page slugs may equal project slugs: ties then break by kind.
    pages: fc.uniqueArray(fc.record({ slug: fc.constantFrom('alpha', 'page-one', 'about', 'now'), fields: fieldsArb }), {
      selector: (p) => p.slug,
      maxLength: 4,
    }),
  })
  .map(({ projects, pages }) =>
    corpus(
      projects.map((p) => project(p.slug, { ...p.fields, type: p.type, category: p.category })),
      pages.map((p) => page(p.slug, p.fields)),
    ),
  );

/** Variants of a text that must match it: case, extra whitespace, composed vs decomposed accents. */
const variant = (s: string) => fc.constantFrom(s, s.toUpperCase(), ` ${s.replace(/ /g, '   ')} `, s.normalize('NFD'), s.toLowerCase().normalize('NFC'));

const typo = (s: string) => fc.nat({ max: Math.max(0, s.length - 1) }).map((i) => s.slice(0, i) + (s[i] === 'x' ? 'y' : 'x') + s.slice(i + 1));

const queryFor = (data: SiteData) => {
  const titles = [...data.projects, ...data.pages].map((r) => r.title);
  return fc.oneof(
    text(1, 3),
    fc.constantFrom(...titles).chain(variant),
    fc
      .constantFrom(...titles)
      .chain((t) => fc.tuple(fc.nat({ max: t.length }), fc.nat({ max: t.length })).map(([a, b]) => t.slice(Math.min(a, b), Math.max(a, b)))),
    word.chain(typo),
    word.map((w) => w.slice(0, 3)),
    fc.constantFrom('!!!', '—', '   ', 'ﬁ', 'Ｑｕａｒｒｙ', 'constructor', '__proto__ hasOwnProperty'),
  );
};

const scenario = corpusArb.chain((data) =>
  fc.record({ data: fc.constant(data), query: queryFor(data), type: fc.option(fc.constantFrom(...PROJECT_TYPES, 'page'), { nil: undefined }) }),
);

// ---- Properties ---------------------------------------------------------------------------

const RUNS = runs(400);

describe('PF-SEARCH-ORDER: searchRecords against a naive reference (docs/decisions.md § Search order)', () => {
  it('PF-LEXICAL: finds exactly the records the reference (plain string checks) finds, each in the tier the reference decides', () => {
    fc.assert(
      fc.property(scenario, ({ data, query, type }) => {
        const hits = searchRecords(data, query, { type, limit: 1000 });
        const expected = reference(data, query, type);
        const tiersOf = (list: { id: string; tier: MatchTier }[]) => Object.fromEntries(list.map((e) => [e.id, e.tier]));
        expect(tiersOf(hits.map((h) => ({ id: `${h.record.kind}:${h.record.slug}`, tier: h.match })))).toEqual(tiersOf(expected));
      }),
      { numRuns: RUNS },
    );
  });

  it('orders by tier, then MiniSearch relevance, then slug, then kind — the reference order exactly', () => {
    fc.assert(
      fc.property(scenario, ({ data, query, type }) => {
        const hits = searchRecords(data, query, { type, limit: 1000 });
        const scores = new Map(data.index.search(query, SEARCH_OPTIONS).map((r) => [String(r.id), r.score]));
        // A title found only by containing the query has no relevance score: 0.
        for (const h of hits) expect(h.score).toBe(scores.get(`${h.record.kind}:${h.record.slug}`) ?? 0);
        const expected = reference(data, query, type)
          .map((e) => ({ ...e, score: scores.get(e.id) ?? 0 }))
          .sort(
            (a, b) =>
              TIER_RANK[a.tier] - TIER_RANK[b.tier] ||
              b.score - a.score ||
              (a.record.slug < b.record.slug ? -1 : a.record.slug > b.record.slug ? 1 : 0) ||
              (a.record.kind < b.record.kind ? -1 : 1),
          );
        expect(hits.map((h) => `${h.record.kind}:${h.record.slug}`)).toEqual(expected.map((e) => e.id));
        // The tier sequence never goes back up: every prefix/typo match is below every exact-word match.
        const ranks = hits.map((h) => TIER_RANK[h.match]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
      { numRuns: RUNS },
    );
  });

  it('limit keeps a prefix of the full answer, and a type filter keeps the matching hits in the same order', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 12 }), ({ data, query, type }, limit) => {
        const all = searchRecords(data, query, { limit: 1000 });
        const key = (h: { record: SiteRecord }) => `${h.record.kind}:${h.record.slug}`;
        expect(searchRecords(data, query, { limit }).map(key)).toEqual(all.slice(0, limit).map(key));
        if (type !== undefined) {
          const typed = all.filter((h) => (h.record.kind === 'project' ? h.record.type : 'page') === type);
          expect(searchRecords(data, query, { type, limit: 1000 }).map(key)).toEqual(typed.map(key));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('answers the same whatever was asked before (no state between requests)', () => {
    fc.assert(
      fc.property(scenario, fc.array(fc.constantFrom(...VOCAB), { maxLength: 5 }), ({ data, query, type }, others) => {
        const first = searchRecords(data, query, { type });
        for (const other of others) searchRecords(data, other);
        expect(searchRecords(data, query, { type })).toEqual(first);
      }),
      { numRuns: runs(100) },
    );
  });
});
