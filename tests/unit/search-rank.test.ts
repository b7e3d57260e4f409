// Ranking by example (PF-SEARCH-ORDER; docs/decisions.md § Search order). The
// property test covers generated corpora; these pin each rule with a readable case.
import { describe, expect, it } from 'vitest';
import { normalize, queryTerms } from '../../src/search/options.ts';
import { MATCH_TIERS, searchRecords, TIER_RANK } from '../../src/search/rank.ts';
import { siteData } from '../../src/server/data.ts';
import { corpus, page, project } from '../support/search-fixtures.ts';

const slugs = (hits: readonly { record: { slug: string } }[]) => hits.map((h) => h.record.slug);
const tiers = (hits: readonly { record: { slug: string }; match: string }[]) => Object.fromEntries(hits.map((h) => [h.record.slug, h.match]));

// One record per tier for the query "lantern": each matches it in exactly one place.
const ladder = corpus([
  project('in-body', { title: 'Harbour', body: 'We hung a lantern at the door.' }),
  project('in-summary', { title: 'Quay', summary: 'A lantern for the quay.' }),
  project('in-tag', { title: 'Dock', tags: ['lantern'] }),
  project('title-substring', { title: 'The Lantern Room' }),
  project('exact-title', { title: 'Lantern' }),
  project('typo', { title: 'Pier', body: 'A lanterm, misspelt.' }),
  project('prefix', { title: 'Jetty', body: 'Lanternfish everywhere.' }),
]);

describe('PF-SEARCH-ORDER: the title-substring tier holds inside a word too (docs/decisions.md § Search order)', () => {
  const titles = corpus(
    [
      project('pagewatch', { title: 'Pagewatch: performance budgets in CI' }),
      project('benchbook', { title: 'Benchbook: a local app for comparing benchmark runs' }),
      project('sluice', { title: 'Sluice' }),
      project('bisector', { title: 'Bisector: git bisect for flaky test suites', type: 'tool' }),
      project('watchful', { title: 'Watchful', body: 'A tool to watch logs.' }),
      project('unrelated', { title: 'Harbour', body: 'Nothing to see.' }),
    ],
    [page('guide', { title: 'A UI guide' })],
  );

  it('q=watch finds Pagewatch as a title substring, though no indexed word is "watch"', () => {
    expect(tiers(searchRecords(titles, 'watch'))).toMatchObject({ pagewatch: 'title_substring' });
  });

  it('q=book finds Benchbook; q=ui finds Sluice and Bisector (and the page whose title has the word)', () => {
    expect(slugs(searchRecords(titles, 'book'))).toContain('benchbook');
    const ui = searchRecords(titles, 'ui');
    expect(tiers(ui)).toMatchObject({ sluice: 'title_substring', bisector: 'title_substring', guide: 'title_substring' });
    expect(slugs(ui)).not.toContain('unrelated');
  });

  it('within the tier, titles the index matched come first (by relevance), then the rest by slug; the type filter applies', () => {
    const hits = searchRecords(titles, 'watch');
    expect(slugs(hits).slice(0, 2)).toEqual(['watchful', 'pagewatch']);
    expect(slugs(searchRecords(titles, 'ui', { type: 'tool' }))).toEqual(['bisector']);
    expect(searchRecords(titles, 'ui', { limit: 1 })).toHaveLength(1);
  });
});

describe('PF-SEARCH-ORDER: search tiers', () => {
  it('orders exact title > title substring > tag > summary > body > prefix/typo, and says which matched', () => {
    const hits = searchRecords(ladder, 'lantern');
    expect(slugs(hits).slice(0, 5)).toEqual(['exact-title', 'title-substring', 'in-tag', 'in-summary', 'in-body']);
    expect(tiers(hits)).toEqual({
      'exact-title': 'title',
      'title-substring': 'title_substring',
      'in-tag': 'tag',
      'in-summary': 'summary',
      'in-body': 'body',
      prefix: 'fuzzy',
      typo: 'fuzzy',
    });
  });

  it('ignores case, extra whitespace and diacritics in the query and in the records', () => {
    const data = corpus([project('cafe', { title: 'Café  Société' }), project('other', { title: 'Cafe crawl', body: 'societe' })]);
    for (const q of ['café société', 'CAFE SOCIETE', '  cafe   société ', 'Cafe\u0301 Socie\u0301te\u0301', 'ｃａｆｅ ｓｏｃｉｅｔｅ']) {
      const hits = searchRecords(data, q);
      expect(hits[0]).toMatchObject({ record: { slug: 'cafe' }, match: 'title' });
    }
  });

  it('puts a type match in the same tier as a tag match, ordered by relevance then slug', () => {
    const data = corpus([
      project('b-typed', { title: 'One', type: 'tool' }),
      project('a-tagged', { title: 'Two', tags: ['tool'] }),
      project('c', { title: 'Three', summary: 'a tool' }),
    ]);
    const hits = searchRecords(data, 'tool');
    expect(tiers(hits)).toEqual({ 'b-typed': 'type', 'a-tagged': 'tag', c: 'summary' });
    expect(TIER_RANK.tag).toBe(TIER_RANK.type);
    expect(slugs(hits).at(-1)).toBe('c');
  });

  it('treats a title that has every query word, in any order, as a title substring', () => {
    const data = corpus([project('quarry', { title: 'Quarry: search for Rust' }), project('other', { title: 'Other', tags: ['rust', 'search'] })]);
    expect(searchRecords(data, 'rust quarry')[0]).toMatchObject({ record: { slug: 'quarry' }, match: 'title_substring' });
  });

  it('keeps typo and prefix matches below every exact-word match, even a strong one', () => {
    const data = corpus([
      project('weak-exact', { title: 'A', body: `${'filler '.repeat(200)}indexing` }),
      // A typo that keeps no form of the word: "Indexng" holds the stem "index", a title match (FO-SEARCH-FORMS).
      project('strong-typo', { title: 'Ondexing ondexing ondexing', tags: [], summary: 'ondexing' }),
    ]);
    const hits = searchRecords(data, 'indexing');
    expect(tiers(hits)).toEqual({ 'weak-exact': 'body', 'strong-typo': 'fuzzy' });
    expect(slugs(hits)).toEqual(['weak-exact', 'strong-typo']);
  });

  it('breaks equal relevance by slug, then kind (project after page of the same slug)', () => {
    const data = corpus(
      [project('same', { title: 'X', body: 'zebra' }), project('alpha', { title: 'Y', body: 'zebra' })],
      [page('same', { title: 'Z', body: 'zebra' })],
    );
    const hits = searchRecords(data, 'zebra');
    expect(hits.map((h) => `${h.record.kind}:${h.record.slug}`)).toEqual(['project:alpha', 'page:same', 'project:same']);
  });

  it('filters by type (a project type or page) before the limit', () => {
    const data = corpus(
      [project('lib', { title: 'Lib zebra', type: 'library' }), project('app', { title: 'App zebra', type: 'app' })],
      [page('pg', { title: 'Page zebra' })],
    );
    expect(slugs(searchRecords(data, 'zebra', { type: 'page', limit: 1 }))).toEqual(['pg']);
    expect(slugs(searchRecords(data, 'zebra', { type: 'app' }))).toEqual(['app']);
    expect(searchRecords(data, 'zebra', { type: 'talk' })).toEqual([]);
  });

  it('FO-NO-500: answers nothing, without error, for queries with no words or words that are Object.prototype keys', () => {
    expect(searchRecords(ladder, '!!! — ...')).toEqual([]);
    expect(searchRecords(ladder, 'constructor')).toEqual([]);
    expect(searchRecords(ladder, '__proto__ hasOwnProperty toString')).toEqual([]);
  });

  it('labels every hit with one of MATCH_TIERS, each with a rank', () => {
    expect(Object.keys(TIER_RANK).sort()).toEqual([...MATCH_TIERS].sort());
  });
});

describe('query normalization (src/search/options.ts)', () => {
  it('normalize folds case, whitespace, diacritics and compatibility forms', () => {
    expect(normalize('  Ça   VA\tbien ')).toBe('ca va bien');
    expect(normalize('Ｑｕａｒｒｙ ﬁle naïve')).toBe('quarry file naive');
  });

  it('queryTerms splits as the index does and drops duplicates', () => {
    expect(queryTerms('Full-text, full TEXT; café')).toEqual(['full', 'text', 'cafe']);
    expect(queryTerms('  ...  ')).toEqual([]);
  });
});

describe('search over the sample site data', () => {
  const data = siteData();

  it('finds a project by its exact title first', () => {
    const title = data.projects.find((p) => p.slug === 'quarry')!.title;
    expect(searchRecords(data, title.toUpperCase())[0]).toMatchObject({ record: { slug: 'quarry' }, match: 'title' });
  });

  it("PF-SEARCH-ORDER: a project's name (its title before the subtitle) is an exact title, above longer titles that contain it", () => {
    const hits = searchRecords(data, 'quarry');
    expect(hits[0]).toMatchObject({ record: { slug: 'quarry' }, match: 'title' });
    expect(hits.slice(1, 3).map((h) => [h.record.slug, h.match])).toEqual(
      expect.arrayContaining([
        ['quarry-cloud', 'title_substring'],
        ['quarry-wasm', 'title_substring'],
      ]),
    );
  });

  it('PF-SEARCH-ORDER: a name ends at the first subtitle separator, so a longer head of the title is a title substring', () => {
    // The counterexample fast-check found (search-rank-property.test.ts, seed 81279466): the reference split at each separator alone.
    const titled = corpus([project('page-one', { title: 'Indexes: page - of the' })]);
    expect(searchRecords(titled, 'indexes')[0]).toMatchObject({ record: { slug: 'page-one' }, match: 'title' });
    expect(searchRecords(titled, 'indexes: page')[0]).toMatchObject({ record: { slug: 'page-one' }, match: 'title_substring' });
  });

  it('finds a project by its name despite a missing accent (Übersicht → "ubersicht"), and by a title word', () => {
    expect(searchRecords(data, 'ubersicht')[0]).toMatchObject({ record: { slug: 'ubersicht' }, match: 'title' });
    expect(searchRecords(data, 'ubersicht terminal')[0]).toMatchObject({ record: { slug: 'ubersicht' }, match: 'title_substring' });
  });

  it('returns at most limit hits', () => {
    expect(searchRecords(data, 'the', { limit: 3 })).toHaveLength(3);
  });
});
