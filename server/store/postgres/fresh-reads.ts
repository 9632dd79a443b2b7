/**
 * Shares reads between concurrent callers without ever answering a caller with a read that began
 * before it asked. A caller that finds no read of its key under way starts one. A caller that
 * finds one under way cannot use it (it may have begun before this caller's request arrived, and
 * missed a revocation committed since), so it waits for the next read of that key, which starts
 * when the current one settles and serves every caller that queued meanwhile. Under load that is
 * at most two reads of a key at a time however many requests wait, and every answer is still the
 * state at a moment after the request asked.
 */
export class FreshReads<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly next = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {
    if (typeof read !== 'function') throw new Error('FreshReads: a read function is required');
  }

  /** The value of key, read at or after this call. */
  get(key: K): Promise<V> {
    const queued = this.next.get(key);
    if (queued) return queued;
    const running = this.running.get(key);
    if (!running) return this.start(key);
    const after = running.then(
      () => undefined,
      () => undefined,
    );
    const promise = after.then(() => {
      this.next.delete(key);
      return this.start(key);
    });
    this.next.set(key, promise);
    return promise;
  }

  private start(key: K): Promise<V> {
    const promise = this.read(key).finally(() => {
      if (this.running.get(key) === promise) this.running.delete(key);
    });
    this.running.set(key, promise);
    return promise;
  }
}
