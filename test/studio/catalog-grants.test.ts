/**
 * Grants and the catalog through the studio API: a partner's grants page by page, many series set
 * in one request (all or nothing), revoke; series with each partner's grants and their episodes;
 * a catalog import's validation report, and its job polled to the end, while partners are served.
 */
import { describe, expect, it } from 'vitest';
import { loadStudioContract } from '../../server/contract/studio.js';
import { bearer, importGate, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';
import { importDocument, makeSeries, seriesIdOf } from '../cli/fixtures.js';

const SERIES = 'ser_7hx2k9qmbd';
const OTHER = 'ser_9kd4p6vyja';
const code = async (res: Response) => ((await res.json()) as { code: string }).code;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function setup(): Promise<{ server: TestServer; editor: SignedIn; partnerId: string; token: string }> {
  const server = await startServer();
  const editor = await operatorSession(server, 'editor');
  const partner = await server.partner({});
  return { server, editor, partnerId: partner.id, token: await server.token(partner) };
}

describe('studio grants', () => {
  it('sets grants on many series in one request, and the partner reads them on its next request', async () => {
    const { server, editor, partnerId, token } = await setup();
    const set = await studio(server, editor, 'PUT', `/api/studio/partners/${partnerId}/grants`, {
      items: [
        { series_id: SERIES, grants: ['stream', 'read'] },
        { series_id: OTHER, grants: ['read'] },
      ],
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ items: [{ series_id: SERIES, grants: ['read', 'stream'] }, { series_id: OTHER, grants: ['read'] }] });
    const entitlements = await json<{ items: Array<{ series_id: string }> }>(await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) }));
    expect(entitlements.items.map((e) => e.series_id).sort()).toEqual([SERIES, OTHER].sort());

    const page = await json<{ items: Array<{ series_id: string; grants: string[] }>; next_cursor: string }>(await studio(server, editor, 'GET', `/api/studio/partners/${partnerId}/grants?limit=1`));
    expect(page.items).toHaveLength(1);
    const rest = await json<{ items: Array<{ series_id: string }>; next_cursor: null }>(await studio(server, editor, 'GET', `/api/studio/partners/${partnerId}/grants?limit=1&cursor=${page.next_cursor}`));
    expect([...page.items, ...rest.items].map((g) => g.series_id).sort()).toEqual([SERIES, OTHER].sort());

    const revoked = await studio(server, editor, 'DELETE', `/api/studio/partners/${partnerId}/grants/${OTHER}`);
    expect(revoked.status).toBe(204);
    const after = await json<{ items: Array<{ series_id: string }> }>(await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) }));
    expect(after.items.map((e) => e.series_id)).toEqual([SERIES]);

    const bySeries = await json<{ items: Array<{ partner_id: string; grants: string[] }> }>(await studio(server, editor, 'GET', `/api/studio/catalog/series/${SERIES}/grants`));
    // The demo partner holds grants on it too.
    expect(bySeries.items).toEqual(expect.arrayContaining([expect.objectContaining({ partner_id: partnerId, grants: ['read', 'stream'] })]));
  });

  it('writes nothing when any series of the request is unknown', async () => {
    const { server, editor, partnerId } = await setup();
    const res = await studio(server, editor, 'PUT', `/api/studio/partners/${partnerId}/grants`, {
      items: [
        { series_id: SERIES, grants: ['read'] },
        { series_id: 'ser_0000000000', grants: ['read'] },
      ],
    });
    expect([res.status, await code(res)]).toEqual([404, 'not_found']);
    expect((await json<{ items: unknown[] }>(await studio(server, editor, 'GET', `/api/studio/partners/${partnerId}/grants`))).items).toEqual([]);
  });

  it.each([
    ['grants of an unknown partner', 'GET', '/api/studio/partners/ptn_0000000000/grants', undefined, 404],
    ['grants of a malformed partner id', 'GET', '/api/studio/partners/x/grants', undefined, 400],
    ['setting grants of an unknown partner', 'PUT', '/api/studio/partners/ptn_0000000000/grants', { items: [{ series_id: SERIES, grants: [] }] }, 404],
    ['setting an unknown grant', 'PUT', '/api/studio/partners/ptn_0000000000/grants', { items: [{ series_id: SERIES, grants: ['own'] }] }, 400],
    ['revoking on an unknown series', 'DELETE', '/api/studio/partners/PARTNER/grants/ser_0000000000', undefined, 404],
    ['revoking on a malformed series id', 'DELETE', '/api/studio/partners/PARTNER/grants/x', undefined, 400],
    ['the grants on an unknown series', 'GET', '/api/studio/catalog/series/ser_0000000000/grants', undefined, 404],
    ['the grants on a malformed series id', 'GET', '/api/studio/catalog/series/x/grants', undefined, 400],
    ['the episodes of an unknown series', 'GET', '/api/studio/catalog/series/ser_0000000000/episodes', undefined, 404],
    ['the episodes of a malformed series id', 'GET', '/api/studio/catalog/series/x/episodes', undefined, 400],
    ['a series page with a bad cursor shape', 'GET', '/api/studio/catalog/series?cursor=%25', undefined, 400],
    ['an unknown import job', 'GET', '/api/studio/catalog/imports/imp_0000000000000000', undefined, 404],
    ['a malformed import job id', 'GET', '/api/studio/catalog/imports/nope', undefined, 400],
  ])('refuses %s', async (_name, method, path, body, status) => {
    const { server, editor, partnerId } = await setup();
    const res = await studio(server, editor, method, path.replace('PARTNER', partnerId), body);
    expect(res.status).toBe(status);
  });
});

describe('studio catalog', () => {
  it('lists series page by page and a series\' episodes', async () => {
    const { server, editor } = await setup();
    const first = await json<{ items: Array<{ id: string; title: string }>; next_cursor: string }>(await studio(server, editor, 'GET', '/api/studio/catalog/series?limit=2'));
    expect(first.items).toHaveLength(2);
    const second = await json<{ items: Array<{ id: string; title: string }> }>(await studio(server, editor, 'GET', `/api/studio/catalog/series?limit=2&cursor=${first.next_cursor}`));
    // By title, the next page going on where the first ended.
    expect(first.items.map((s) => s.id)).not.toContain(second.items[0]!.id);
    expect(second.items[0]!.title.localeCompare(first.items[1]!.title, 'en', { sensitivity: 'base' })).toBeGreaterThanOrEqual(0);
    const episodes = await json<{ items: Array<{ id: string; season_number: number }> }>(await studio(server, editor, 'GET', `/api/studio/catalog/series/${SERIES}/episodes?limit=3`));
    expect(episodes.items).toHaveLength(3);
  });

  it('refuses an invalid import file with every problem and imports nothing', async () => {
    const { server, editor } = await setup();
    const bad = makeSeries(1);
    const res = await studio(server, editor, 'POST', '/api/studio/catalog/imports', { series: [{ ...bad, title: '' }, { id: 'nope' }] });
    expect(res.status).toBe(400);
    const problem = await json<{ code: string; errors: Array<{ pointer: string }> }>(res);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.length).toBeGreaterThan(1);
    expect(problem.errors.map((e) => e.pointer)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/series\/0/), expect.stringMatching(/^\/series\/1/)]));
    expect((await studio(server, editor, 'GET', `/api/studio/catalog/series/${seriesIdOf(1)}/episodes`)).status).toBe(404);
  });

  it('imports a file as a job whose progress is polled until it ends', async () => {
    const { server, editor } = await setup();
    const size = server.runtime.studioContract.importBatchSeries + 3;
    const document = importDocument(Array.from({ length: size }, (_, i) => makeSeries(i + 1)));
    const started = await studio(server, editor, 'POST', '/api/studio/catalog/imports', document);
    expect(started.status).toBe(202);
    const job = await json<{ id: string; state: string; series_total: number }>(started);
    expect(job).toMatchObject({ state: 'running', series_total: size });
    let polled = job;
    for (let i = 0; i < 200 && polled.state === 'running'; i++) {
      const res = await studio(server, editor, 'GET', `/api/studio/catalog/imports/${job.id}`);
      expect(res.status).toBe(200);
      polled = await json(res);
      if (polled.state === 'running') await new Promise((r) => setImmediate(r));
    }
    expect(polled).toMatchObject({ state: 'succeeded', series_done: size, series_changed: size, error: null });
    expect((await studio(server, editor, 'GET', `/api/studio/catalog/series/${seriesIdOf(size)}/episodes`)).status).toBe(200);
  });

  it('serves partners and answers polls while an import runs, between its batches', async () => {
    // One series per transaction: many short batches, on an in-memory database, which imports in
    // the server's thread (no other connection can see it). A batch there runs synchronously; an
    // import that never yielded answered nothing else until its last batch, and its first poll
    // already said succeeded.
    const server = await startServer({ env: { DATABASE_URL: ':memory:' }, studioContract: { ...loadStudioContract(), importBatchSeries: 1 } });
    const editor = await operatorSession(server, 'editor');
    const partner = await server.partner({});
    const token = await server.token(partner);
    const size = 100;
    const started = await studio(server, editor, 'POST', '/api/studio/catalog/imports', importDocument(Array.from({ length: size }, (_, i) => makeSeries(i + 1))));
    expect(started.status).toBe(202);
    const { id } = await json<{ id: string }>(started);

    expect((await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) })).status).toBe(200);
    const poll = async () => json<{ state: string; series_done: number }>(await studio(server, editor, 'GET', `/api/studio/catalog/imports/${id}`));
    const midway = await poll();
    expect(midway.state).toBe('running');
    expect(midway.series_done).toBeLessThan(size);

    let polled = midway;
    for (let i = 0; i < 1000 && polled.state === 'running'; i++) polled = await poll();
    expect(polled).toMatchObject({ state: 'succeeded', series_done: size });
  });

  it('serves cached and uncached reads while a batch is being written: batches run on a thread of their own', async () => {
    const batches = importGate();
    // Open while the server seeds its demo catalog; closed for the import under test.
    batches.open();
    const server = await startServer({ importGate: batches.gate });
    const editor = await operatorSession(server, 'editor');
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    const entitlements = `${server.url}/api/partner/content/entitlements`;
    // Asked twice, so the page is kept (server/partner-api/seen-before.ts) and the read below is a cached one.
    for (let i = 0; i < 2; i++) expect((await fetch(entitlements, { headers: bearer(token) })).status).toBe(200);

    batches.close();
    const started = await studio(server, editor, 'POST', '/api/studio/catalog/imports', importDocument([makeSeries(1), makeSeries(2)]));
    expect(started.status).toBe(202);
    const { id } = await json<{ id: string }>(started);
    // The batch's thread now waits as a slow batch would keep it busy; a batch on the server's thread would hold every request.
    expect((await fetch(entitlements, { headers: bearer(token) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/partner/content/catalog?limit=3`, { headers: bearer(token) })).status).toBe(200);
    const poll = async () => json<{ state: string; series_done: number }>(await studio(server, editor, 'GET', `/api/studio/catalog/imports/${id}`));
    expect(await poll()).toMatchObject({ state: 'running', series_done: 0 });

    batches.open();
    let polled = await poll();
    for (let i = 0; i < 1000 && polled.state === 'running'; i++) polled = await poll();
    expect(polled).toMatchObject({ state: 'succeeded', series_done: 2 });
    expect((await studio(server, editor, 'GET', `/api/studio/catalog/series/${seriesIdOf(2)}/episodes`)).status).toBe(200);
  });
});
