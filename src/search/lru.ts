// A map of at most `capacity` entries that drops the least recently used first. A Map iterates in
// insertion order, so re-inserting an entry on each use keeps the least recently used at the front.
// The search cache (rank.ts) and the rate limiter (src/server/rate-limit.ts) keep their entries here.
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();
  /** The most recently used key: using it again changes no order (one client's requests in a row). */
  #latest: K | undefined;
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size() {
    return this.#entries.size;
  }

  /** The value, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#latest) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
      this.#latest = key;
    }
    return value;
  }

  /** The value, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Stores the value as the most recently used; past capacity, the least recently used entries go. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size < this.capacity) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
    this.#latest = key;
  }
}
