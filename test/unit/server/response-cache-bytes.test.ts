/**
 * The response cache keeps each body in a buffer of its own (partner-api/response-cache.ts,
 * ownBytes), so its byte bound is what it holds. **Internals**: Node's Buffer.from(string) cuts
 * short strings out of a shared slab; the control fails if Node stops doing that, and then the
 * copy can go.
 */
import { describe, expect, it } from 'vitest';
import { ownBytes } from '../../../server/partner-api/response-cache.js';

const BODIES = [['empty page', '{"items":[],"next_cursor":null}'], ['accents', '{"title":"Café Mañana"}'], ['a large page', JSON.stringify({ items: Array.from({ length: 2_000 }, (_, i) => ({ id: `ser_${i}` })) })]] as const;

describe('ownBytes', () => {
  it.each(BODIES)('holds %s in a buffer exactly its size, with the same bytes', (_name, text) => {
    const bytes = ownBytes(text);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('control: Buffer.from of a short string shares a larger slab (what ownBytes avoids)', () => {
    const pooled = Buffer.from(BODIES[0][1], 'utf8');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length * 100);
  });
});
