/**
 * A catalog file's difference before importing it (series and episodes to add, change and remove,
 * computed by the import's own code, nothing written), and the history of past imports, newest
 * first, page by page, with who started each, its counts and outcome. On both engines.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';
import { importDocument, makeSeries, seriesIdOf } from '../cli/fixtures.js';

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

interface Job {
  id: string;
  state: string;
  actor: string;
  series_total: number;
  series_changed: number;
}

async function imported(server: TestServer, editor: SignedIn, document: unknown): Promise<Job> {
  const started = await studio(server, editor, 'POST', '/api/studio/catalog/imports', document);
  expect(started.status).toBe(202);
  let job = await json<Job>(started);
  for (let i = 0; i < 2000 && job.state === 'running'; i++) {
    await new Promise((r) => setImmediate(r));
    job = await json<Job>(await studio(server, editor, 'GET', `/api/studio/catalog/imports/${job.id}`));
  }
  return job;
}

describe.each(serverEngines())('import previews and history (%s)', (_name, engine) => {
  it('answers the difference a file would make, writing nothing, and the import then makes it', async () => {
    const server = await startServer(engine);
    const editor = await operatorSession(server, 'editor');
    await imported(server, editor, importDocument([makeSeries(1, 1, 3), makeSeries(2)]));
    // Series 1: retitled, one episode edited, one gone; series 2 as it is; series 3 new with 2 episodes.
    const one = makeSeries(1, 1, 3);
    const changed = { ...one, title: 'Series One', episodes: [one.episodes[0]!, { ...one.episodes[1]!, title: 'Renamed' }] };
    const file = importDocument([changed, makeSeries(2), makeSeries(3)]);
    const res = await studio(server, editor, 'POST', '/api/studio/catalog/import-preview', file);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      series_added: 1,
      series_changed: 1,
      series_unchanged: 1,
      episodes_added: 2,
      episodes_changed: 1,
      episodes_removed: 1,
      changes: [
        { series_id: seriesIdOf(1), title: 'Series One', change: 'changed', episodes_added: 0, episodes_changed: 1, episodes_removed: 1 },
        { series_id: seriesIdOf(3), title: 'Series 3', change: 'added', episodes_added: 2, episodes_changed: 0, episodes_removed: 0 },
      ],
    });
    // Nothing was written.
    expect((await studio(server, editor, 'GET', `/api/studio/catalog/series/${seriesIdOf(3)}/episodes`)).status).toBe(404);
    expect(await json(await studio(server, editor, 'POST', '/api/studio/catalog/import-preview', file))).toMatchObject({ series_added: 1, series_changed: 1 });
    // The import makes exactly that difference: a second preview finds nothing left to change.
    expect(await imported(server, editor, file)).toMatchObject({ state: 'succeeded', series_changed: 2 });
    expect(await json(await studio(server, editor, 'POST', '/api/studio/catalog/import-preview', file))).toMatchObject({ series_added: 0, series_changed: 0, series_unchanged: 3, changes: [] });
  });

  it('refuses an invalid file with every problem, as the import does', async () => {
    const server = await startServer(engine);
    const editor = await operatorSession(server, 'editor');
    const res = await studio(server, editor, 'POST', '/api/studio/catalog/import-preview', { series: [{ ...makeSeries(1), title: '' }, { id: 'nope' }] });
    expect(res.status).toBe(400);
    const problem = await json<{ code: string; errors: unknown[] }>(res);
    expect([problem.code, problem.errors.length > 1]).toEqual(['validation_failed', true]);
  });

  it('lists past imports newest first, page by page, with who, counts and outcome; grant jobs are not imports', async () => {
    const server = await startServer(engine);
    const editor = await operatorSession(server, 'editor');
    const viewer = await operatorSession(server, 'viewer');
    const first = await imported(server, editor, importDocument([makeSeries(1)]));
    await server.advance(1_000);
    const second = await imported(server, editor, importDocument([makeSeries(1), makeSeries(2)]));
    const partner = await server.partner({});
    expect((await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs`, { match: {}, add: ['read'], remove: [] })).status).toBe(202);

    const page1 = await json<{ items: Job[]; next_cursor: string | null }>(await studio(server, viewer, 'GET', '/api/studio/catalog/imports?limit=1'));
    expect(page1.items).toEqual([expect.objectContaining({ id: second.id, state: 'succeeded', actor: `operator:${editor.operatorId}`, series_total: 2, series_changed: 1 })]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await json<{ items: Job[]; next_cursor: string | null }>(await studio(server, viewer, 'GET', `/api/studio/catalog/imports?limit=1&cursor=${page1.next_cursor}`));
    expect(page2.items.map((j) => [j.id, j.series_changed])).toEqual([[first.id, 1]]);
    // The grant job's row shares the jobs table: it is not an import.
    const all = await json<{ items: Job[]; next_cursor: string | null }>(await studio(server, viewer, 'GET', '/api/studio/catalog/imports?limit=100'));
    expect([all.items.map((j) => j.id), all.next_cursor]).toEqual([[second.id, first.id], null]);
    // A cursor of another listing is refused.
    expect((await studio(server, viewer, 'GET', '/api/studio/catalog/imports?limit=1&cursor=nope')).status).toBe(400);
  });
});
