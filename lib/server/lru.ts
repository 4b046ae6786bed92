// A map that keeps its most recently used entries within a count and a size budget (the visitors'
// permalink pages). A Map iterates in insertion order, so re-inserting on use keeps the least recently used
// first; an entry larger than the whole budget is not kept.

export type Lru<K, V> = {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Entries kept. */
  readonly size: number;
  /** Sum of `sizeOf` over the entries kept. */
  readonly bytes: number;
};

export function createLru<K, V>({ maxEntries, maxBytes, sizeOf }: { maxEntries: number; maxBytes: number; sizeOf: (value: V) => number }): Lru<K, V> {
  const entries = new Map<K, { value: V; bytes: number }>();
  let bytes = 0;

  const remove = (key: K) => {
    const found = entries.get(key);
    if (!found) return;
    entries.delete(key);
    bytes -= found.bytes;
  };

  return {
    get(key) {
      const found = entries.get(key);
      if (!found) return undefined;
      entries.delete(key);
      entries.set(key, found);
      return found.value;
    },
    set(key, value) {
      remove(key);
      const size = sizeOf(value);
      if (size > maxBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
