import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { describe, expect, it } from 'vitest';
import { decodeJobId, encodeJobId, MAX_JOB_ID_CHARS, type JobEntry } from '../../src/server/knowledge/job-id.ts';

/** Builds an id around any payload bytes with a correct checksum, to reach the later checks. */
function forge(bytes: Buffer, version = 'j1') {
  const head = `${version}.${bytes.toString('base64url')}`;
  return `${head}.${createHash('sha256').update(head).digest('base64url').slice(0, 8)}`;
}
const deflated = (value: string) => deflateRawSync(Buffer.from(value));

const query = fc
  .string({ minLength: 1, maxLength: 500, unit: 'grapheme' })
  .map((s) => s.trim())
  .filter((s) => s.length >= 1 && s.length <= 500);
const entry: fc.Arbitrary<JobEntry> = fc.oneof({ weight: 4, arbitrary: query }, { weight: 1, arbitrary: fc.integer({ min: 501, max: 65_536 }) });

describe('KQ-JOB-STATELESS: job id codec (docs/decisions.md § Jobs: versioned, checksummed, URL-safe)', () => {
  it('round-trips any valid list of 1 to 10 entries, and ids are URL-safe', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 10 }), (list) => {
        const id = encodeJobId(list);
        expect(id).toMatch(/^j[12]\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}$/);
        expect(encodeURIComponent(id)).toBe(id);
        expect(decodeJobId(id)).toEqual({ ok: true, entries: list });
      }),
      { numRuns: runs(200) },
    );
  });

  it('is deterministic: the same queries give the same id', () => {
    expect(encodeJobId(['search', 'queues'])).toBe(encodeJobId(['search', 'queues']));
    expect(encodeJobId(['search', 'queues'])).not.toBe(encodeJobId(['queues', 'search']));
  });

  it('any single changed character makes the id unknown (checksum)', () => {
    const id = encodeJobId(['search library', 'job queue in postgres', 'web performance']);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    fc.assert(
      fc.property(fc.nat(id.length - 1), fc.constantFrom(...alphabet), (at, char) => {
        fc.pre(id[at] !== char);
        const tampered = id.slice(0, at) + char + id.slice(at + 1);
        expect(decodeJobId(tampered).ok).toBe(false);
      }),
      { numRuns: runs(500) },
    );
  });

  it('ten ordinary 500-character questions fit well inside the id limit', () => {
    const words = 'how does the search library rank results when a query matches title tags and body text of several projects'.split(' ');
    const list = Array.from({ length: 10 }, (_, i) => {
      let text = '';
      for (let j = i; text.length < 500; j += 7) text += `${words[j % words.length]} `;
      return text.slice(0, 500).trim();
    });
    const id = encodeJobId(list);
    expect(id.length).toBeLessThan(MAX_JOB_ID_CHARS / 2);
    expect(decodeJobId(id)).toEqual({ ok: true, entries: list });
  });

  it.each<[string, string]>([
    ['empty', ''],
    ['not a job id', 'hello'],
    ['an unknown version', forge(deflated('["search"]'), 'j2')],
    ['too few parts', 'j1.abc'],
    ['too many parts', `${encodeJobId(['search'])}.x`],
    ['a bad checksum', `${encodeJobId(['search']).slice(0, -8)}AAAAAAAA`],
    ['a payload outside base64url', 'j1.ab+/.AAAAAAAA'],
    ['longer than the limit', `j1.${'A'.repeat(MAX_JOB_ID_CHARS)}.AAAAAAAA`],
    ['a correct checksum over data that is not deflate', forge(Buffer.from([0xff, 0xff, 0xff, 0xff]))],
    ['deflated data that is not JSON', forge(deflated('not json'))],
    ['JSON that is not a list', forge(deflated('{"queries":["search"]}'))],
    ['an empty list', forge(deflated('[]'))],
    ['eleven queries', forge(deflated(JSON.stringify(Array(11).fill('search'))))],
    ['an empty query', forge(deflated('["search",""]'))],
    ['an untrimmed empty query', forge(deflated('["  "]'))],
    ['a query over 500 characters kept as text', forge(deflated(JSON.stringify(['x'.repeat(501)])))],
    ['a length that is not over the limit', forge(deflated('[12]'))],
    ['a non-integer length', forge(deflated('[600.5]'))],
  ])('rejects %s', (_name, id) => {
    const decoded = decodeJobId(id);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason.length).toBeGreaterThan(0);
  });

  it('FO-BOUNDED: bounds decompression: a small id that inflates past 64 KiB is rejected, not expanded', () => {
    const bomb = forge(deflateRawSync(Buffer.from(`["${'a'.repeat(4_000_000)}"]`), { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_JOB_ID_CHARS);
    expect(decodeJobId(bomb)).toEqual({ ok: false, reason: "The id's data cannot be read." });
  });
});
