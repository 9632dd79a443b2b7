/**
 * Store contract for the change feed: grant changes and catalog imports append events for the
 * partners holding a grant on the series when they happen (and for nobody else), in order; a
 * cursor resumes after the last event served, starts "now" when absent, is bound to its partner,
 * and is refused as expired once older than retention; the sweep deletes old events and writes
 * due secret expiries once; rolls write their own event.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExpiredCursorError, InvalidCursorError, type ChangeEvent, type Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, pid, series, T0, T1, T2 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const B = pid('b');
const NOBODY = pid('n');
const [S1, S2, S3] = ['ser_0000000001', 'ser_0000000002', 'ser_0000000003'];
const LONG_AGO = '2026-01-01T00:00:00.000Z';

/** What a test compares: the event without its random id and instant. */
const shape = ({ id: _id, occurred_at: _at, ...rest }: ChangeEvent) => rest;

describe.each(ENGINES)('Store change feed (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
    for (const [id, name] of [[A, 'Alpha'], [B, 'Beta'], [NOBODY, 'Nobody']] as const) {
      await store.createPartner({ id, name, apiKey: `key-${id}`, secretHash: 'hash-1', now: T0 });
    }
    await store.importCatalog([series(S1, { episodes: [episode(eid(1)), episode(eid(2), { episode_number: 2 })] }), series(S2), series(S3)], T0);
  });
  afterEach(async () => {
    await store.close();
  });

  const read = async (partnerId: string, cursor: string | undefined, limit = 100, now = T2) =>
    store.listChanges({ partnerId, cursor, limit, now, retainedSince: LONG_AGO });
  const grant = (partnerId: string, seriesId: string, grants: Array<'read' | 'stream'>, now = T1) =>
    store.transact((tx) => tx.setGrants(partnerId, seriesId, grants, now));

  it('writes one event per grant change, for that partner only, oldest first', async () => {
    const start = await store.changesCursor(A, T0);
    await grant(A, S1, ['read']);
    await grant(A, S1, ['read']); // re-stated: no change, no event
    await grant(A, S1, ['read', 'stream']);
    await grant(A, S1, []);
    await store.setGrants(A, S2, ['stream'], T1); // the Provisioning door (demo seed) too
    const page = await read(A, start);
    expect(page.events.map(shape)).toEqual([
      { type: 'series.granted', series_id: S1, grants: ['read'] },
      { type: 'grant.changed', series_id: S1, grants: ['read', 'stream'], previous_grants: ['read'] },
      { type: 'series.withdrawn', series_id: S1 },
      { type: 'series.granted', series_id: S2, grants: ['stream'] },
    ]);
    for (const e of page.events) expectContractShape('ChangeEvent', e);
    expect(page.events[0]!.occurred_at).toBe(T1);
    expect(new Set(page.events.map((e) => e.id)).size).toBe(4);
    expect((await read(B, await store.changesCursor(B, T0))).events).toEqual([]);
  });

  it('fans import changes out to the partners holding the series when they happen', async () => {
    await grant(A, S1, ['read']);
    await grant(B, S1, ['read', 'stream']);
    await grant(A, S2, ['read']);
    const [a, b, n] = await Promise.all([A, B, NOBODY].map((p) => store.changesCursor(p, T1)));
    const moved = { starts_at: '2026-12-01T00:00:00Z', ends_at: null, territories: ['GB'] };
    await store.importCatalog(
      [
        // Episode 1 removed, episode 2 retitled, episode 3 added, the series' window moved.
        series(S1, { availability: moved, episodes: [episode(eid(2), { episode_number: 2, title: 'Retitled' }), episode(eid(3), { episode_number: 3 })] }),
        series(S2, { title: 'A new title' }),
        series(S3, { title: 'Nobody holds this one' }),
      ],
      T2,
    );
    expect((await read(A, a)).events.map(shape)).toEqual([
      { type: 'availability.changed', series_id: S1, availability: { ...moved, starts_at: '2026-12-01T00:00:00.000Z' } },
      { type: 'episode.updated', series_id: S1, episode_id: eid(2) },
      { type: 'episode.added', series_id: S1, episode_id: eid(3) },
      { type: 'episode.removed', series_id: S1, episode_id: eid(1) },
      { type: 'series.updated', series_id: S2 },
    ]);
    expect((await read(B, b)).events.map((e) => e.type)).toEqual(['availability.changed', 'episode.updated', 'episode.added', 'episode.removed']);
    expect((await read(NOBODY, n)).events).toEqual([]);
    // Re-importing the same file changes nothing, so tells nobody anything.
    const after = (await read(A, a)).nextCursor;
    await store.importCatalog([series(S2, { title: 'A new title' })], T2);
    expect((await read(A, after)).events).toEqual([]);
  });

  it('pages after the cursor, starts now without one, and binds cursors to their partner', async () => {
    for (const s of [S1, S2, S3]) await grant(A, s, ['read']);
    const first = await read(A, undefined);
    expect(first.events).toEqual([]);
    await grant(A, S1, []);
    await grant(A, S2, []);
    await grant(A, S3, []);
    const p1 = await read(A, first.nextCursor, 2);
    expect(p1.events.map((e) => e.series_id)).toEqual([S1, S2]);
    const p2 = await read(A, p1.nextCursor, 2);
    expect(p2.events.map((e) => e.series_id)).toEqual([S3]);
    expect((await read(A, p2.nextCursor, 2)).events).toEqual([]);
    await expect(read(B, p1.nextCursor)).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(read(A, p1.nextCursor.slice(0, -2) + 'xx')).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('refuses a cursor older than retention, and the sweep deletes what retention no longer keeps', async () => {
    const old = await store.changesCursor(A, T0);
    await grant(A, S1, ['read'], T0);
    await grant(A, S2, ['read'], T2);
    const read2 = (cursor: string, retainedSince: string) => store.listChanges({ partnerId: A, cursor, limit: 10, now: T2, retainedSince });
    expect((await read2(old, T0)).events).toHaveLength(2);
    // Older than retention, but nothing after it is gone yet: still served.
    expect((await read2(old, T1)).events).toHaveLength(2);
    expect(await store.sweepEvents(T2, T1)).toEqual({ written: 0, deleted: 1 });
    const err = await read2(old, T1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExpiredCursorError);
    // A cursor within retention reads on; so does a fresh one.
    expect((await read2(old, T0)).events.map((e) => e.series_id)).toEqual([S2]);
    expect((await read2(await store.changesCursor(A, T2), T1)).events).toEqual([]);
  });

  it('tells a partner its secret roll started, and once that the previous secret expired', async () => {
    const start = await store.changesCursor(A, T0);
    await store.transact((tx) => tx.rollSecret(A, 'hash-2', T2, T1));
    expect((await read(A, start, 100, T1)).events.map(shape)).toEqual([{ type: 'secret.roll_started', secret_expires_at: T2 }]);
    expect(await store.sweepEvents(T1, LONG_AGO)).toEqual({ written: 0, deleted: 0 });
    // Read lazily by the partner itself, then never twice (the sweep finds it written).
    const page = await read(A, start, 100, T2);
    expect(page.events.map(shape)).toEqual([{ type: 'secret.roll_started', secret_expires_at: T2 }, { type: 'secret.previous_expired', secret_expires_at: T2 }]);
    expect(await store.sweepEvents(T2, LONG_AGO)).toEqual({ written: 0, deleted: 0 });
    for (const e of page.events) expectContractShape('ChangeEvent', e);
    expect((await read(B, await store.changesCursor(B, T0))).events).toEqual([]);
  });
});
