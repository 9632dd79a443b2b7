/**
 * A least-recently-used cache whose entries hold for one content version of the store. The
 * version is rewritten in the same transaction as every catalog import and grant change (by any
 * process), and bearer authentication reads it with the partner's state before the request reads any data;
 * so a value stored under a version is never older than that version. Seeing a new version
 * empties the cache; a value built under a version that is no longer the newest seen is not kept.
 * Used for whole validated pages (response-cache.ts) and for grant checks (grants.ts).
 */
import { LRUCache } from 'lru-cache';

export interface VersionedCacheOptions<V> {
  /** Most entries kept. */
  max?: number;
  /** Most total size kept, as measured by `size`. */
  maxSize?: number;
  size?: (value: V) => number;
}

/** Values by key, valid for the content version they were stored under. */
export class VersionedCache<V extends object> {
  private readonly cache: LRUCache<string, { version: number; value: V }>;
  private current: number | undefined;

  constructor(options: VersionedCacheOptions<V>) {
    const { max, maxSize, size } = options;
    if (!max && !(maxSize && size)) throw new Error('VersionedCache: max, or maxSize with size, is required');
    this.cache = max ? new LRUCache({ max }) : new LRUCache({ maxSize: maxSize!, sizeCalculation: (entry) => Math.max(1, size!(entry.value)) });
  }

  /** The value stored for key under this version, if any; a version not seen before empties the cache first. */
  get(version: number, key: string): V | undefined {
    if (version !== this.current) {
      this.cache.clear();
      this.current = version;
    }
    const entry = this.cache.get(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  /** Keeps value for key, unless a newer version has been seen since it was read. */
  set(version: number, key: string, value: V): void {
    if (version === this.current) this.cache.set(key, { version, value });
  }
}
