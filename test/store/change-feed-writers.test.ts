/**
 * The change feed with several writers at once: on PostgreSQL three stores on one database, as
 * three instances write it; on SQLite three writers sharing the one process's store (one process
 * per SQLite file is the supported deployment). They change grants side by side while a partner
 * follows the feed page by page. What
 * the follower collected is exactly the feed read afterwards from the same start, each event once
 * and in the same order: an event committed after a later one was served would be skipped for
 * good, as a cursor never goes back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/store/index.js';
import { skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpDbPath, tmpSchema } from './engines.js';
import { pid, series, sid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const WRITERS = 3;
const CHANGES = 40;
const LONG_AGO = '2026-01-01T00:00:00.000Z';

const URLS: Array<[string, () => Promise<string>]> = [
  ['sqlite', async () => tmpDbPath()],
  ...(skipReason({ postgres: true }) ? [] : [['postgres', async () => (await tmpSchema()).url] as [string, () => Promise<string>]]),
];

describe.each(URLS)('Change feed with concurrent writers (%s)', (engine, databaseUrl) => {
  it('serves every event once, in the order the feed keeps, to a partner following it meanwhile', async () => {
    const url = await databaseUrl();
    const stores: Store[] = [];
    try {
      const shared = engine === 'sqlite';
      for (let i = 0; i < (shared ? 1 : WRITERS + 1); i += 1) stores.push(await openStore(url));
      const reader = stores[0]!;
      const writers = shared ? Array.from({ length: WRITERS }, () => reader) : stores.slice(1);
      await reader.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'h', now: T0 });
      await reader.importCatalog(Array.from({ length: WRITERS * CHANGES }, (_, i) => series(sid(i + 1))), T0);
      const start = await reader.changesCursor(A, T0);
      const read = (cursor: string) => reader.listChanges({ partnerId: A, cursor, limit: 7, now: new Date().toISOString(), retainedSince: LONG_AGO });

      let done = false;
      const followed: string[] = [];
      const follow = (async () => {
        let cursor = start;
        // Until the writers are done, then once more to the end.
        for (let last = false; ; ) {
          const page = await read(cursor);
          followed.push(...page.events.map((e) => e.id));
          cursor = page.nextCursor;
          if (page.events.length === 0 && last) return;
          if (page.events.length === 0) last = done;
        }
      })();
      await Promise.all(
        writers.map(async (store, w) => {
          for (let c = 0; c < CHANGES; c += 1) await store.setGrants(A, sid(w * CHANGES + c + 1), c % 2 ? ['read', 'stream'] : ['read'], new Date().toISOString());
        }),
      );
      done = true;
      await follow;

      const all: string[] = [];
      for (let cursor = start; ; ) {
        const page = await read(cursor);
        if (page.events.length === 0) break;
        all.push(...page.events.map((e) => e.id));
        cursor = page.nextCursor;
      }
      expect(all).toHaveLength(WRITERS * CHANGES);
      expect(new Set(followed).size).toBe(followed.length);
      expect(followed).toEqual(all);
    } finally {
      for (const store of stores) await store.close();
    }
  }, 60_000);
});
