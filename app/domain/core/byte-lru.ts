/**
 * The rule every in-memory cache of the server follows (issue 29): it holds at most a
 * number of bytes, and when a new entry would go past that, the least recently used
 * entries leave first. An entry bigger than the whole bound is not kept at all. Sizes
 * are the caller's count of what the entry holds (the bodies of a page, say), so the
 * bound is what a small machine's operator sets in megabytes.
 */
export interface ByteLru<V> {
  /** The entry, which becomes the most recently used. */
  get(key: string): V | undefined;
  /** The entry, its place unchanged. */
  peek(key: string): V | undefined;
  /** Keeps `value` as the most recently used; false when it is too big to keep. */
  set(key: string, value: V, bytes: number): boolean;
  /** Replaces a kept entry in its place (its size may change); false when it is not kept. */
  replace(key: string, value: V, bytes: number): boolean;
  delete(key: string): boolean;
  clear(): void;
  /** Keys from the least to the most recently used. */
  keys(): string[];
  readonly size: number;
  readonly bytes: number;
  readonly maxBytes: number;
}

export const MEGABYTE = 1024 * 1024;

/** A bound in megabytes as bytes (fractions allowed, never negative). */
export function megabytes(mb: number): number {
  return Math.max(0, Math.floor(mb * MEGABYTE));
}

export function createByteLru<V>(maxBytes: number): ByteLru<V> {
  // A Map iterates in insertion order: deleting and setting again moves a key to the end.
  const entries = new Map<string, { value: V; bytes: number }>();
  let total = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    total -= entry.bytes;
    return true;
  };
  /** Drops the least recently used entries (never `spare`) until the total fits. */
  const evictOverBound = (spare?: string) => {
    for (const oldest of entries.keys()) {
      if (total <= maxBytes) break;
      if (oldest !== spare) remove(oldest);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value, bytes) {
      remove(key);
      if (bytes > maxBytes) return false;
      entries.set(key, { value, bytes });
      total += bytes;
      evictOverBound(key);
      return true;
    },
    replace(key, value, bytes) {
      const entry = entries.get(key);
      if (!entry) return false;
      if (bytes > maxBytes) {
        remove(key);
        return false;
      }
      total += bytes - entry.bytes;
      entry.value = value;
      entry.bytes = bytes;
      // A grown entry may push older ones out, never itself.
      evictOverBound(key);
      return true;
    },
    delete: remove,
    clear() {
      entries.clear();
      total = 0;
    },
    keys: () => [...entries.keys()],
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
    maxBytes,
  };
}
