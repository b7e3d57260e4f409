// The least-recently-used map the search cache and the rate limiter keep their entries in.
import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/search/lru.ts';

describe('Lru (src/search/lru.ts)', () => {
  it('holds at most its capacity, dropping the least recently used first', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // now b is the least recently used
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.peek('b')).toBeUndefined();
    expect([lru.peek('a'), lru.peek('c')]).toEqual([1, 3]);
  });

  it('peek reads without making the entry recent; set on a held key replaces it without evicting', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.peek('a')).toBe(1); // a stays the least recently used
    lru.set('b', 20);
    expect(lru.size).toBe(2);
    lru.set('c', 3);
    expect(lru.peek('a')).toBeUndefined();
    expect([lru.peek('b'), lru.peek('c')]).toEqual([20, 3]);
  });

  it('keeps the order right when the most recent key is used again, and after it was evicted', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('b')).toBe(2);
    expect(lru.get('b')).toBe(2); // already the most recent: nothing moves
    lru.set('c', 3); // a is the least recently used
    expect(lru.peek('a')).toBeUndefined();
    expect(lru.get('c')).toBe(3);
    expect(lru.get('b')).toBe(2); // now c is the least recently used
    lru.set('d', 4);
    expect(lru.peek('c')).toBeUndefined();
    const one = new Lru<string, number>(1);
    one.set('x', 1);
    one.set('y', 2); // evicts x, the key used last before
    expect(one.get('x')).toBeUndefined();
    expect(one.get('y')).toBe(2);
  });
});
