/**
 * How each engine assembles its store (server/store/sqlite/store.ts, postgres/store.ts): one flat
 * object of the shared doors and the engine's own methods, which consumers are handed typed as the
 * doors they declare. Asked of V8 itself: the object keeps fast properties, so a call through it
 * (every partner request makes several) is an inline-cached property load, not a dictionary lookup.
 */
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, removeTmpDbs } from './engines.js';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set; the test file's own code is parsed without it.
const fastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

afterAll(removeTmpDbs);

describe.each(ENGINES)('the %s store', (_engine, open) => {
  it('is one object with every method its own, in fast mode', async () => {
    const store = await open();
    try {
      expect(Object.getPrototypeOf(store)).toBe(Object.prototype);
      const methods = Object.entries(store).filter(([, value]) => typeof value === 'function');
      expect(methods.length).toBeGreaterThan(40);
      expect(fastProperties(store)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
