/** The service layer on both engines: the audit trail's filters and pages, import jobs, the studio's partner and usage reads. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError, type Store, type UsageIncrement } from '../../server/store/index.js';
import { audit, catalog, cliActor, NotFoundError, partners, usage, type ServiceContext } from '../../server/services/index.js';
import { ENGINES, removeTmpDbs } from '../store/engines.js';
import { pid, series, sid, T0, T1, T2 } from '../store/fixtures.js';

afterAll(removeTmpDbs);

const alice = cliActor('alice');
const bob = cliActor('bob');

describe('audit.assertNoSecret', () => {
  it.each([
    ['a secret field', { api_secret: 'x' }],
    ['a hash field', { nested: [{ secretHash: 'x' }] }],
    ['a password field', { password: 'hunter2' }],
  ])('refuses %s', (_label, value) => {
    expect(() => audit.assertNoSecret(value)).toThrow(/audit entry refused/);
  });

  it('accepts names, grants, versions and API keys, and judges no value by its content: names and emails are not secrets', () => {
    expect(() => audit.assertNoSecret({ name: 'N', grants: ['read'], credential_version: 2, api_key: 'pk_abc', disabled: false })).not.toThrow();
    expect(() => audit.assertNoSecret({ name: 'sk_' + 'A'.repeat(43), email: 'scrypt$32768$8$1$abc@halcyon-studios.example' })).not.toThrow();
  });
});

describe.each(ENGINES)('services: audit, imports, reads (%s)', (_name, open) => {
  let store: Store;
  let ctx: ServiceContext;
  beforeEach(async () => {
    store = await open();
    ctx = { store, actor: alice, now: T0 };
  });
  afterEach(async () => {
    await store.close();
  });

  it('filters the trail by actor, partner, action and time range, newest first, in cursor pages', async () => {
    const a = (await partners.createPartner(ctx, 'Alpha')).partner;
    const b = (await partners.createPartner({ ...ctx, actor: bob, now: T1 }, 'Beta')).partner;
    await partners.renamePartner({ ...ctx, now: T2 }, a.id, 'Alpha 2');
    await audit.record(store, { kind: 'operator', id: 'opr_1', email: 'o@studio.example' }, T2, { action: 'operator.role', targetKind: 'operator', targetId: 'opr_2', before: { role: 'viewer' }, after: { role: 'editor' } });

    const ids = async (q: Omit<Parameters<typeof audit.listAudit>[1], 'limit'>) => (await audit.listAudit(store, { limit: 100, ...q })).items.map((e) => `${e.action}:${e.targetId}`);
    expect(await ids({})).toEqual(['operator.role:opr_2', `partner.rename:${a.id}`, `partner.create:${b.id}`, `partner.create:${a.id}`]);
    expect(await ids({ actor: 'cli:bob' })).toEqual([`partner.create:${b.id}`]);
    expect(await ids({ actor: 'operator:opr_1' })).toEqual(['operator.role:opr_2']);
    expect(await ids({ partnerId: a.id })).toEqual([`partner.rename:${a.id}`, `partner.create:${a.id}`]);
    expect(await ids({ action: 'partner.create' })).toEqual([`partner.create:${b.id}`, `partner.create:${a.id}`]);
    expect(await ids({ from: T1, to: T2 })).toEqual([`partner.create:${b.id}`]);
    expect(await ids({ from: T2 })).toHaveLength(2);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.listAudit(store, { limit: 1, action: 'partner.create', cursor });
      seen.push(...page.items.map((e) => e.targetId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([b.id, a.id]);
    const first = await audit.listAudit(store, { limit: 1 });
    await expect(audit.listAudit(store, { limit: 1, actor: 'cli:bob', cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('runs an import as a job whose progress and counts can be read, with one audit entry', async () => {
    const file = { series: [series(sid(1)), series(sid(2)), series(sid(3))] };
    const report = await catalog.validateCatalog(file);
    expect(report.ok).toBe(true);
    const bad = await catalog.validateCatalog({ series: [{ id: 'nope' }] });
    expect(bad.ok).toBe(false);
    if (bad.ok || !report.ok) return;
    expect(bad.errors.length).toBeGreaterThan(0);

    const progress: number[] = [];
    const { job, done } = await catalog.startCatalogImport(ctx, report.series, { batchSize: 2, onProgress: (j) => progress.push(j.seriesDone) });
    expect(job).toMatchObject({ state: 'running', actor: 'cli:alice', seriesTotal: 3, seriesDone: 0 });
    const finished = await done;
    expect(progress).toEqual([2, 3]);
    expect(finished).toMatchObject({ state: 'succeeded', seriesDone: 3, seriesChanged: 3, seriesUnchanged: 0, error: null });
    expect(await catalog.getImportJob(ctx, job.id)).toEqual(finished);
    await expect(catalog.getImportJob(ctx, 'imp_unknown')).rejects.toBeInstanceOf(NotFoundError);
    const again = await (await catalog.startCatalogImport(ctx, report.series, { batchSize: 10 })).done;
    expect(again).toMatchObject({ state: 'succeeded', seriesChanged: 0, seriesUnchanged: 3 });
    const entries = (await audit.listAudit(store, { limit: 10, action: 'catalog.import' })).items;
    expect(entries.map((e) => [e.targetKind, e.targetId, e.actor])).toEqual([['import', again.id, 'cli:alice'], ['import', job.id, 'cli:alice']]);
    expect(entries[1]!.after).toMatchObject({ state: 'succeeded', series_total: 3, series_changed: 3 });
  });

  it('records a failed import with what was kept', async () => {
    const failing = Object.create(store, { importCatalog: { value: async () => Promise.reject(new Error('disk full')) } }) as Store;
    const finished = await (await catalog.startCatalogImport({ ...ctx, store: failing }, [series(sid(1))], { batchSize: 1 })).done;
    expect(finished).toMatchObject({ state: 'failed', seriesDone: 0, error: 'disk full' });
    expect((await catalog.getImportJob(ctx, finished.id)).state).toBe('failed');
  });

  it('lists partners by search term and status in cursor pages', async () => {
    const made = [];
    for (const name of ['Northwind', 'Southwind', 'North 100%_x', 'Eastern']) made.push((await partners.createPartner(ctx, name)).partner);
    await partners.setPartnerDisabled(ctx, made[1]!.id, true);
    const names = async (q: { q?: string; status?: 'enabled' | 'disabled' }) => (await partners.listPartners(ctx, { limit: 100, ...q })).items.map((p) => p.name).sort();
    expect(await names({ q: 'wind' })).toEqual(['Northwind', 'Southwind']);
    expect(await names({ q: 'NORTH' })).toEqual(['North 100%_x', 'Northwind']);
    expect(await names({ q: '0%_' })).toEqual(['North 100%_x']);
    expect(await names({ q: '%' })).toEqual(['North 100%_x']);
    expect(await names({ q: made[3]!.apiKey })).toEqual(['Eastern']);
    expect(await names({ q: made[3]!.id })).toEqual(['Eastern']);
    expect(await names({ status: 'disabled' })).toEqual(['Southwind']);
    expect(await names({ q: 'wind', status: 'enabled' })).toEqual(['Northwind']);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await partners.listPartners(ctx, { limit: 3, cursor });
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(made.map((p) => p.id).sort());
  });

  it('ranks partners by requests, 429s or errors over a range, with totals across partners', async () => {
    const [a, b, c] = [pid('a'), pid('b'), pid('c')];
    for (const [id, name] of [[a, 'A'], [b, 'B'], [c, 'C']] as const) await store.createPartner({ id, name, apiKey: `key-${id}`, secretHash: 'h', now: T0 });
    const inc = (partnerId: string, day: string, requests: number, rateLimited: number, errors: number): UsageIncrement => ({ partnerId, day, operation: 'getCatalog', seriesId: null, requests, streamResolutions: 0, errors, rateLimited });
    await store.addUsage([inc(a, '2026-11-01', 10, 0, 1), inc(b, '2026-11-01', 5, 4, 0), inc(b, '2026-11-02', 7, 1, 3), inc(c, '2026-10-01', 100, 0, 0)]);
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const top = await usage.usageAcrossPartners(ctx, { ...range, rankBy: 'requests', limit: 1 });
    expect(top.items).toEqual([{ partnerId: b, partnerName: 'B', requests: 12, stream_resolutions: 0, errors: 3, rate_limited: 5 }]);
    expect(top.totals).toEqual({ requests: 22, stream_resolutions: 0, errors: 4, rate_limited: 5 });
    // Each listed partner with the last day it made a request.
    const listed = (await partners.listPartners(ctx, { limit: 100 })).items.filter((p) => [a, b, c].includes(p.id));
    expect(Object.fromEntries(listed.map((p) => [p.id, p.lastActiveOn]))).toEqual({ [a]: '2026-11-01', [b]: '2026-11-02', [c]: '2026-10-01' });
    // Every partner together, day by day (the console overview's chart); the day outside the range is left out.
    expect(top.days).toEqual([
      { day: '2026-11-01', requests: 15, stream_resolutions: 0, errors: 1, rate_limited: 4 },
      { day: '2026-11-02', requests: 7, stream_resolutions: 0, errors: 3, rate_limited: 1 },
    ]);
    const next = await usage.usageAcrossPartners(ctx, { ...range, rankBy: 'requests', limit: 1, cursor: top.nextCursor! });
    expect(next.items.map((r) => r.partnerId)).toEqual([a]);
    expect(next.nextCursor).toBeNull();
    expect((await usage.usageAcrossPartners(ctx, { ...range, rankBy: 'errors', limit: 10 })).items.map((r) => r.partnerId)).toEqual([b, a]);
    expect((await usage.usageAcrossPartners(ctx, { ...range, rankBy: 'rate_limited', limit: 10 })).items.map((r) => r.rate_limited)).toEqual([5, 0]);
    await expect(usage.usageAcrossPartners(ctx, { ...range, rankBy: 'errors', limit: 1, cursor: top.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    expect((await usage.partnerUsage(ctx, { partnerId: b, ...range, groupBy: 'day', limit: 10 })).items.map((r) => r.key)).toEqual(['2026-11-01', '2026-11-02']);
    await expect(usage.partnerUsage(ctx, { partnerId: pid('z'), ...range, groupBy: 'day', limit: 10 })).rejects.toBeInstanceOf(NotFoundError);
  });
});
