/**
 * The client's feed iterator against the real server: it reads every event after a stored cursor,
 * oldest first, page by page, and ends once caught up; its cursor moves only once a page's events
 * have all been taken, onCursor hears each one, and a later read resumes from the stored cursor
 * with only what happened since.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../client/index.js';
import { startServer } from '../helpers/server.js';
import { clientFor } from './support.js';

const [S1, S2, S3] = ['ser_7hx2k9qmbd', 'ser_9kd4p6vyja', 'ser_3fz8w1rtnc'];

describe('client.changes', () => {
  it('follows the feed from a catalog walk, resumes from the stored cursor, and never skips an event it had not handed out', async () => {
    const server = await startServer();
    const partner = await server.partner({ [S1]: ['read'] });
    const { client, wire } = clientFor(server, partner);
    const grant = (seriesId: string, grants: Array<'read' | 'stream'>) =>
      server.store.transact((tx) => tx.setGrants(partner.id, seriesId, grants, new Date(server.clock.now()).toISOString()));

    const walk = await client.catalog.list({ limit: 100 });
    let stored = walk.changes_cursor;
    await grant(S2, ['read']);
    await grant(S3, ['read']);
    await grant(S1, ['read', 'stream']);

    // Stopped in the middle of a page: the cursor still points before it.
    const interrupted = client.changes.all({ cursor: stored, limit: 2 });
    for await (const _event of interrupted) break;
    expect(interrupted.cursor).toBe(stored);

    const told: string[] = [];
    const feed = client.changes.all({ cursor: stored, limit: 2, onCursor: (c) => void told.push(c) });
    const events: ChangeEvent[] = [];
    for await (const event of feed) events.push(event);
    expect(events.map((e) => [e.type, e.series_id])).toEqual([
      ['series.granted', S2],
      ['series.granted', S3],
      ['grant.changed', S1],
    ]);
    expect(told).toHaveLength(2);
    expect(feed.cursor).toBe(told[1]);
    // Two pages: the second, with fewer than the limit, says caught up.
    expect(wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/changes')).length).toBe(3);

    stored = feed.cursor!;
    await grant(S2, []);
    const later: ChangeEvent[] = [];
    for await (const event of client.changes.all({ cursor: stored })) later.push(event);
    expect(later.map((e) => [e.type, e.series_id])).toEqual([['series.withdrawn', S2]]);
    expect(later[0]).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: 'series.withdrawn', occurred_at: expect.any(String), series_id: S2 });
  });
});
