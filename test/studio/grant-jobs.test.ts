/**
 * Bulk grant jobs through the studio API, on both engines: grants added and removed on every
 * series the matrix's filter matches, and grants copied from another partner (merged or
 * replacing), each previewed with the counts the job then applies, run in batches as a job whose
 * progress is polled, audited once with its counts, and started once per Idempotency-Key.
 */
import { describe, expect, it } from 'vitest';
import { loadStudioContract } from '../../server/contract/studio.js';
import type { Grant } from '../../server/store/index.js';
import { bearer, serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';
import { makeSeries, seriesIdOf } from '../cli/fixtures.js';

interface Job {
  id: string;
  kind: string;
  state: string;
  partner_id: string;
  actor: string;
  series_total: number;
  series_done: number;
  series_changed: number;
  series_unchanged: number;
  error: string | null;
}

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

/** Polls the job until it ends (a turn of the event loop between polls; the batches pause on real timers). */
async function finished(server: TestServer, session: SignedIn, id: string): Promise<Job> {
  let job = await json<Job>(await studio(server, session, 'GET', `/api/studio/grant-jobs/${id}`));
  for (let i = 0; i < 2000 && job.state === 'running'; i++) {
    await new Promise((r) => setImmediate(r));
    job = await json<Job>(await studio(server, session, 'GET', `/api/studio/grant-jobs/${id}`));
  }
  return job;
}

/** Five series titled `Zephyr n` (the filter's match) and one other, in batches of two per transaction. */
async function setup(engine: object) {
  const server = await startServer({ ...engine, studioContract: { ...loadStudioContract(), importBatchSeries: 2 } });
  const series = [1, 2, 3, 4, 5].map((i) => ({ ...makeSeries(i), title: `Zephyr ${i}` }));
  await server.store.importCatalog([...series, makeSeries(6)], '2026-11-20T09:00:00.000Z');
  const editor = await operatorSession(server, 'editor');
  return { server, editor };
}

async function grantsOf(server: TestServer, partnerId: string): Promise<Record<string, Grant[]>> {
  const page = await server.store.listEntitlements(partnerId, { limit: 100 });
  return Object.fromEntries(page.items.map((e) => [e.seriesId, e.grants]));
}

describe.each(serverEngines())('bulk grant jobs (%s)', (_name, engine) => {
  it('grants on every series a filter matches: previewed, applied in batches as a job, audited once, started once per key', async () => {
    const { server, editor } = await setup(engine);
    const partner = await server.partner({ [seriesIdOf(1)]: ['read'], [seriesIdOf(6)]: ['read'] });
    const body = { match: { q: 'zephyr', genre: 'drama' }, add: ['read', 'stream'], remove: [] };
    const preview = await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs/preview`, body);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ series_matching: 5, series_changing: 5, grants_added: 9, grants_removed: 0 });

    const key = { headers: { 'Idempotency-Key': 'grant-job-key-1' } };
    const started = await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs`, body, key);
    expect(started.status).toBe(202);
    const job = await json<Job>(started);
    expect(job).toMatchObject({ kind: 'grants.match', state: 'running', partner_id: partner.id, actor: `operator:${editor.operatorId}`, series_total: 5 });
    // The same request again with the key: the same job, not a second one.
    const repeat = await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs`, body, key);
    expect([repeat.status, repeat.headers.get('idempotent-replayed'), (await json<Job>(repeat)).id]).toEqual([200, 'true', job.id]);
    // The key with another request: refused.
    const other = await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs`, { ...body, add: ['read'] }, key);
    expect([other.status, (await json<{ code: string }>(other)).code]).toEqual([409, 'conflict']);

    expect(await finished(server, editor, job.id)).toMatchObject({ state: 'succeeded', series_done: 5, series_changed: 5, series_unchanged: 0, error: null });
    const held = await grantsOf(server, partner.id);
    for (const i of [1, 2, 3, 4, 5]) expect(held[seriesIdOf(i)]).toEqual(['read', 'stream']);
    expect(held[seriesIdOf(6)]).toEqual(['read']);
    // The partner reads its new grants on its next request.
    const token = await server.token(partner);
    expect((await fetch(`${server.url}/api/partner/content/series/${seriesIdOf(5)}`, { headers: bearer(token) })).status).toBe(200);

    const audit = await json<{ items: Array<{ action: string; target_id: string; after: Record<string, unknown> }> }>(
      await studio(server, editor, 'GET', `/api/studio/audit?partner_id=${partner.id}&limit=100`),
    );
    expect(audit.items.map((e) => e.action)).toEqual(['grants.match']);
    expect(audit.items[0]!.after).toMatchObject({ job_id: job.id, state: 'succeeded', series_matching: 5, series_changed: 5, add: ['read', 'stream'], match: { q: 'zephyr', genre: 'drama' } });

    // Revoking by the same filter; a grant filter narrows it to the series holding stream.
    const revoke = { match: { q: 'zephyr', grant: 'stream' }, add: [], remove: ['stream'] };
    expect(await json(await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs/preview`, revoke))).toEqual({ series_matching: 5, series_changing: 5, grants_added: 0, grants_removed: 5 });
    const revoking = await json<Job>(await studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs`, revoke));
    expect(await finished(server, editor, revoking.id)).toMatchObject({ state: 'succeeded', series_changed: 5 });
    expect(Object.values(await grantsOf(server, partner.id))).toEqual(Array(6).fill(['read']));
  });

  it.each([
    ['merge', { 1: ['read', 'stream'], 2: ['stream'], 3: ['read'] }, { series_matching: 2, series_changing: 2, grants_added: 2, grants_removed: 0 }],
    ['replace', { 1: ['read'], 2: ['stream'] }, { series_matching: 3, series_changing: 3, grants_added: 2, grants_removed: 2 }],
  ] as const)('copies grants from another partner (%s)', async (mode, expected, counts) => {
    const { server, editor } = await setup(engine);
    const source = await server.partner({ [seriesIdOf(1)]: ['read'], [seriesIdOf(2)]: ['stream'] });
    const target = await server.partner({ [seriesIdOf(1)]: ['stream'], [seriesIdOf(3)]: ['read'] });
    const body = { copy_from: source.id, mode };
    expect(await json(await studio(server, editor, 'POST', `/api/studio/partners/${target.id}/grant-jobs/preview`, body))).toEqual(counts);
    const started = await studio(server, editor, 'POST', `/api/studio/partners/${target.id}/grant-jobs`, body);
    expect(started.status).toBe(202);
    const job = await finished(server, editor, (await json<Job>(started)).id);
    expect(job).toMatchObject({ kind: 'grants.copy', state: 'succeeded', series_changed: counts.series_changing });
    expect(await grantsOf(server, target.id)).toEqual(Object.fromEntries(Object.entries(expected).map(([i, g]) => [seriesIdOf(Number(i)), g])));
    // The source keeps its own grants.
    expect(await grantsOf(server, source.id)).toEqual({ [seriesIdOf(1)]: ['read'], [seriesIdOf(2)]: ['stream'] });
    const audit = await json<{ items: Array<{ action: string; after: Record<string, unknown> }> }>(await studio(server, editor, 'GET', `/api/studio/audit?action=grants.copy&limit=100`));
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.after).toMatchObject({ copy_from: source.id, mode, series_changed: counts.series_changing });
  });

  it('refuses what it cannot do, by code, changing nothing', async () => {
    const { server, editor } = await setup(engine);
    const partner = await server.partner({});
    const viewer = await operatorSession(server, 'viewer');
    const start = (session: SignedIn, partnerId: string, body: unknown) => studio(server, session, 'POST', `/api/studio/partners/${partnerId}/grant-jobs`, body);
    const cases: Array<[string, Promise<Response>, number, string]> = [
      ['an unknown partner', start(editor, 'ptn_0000000000', { copy_from: partner.id, mode: 'merge' }), 404, 'not_found'],
      ['an unknown source partner', start(editor, partner.id, { copy_from: 'ptn_0000000000', mode: 'merge' }), 404, 'not_found'],
      ['copying its own grants', start(editor, partner.id, { copy_from: partner.id, mode: 'replace' }), 400, 'validation_failed'],
      ['no grant named', start(editor, partner.id, { match: {}, add: [], remove: [] }), 400, 'validation_failed'],
      ['a grant both added and removed', start(editor, partner.id, { match: {}, add: ['read'], remove: ['read'] }), 400, 'validation_failed'],
      ['both kinds of request at once', start(editor, partner.id, { match: {}, add: ['read'], remove: [], copy_from: partner.id, mode: 'merge' }), 400, 'validation_failed'],
      ['a viewer', start(viewer, partner.id, { match: {}, add: ['read'], remove: [] }), 403, 'forbidden'],
      ['a preview for an unknown partner', studio(server, editor, 'POST', '/api/studio/partners/ptn_0000000000/grant-jobs/preview', { match: {}, add: ['read'], remove: [] }), 404, 'not_found'],
      ['a preview naming no grant', studio(server, editor, 'POST', `/api/studio/partners/${partner.id}/grant-jobs/preview`, { match: {}, add: [], remove: [] }), 400, 'validation_failed'],
      ['an unknown job', studio(server, editor, 'GET', '/api/studio/grant-jobs/job_0000000000000000'), 404, 'not_found'],
      ['an import job id', studio(server, editor, 'GET', '/api/studio/grant-jobs/imp_0000000000000000'), 400, 'validation_failed'],
    ];
    const outcomes = [];
    for (const [name, res, status, code] of cases) {
      const r = await res;
      outcomes.push([name, r.status, (await json<{ code: string }>(r)).code, status, code]);
    }
    expect(outcomes.map(([name, s, c]) => `${name}: ${s} ${c}`)).toEqual(cases.map(([name, , s, c]) => `${name}: ${s} ${c}`));
    expect(await grantsOf(server, partner.id)).toEqual({});
  });
});
