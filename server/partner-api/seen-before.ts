/**
 * Which keys were asked for recently: the response cache's doorkeeper (response-cache.ts), so a
 * page is kept only once its URL has been asked for a second time. Partners' cursor pages and
 * searches are mostly asked once; kept on their first answer, each one lived in the cache until
 * it was pushed out, long enough for V8 to move it to the old generation, and that churn pressed
 * for full collections (docs/decisions/0030-response-cache-admission.md; what it saved:
 * docs/performance.md#response-cache-doorkeeper).
 *
 * A direct-mapped table of 32-bit FNV-1a hashes, one per slot, allocated once: nothing per key
 * outlives the request. A key whose slot another key took since is forgotten (its next answer is
 * built again and only then kept); two keys with one hash are taken for one (a page kept on its
 * first answer). Either costs one page built or kept more than needed, never a wrong answer.
 */
export class SeenBefore {
  private readonly hashes: Uint32Array;
  private readonly mask: number;

  /** `slots`: a power of two, the most keys remembered. */
  constructor(slots: number) {
    if (!Number.isInteger(slots) || slots < 1 || (slots & (slots - 1)) !== 0) throw new Error('SeenBefore: slots must be a power of two');
    this.hashes = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** Whether key was noted since its slot was last taken by another key; notes it either way. */
  note(key: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    // 0 marks an empty slot, so a key that hashes to 0 is stored as 1.
    const tag = hash >>> 0 || 1;
    const slot = (hash >>> 0) & this.mask;
    if (this.hashes[slot] === tag) return true;
    this.hashes[slot] = tag;
    return false;
  }
}
