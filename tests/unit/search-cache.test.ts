// The search cache (src/search/rank.ts, kept on the data: src/server/kept.ts): a repeated query is
// answered from memory, with exactly the answer a fresh search gives; the cache is bounded, per
// loaded data, and configured by FOLIO_SEARCH_CACHE.
import { describe, expect, it } from 'vitest';
import { rankRecords, searchCacheSize, searchRecords, SEARCH_CACHE_DEFAULT } from '../../src/search/rank.ts';
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';
import { searchHits } from '../../src/server/portfolio.ts';
import { answer } from '../../src/server/knowledge.ts';
import { corpus, project } from '../support/search-fixtures.ts';

const data = corpus([
  project('lantern', { title: 'Lantern', tags: ['light'] }),
  project('harbour', { title: 'Harbour', body: 'A lantern by the door.' }),
  project('quay', { title: 'Quay', summary: 'Light on the quay.' }),
]);

describe('search cache (bench/RESULTS.md: a repeated query costs a lookup, not a search)', () => {
  it('answers a repeated query with the same answer a fresh search gives, and shares it', () => {
    const first = searchRecords(data, 'lantern');
    expect(first).toEqual(rankRecords(data, 'lantern'));
    expect(searchRecords(data, 'lantern')).toBe(first);
  });

  it('keys on everything that shapes the answer: the query text, the type filter and the limit', () => {
    const all = searchRecords(data, 'light');
    expect(searchRecords(data, 'light', { limit: 1 })).toEqual(rankRecords(data, 'light', { limit: 1 }));
    expect(searchRecords(data, 'light', { limit: 1 })).toHaveLength(1);
    expect(searchRecords(data, 'light', { type: 'page' })).toEqual([]);
    expect(searchRecords(data, 'Light')).not.toBe(all); // another text is another entry (same answer)
    expect(searchRecords(data, 'Light')).toEqual(all);
  });

  it('keeps one cache per loaded data, so reloaded data (npm run dev) never gets old answers', () => {
    const other = corpus([project('lantern', { title: 'Lantern Two' })]);
    expect(searchRecords(data, 'lantern').map((h) => h.record.title)).toContain('Lantern');
    expect(searchRecords(other, 'lantern').map((h) => h.record.title)).toEqual(['Lantern Two']);
  });

  it('FO-BOUNDED: past its size the least recently asked query is dropped, and a re-asked one is kept', () => {
    const fresh = corpus([project('lantern', { title: 'Lantern' })]);
    const kept = searchRecords(fresh, 'lantern');
    const dropped = searchRecords(fresh, 'quay');
    for (let i = 0; i < SEARCH_CACHE_DEFAULT - 2; i++) searchRecords(fresh, `word${i}`);
    expect(searchRecords(fresh, 'lantern')).toBe(kept); // re-asked: now the most recent
    searchRecords(fresh, 'one more'); // the cache is full: the least recently asked ("quay") goes
    expect(searchRecords(fresh, 'lantern')).toBe(kept);
    expect(searchRecords(fresh, 'quay')).not.toBe(dropped);
    expect(searchRecords(fresh, 'quay')).toEqual(dropped);
  });

  it('hands out frozen answers: no caller can change what the next one gets', () => {
    const hits = searchRecords(data, 'harbour');
    expect(Object.isFrozen(hits)).toBe(true);
    expect(hits.every((h) => Object.isFrozen(h))).toBe(true);
  });

  it('keeps what it knows on the data it was asked of (SiteData.kept), which starts empty', () => {
    const fresh = corpus([project('lantern', { title: 'Lantern' })]);
    expect(fresh.kept).toEqual({});
    const hits = searchRecords(fresh, 'lantern');
    expect(fresh.kept.answers?.size).toBe(1);
    expect(fresh.kept.entries?.size).toBe(1);
    // A changed copy takes its own: the copy's answers come from the copy's records.
    const renamed = { ...fresh, projects: [{ ...fresh.projects[0]!, title: 'Lamp' }], kept: {} };
    expect(searchRecords(renamed, 'lantern')).not.toBe(hits);
  });

  it('views of a kept hit (REST, /ask) are made once per hit and frozen', () => {
    const rest = searchHits(data, { q: 'quay', limit: 10 }).hits[0]!;
    expect(searchHits(data, { q: 'quay', limit: 10 }).hits[0]).toBe(rest);
    expect(Object.isFrozen(rest)).toBe(true);
    const ask = answer(data, 'quay').results[0]!;
    expect(answer(data, 'quay').results[0]).toBe(ask);
    expect(Object.isFrozen(ask)).toBe(true);
  });
});

describe('FOLIO_SEARCH_CACHE (docs/content.md § Environment variables)', () => {
  it('defaults when unset or empty, takes a count, and 0 turns the cache off', () => {
    expect(searchCacheSize(undefined)).toBe(SEARCH_CACHE_DEFAULT);
    expect(searchCacheSize(' ')).toBe(SEARCH_CACHE_DEFAULT);
    expect(searchCacheSize('250')).toBe(250);
    expect(searchCacheSize('0')).toBe(0);
  });

  it('refuses anything else with a message that says what it expected', () => {
    for (const bad of ['-1', 'ten', '1.5', '1e3', '99999999'])
      expect(() => searchCacheSize(bad), bad).toThrow(/FOLIO_SEARCH_CACHE: expected how many queries to keep/);
  });
});

describe('kept answers over HTTP: serialized once, the same as a fresh serialization', () => {
  const app = createApp({ rateLimits: { portfolio: { limit: 1000, window: 60 }, knowledge: { limit: 1000, window: 60 } } });
  const body = async (path: string) => (await app.request(path)).text();

  it('GET /api/v1/search answers a repeat byte for byte, and what searchHits says', async () => {
    const first = await body('/api/v1/search?q=postgres&limit=5');
    expect(await body('/api/v1/search?q=postgres&limit=5')).toBe(first);
    expect(JSON.parse(first)).toEqual(searchHits(siteData(), { q: 'postgres', limit: 5 }));
  });

  it('GET /ask answers a repeat byte for byte, and what answer() says', async () => {
    const first = await body('/ask?query=postgres');
    expect(await body('/ask?query=postgres')).toBe(first);
    expect(JSON.parse(first)).toEqual(answer(siteData(), 'postgres'));
  });
});
