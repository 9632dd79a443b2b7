/**
 * The change feed through the public APIs, as the issue tells it: a partner walks the catalog,
 * then the studio revokes a grant, removes an episode (an import), adds a stream grant and moves
 * an availability window (another import): the feed from the walk's changes_cursor returns
 * exactly those events, in order; a series revoked before the walk never appears; another partner
 * sees none of them. A grant the admin CLI revokes is in the feed too. Cursors are the partner's
 * own, a tampered one is 400, and one older than retention (the injected clock) is 410.
 */
import { describe, expect, it } from 'vitest';
import type { ImportSeries } from '../../server/store/index.js';
import { changeFeed } from '../../server/services/index.js';
import { runCli } from '../helpers/cli.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';
import { makeSeries, seriesIdOf } from '../cli/fixtures.js';

const [S1, S2, S3, S4] = [1, 2, 3, 4].map(seriesIdOf) as [string, string, string, string];
const DAY = 86_400_000;
const LIGHTHOUSE = 'ser_7hx2k9qmbd';

interface Event {
  id: string;
  type: string;
  occurred_at: string;
  series_id?: string;
  episode_id?: string;
  [field: string]: unknown;
}

async function get(server: TestServer, token: string, path: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${server.url}/api/partner/content/${path}`, { headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Imports series through the studio API and waits for the job to end. */
async function importViaStudio(server: TestServer, editor: SignedIn, series: ImportSeries[]): Promise<void> {
  const started = await studio(server, editor, 'POST', '/api/studio/catalog/imports', { series });
  expect(started.status).toBe(202);
  let job = (await started.json()) as { id: string; state: string };
  for (let i = 0; i < 500 && job.state === 'running'; i++) {
    await new Promise((r) => setImmediate(r));
    job = (await (await studio(server, editor, 'GET', `/api/studio/catalog/imports/${job.id}`)).json()) as typeof job;
  }
  expect(job.state).toBe('succeeded');
}

/** Walks the whole catalog a page at a time; the changes_cursor of its first page. */
async function walk(server: TestServer, token: string): Promise<{ cursor: string; ids: string[] }> {
  const ids: string[] = [];
  let first: string | undefined;
  let next: string | null = null;
  do {
    const { status, body } = await get(server, token, `catalog?limit=1${next ? `&cursor=${next}` : ''}`);
    expect(status).toBe(200);
    first ??= body['changes_cursor'] as string;
    ids.push(...(body['items'] as Array<{ id: string }>).map((s) => s.id));
    next = body['next_cursor'] as string | null;
  } while (next);
  return { cursor: first!, ids };
}

const shape = ({ id: _id, occurred_at: _at, ...rest }: Event) => rest;

describe('the change feed', () => {
  it('after a walk, returns exactly the changes since it, in order, to the partner they concern', async () => {
    const server = await startServer();
    const editor = await operatorSession(server, 'editor');
    const [s1, s2, s3, s4] = [makeSeries(1), makeSeries(2), makeSeries(3), makeSeries(4)];
    await server.store.importCatalog([s1, s2, s3, s4], new Date(server.clock.now()).toISOString());
    const a = await server.partner({ [S1]: ['read'], [S2]: ['read'], [S3]: ['read'] });
    const b = await server.partner({ [S4]: ['read'] });
    const [tokenA, tokenB] = [await server.token(a), await server.token(b)];

    // Revoked before the walk: neither in the walk nor in the feed after it.
    expect((await studio(server, editor, 'DELETE', `/api/studio/partners/${a.id}/grants/${S3}`)).status).toBe(204);
    const walked = await walk(server, tokenA);
    expect(walked.ids.sort()).toEqual([S1, S2]);
    const cursorB = (await walk(server, tokenB)).cursor;

    expect((await studio(server, editor, 'DELETE', `/api/studio/partners/${a.id}/grants/${S1}`)).status).toBe(204);
    const removed = s2.episodes[1]!.id;
    await importViaStudio(server, editor, [{ ...s2, episodes: s2.episodes.slice(0, 1) }]);
    expect((await studio(server, editor, 'PATCH', `/api/studio/partners/${a.id}/grants`, { items: [{ series_id: S2, add: ['stream'] }] })).status).toBe(200);
    const window = { starts_at: '2027-01-01T00:00:00.000Z', ends_at: '2027-06-30T00:00:00.000Z', territories: ['GB'] };
    await importViaStudio(server, editor, [{ ...s2, availability: window, episodes: s2.episodes.slice(0, 1) }]);

    const feed = await get(server, tokenA, `changes?cursor=${walked.cursor}`);
    expect(feed.status).toBe(200);
    expect((feed.body['events'] as Event[]).map(shape)).toEqual([
      { type: 'series.withdrawn', series_id: S1 },
      { type: 'episode.removed', series_id: S2, episode_id: removed },
      { type: 'grant.changed', series_id: S2, grants: ['read', 'stream'], previous_grants: ['read'] },
      { type: 'availability.changed', series_id: S2, availability: window },
    ]);
    // Caught up: the next cursor reads nothing more; B saw none of it.
    expect((await get(server, tokenA, `changes?cursor=${feed.body['next_cursor']}`)).body['events']).toEqual([]);
    expect((await get(server, tokenB, `changes?cursor=${cursorB}`)).body['events']).toEqual([]);

    // The admin CLI's revoke is in the feed too.
    const cli = await runCli(['partner', 'revoke', a.id, S2], { DATABASE_URL: server.dbPath });
    expect(cli.code, cli.stderr).toBe(0);
    const more = await get(server, tokenA, `changes?cursor=${feed.body['next_cursor']}`);
    expect((more.body['events'] as Event[]).map(shape)).toEqual([{ type: 'series.withdrawn', series_id: S2 }]);
    // Two imports, a CLI process and a dozen requests: past the 30 s default on a loaded 2-core machine.
  }, 120_000);

  it("refuses another partner's cursor and a tampered one (400), and one older than retention (410)", async () => {
    const server = await startServer();
    const a = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const b = await server.partner({});
    const [tokenA, tokenB] = [await server.token(a), await server.token(b)];
    const start = await get(server, tokenA, 'changes');
    expect(start.status).toBe(200);
    expect(start.body['events']).toEqual([]);
    const cursor = start.body['next_cursor'] as string;
    expect((await get(server, tokenB, `changes?cursor=${cursor}`)).body['code']).toBe('invalid_cursor');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), k: [0, new Date().toISOString()] })).toString('base64url');
    const refused = await get(server, tokenA, `changes?cursor=${tampered}`);
    expect([refused.status, refused.body['code']]).toEqual([400, 'invalid_cursor']);

    // An event after the cursor, then the retention (30 days) passes and the sweep deletes it.
    await server.store.transact((tx) => tx.setGrants(a.id, LIGHTHOUSE, ['read', 'stream'], new Date(server.clock.now()).toISOString()));
    await server.advance(29 * DAY);
    expect(await changeFeed.sweepChangeFeed(server.store, server.clock, 30)).toEqual({ written: 0, deleted: 0 });
    const kept = await get(server, await server.token(a), `changes?cursor=${cursor}`);
    expect((kept.body['events'] as Event[]).map((e) => e.type)).toEqual(['grant.changed']);
    await server.advance(2 * DAY);
    expect((await changeFeed.sweepChangeFeed(server.store, server.clock, 30)).deleted).toBeGreaterThan(0);
    const tokenA2 = await server.token(a);
    const gone = await get(server, tokenA2, `changes?cursor=${cursor}`);
    expect([gone.status, gone.body['code']]).toEqual([410, 'cursor_expired']);
    // The page read within retention handed out a cursor that still reads on.
    expect((await get(server, tokenA2, `changes?cursor=${kept.body['next_cursor']}`)).status).toBe(200);
  });
});
