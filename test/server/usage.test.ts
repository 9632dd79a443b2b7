import { describe, expect, it } from 'vitest';
import { bearer, serverEngines, startServer, type TestServer } from '../helpers/server.js';

// SQLite with in-process limits, and PostgreSQL with Redis limits (test/helpers/server.ts).
const ENGINES = serverEngines();

const SERIES = 'ser_7hx2k9qmbd';

function today(server: TestServer): string {
  return new Date(server.clock.now()).toISOString().slice(0, 10);
}

async function usage(server: TestServer, token: string, query: Record<string, string>) {
  const res = await fetch(`${server.url}/api/partner/analytics/usage?${new URLSearchParams(query)}`, { headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe.each(ENGINES)('getUsage (%s)', (_engine, engine) => {
  it('counts requests, stream resolutions, errors and rate-limited calls of the caller only', async () => {
    const server = await startServer(engine);
    const a = await server.partner({ [SERIES]: ['read', 'stream'] }, 'A');
    const b = await server.partner({ [SERIES]: ['read'] }, 'B');
    const [ta, tb] = [await server.token(a), await server.token(b)];
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/partner/content/series/${SERIES}`, { headers: bearer(ta) });
    await fetch(`${server.url}/api/partner/streaming/episodes/ep_4mq8z2xkwt`, { headers: bearer(ta) });
    await fetch(`${server.url}/api/partner/content/series/ser_3fz8w1rtnc`, { headers: bearer(ta) }); // 403
    await fetch(`${server.url}/api/partner/content/catalog`, { headers: bearer(tb) });
    await server.runtime.recorder.flush();

    const day = today(server);
    const byOp = await usage(server, ta, { from: day, to: day, group_by: 'operation' });
    expect(byOp.status).toBe(200);
    const rows = Object.fromEntries(byOp.body.items.map((r: { key: string }) => [r.key, r]));
    expect(rows.getSeries).toMatchObject({ requests: 4, errors: 1, rate_limited: 0 });
    expect(rows.resolveStream).toMatchObject({ requests: 1, stream_resolutions: 1 });
    expect(rows.authenticate).toMatchObject({ requests: 1 });
    expect(rows.getCatalog).toBeUndefined();
    expect(byOp.body.totals).toMatchObject({ requests: 6, stream_resolutions: 1, errors: 1 });

    const bySeries = await usage(server, ta, { from: day, to: day, group_by: 'series' });
    expect(bySeries.body.items.find((r: { key: string }) => r.key === SERIES)).toMatchObject({ requests: 4 });
    const byDay = await usage(server, tb, { from: day, to: day });
    expect(byDay.body).toMatchObject({ group_by: 'day', items: [{ key: day, requests: 2 }] });
  });

  it('counts the 503s answered while the store is down in errors, held in memory until it is back', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    await server.runtime.recorder.flush();
    server.setFault('unavailable');
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/partner/content/series/${SERIES}`, { headers: bearer(token) });
      expect(res.status).toBe(503);
    }
    // A token that never verified names no partner, and nobody's usage counts it.
    expect((await fetch(`${server.url}/api/partner/content/catalog`, { headers: bearer('forged') })).status).toBe(401);
    // The flush fails while the store is down; the counts wait.
    await server.runtime.recorder.flush();
    expect(server.runtime.recorder.depth()).toBeGreaterThan(0);
    server.setFault(undefined);
    await server.runtime.recorder.flush();

    const day = today(server);
    const byOp = await usage(server, token, { from: day, to: day, group_by: 'operation' });
    const rows = Object.fromEntries(byOp.body.items.map((r: { key: string }) => [r.key, r]));
    expect(rows.getSeries).toMatchObject({ requests: 5, errors: 5, rate_limited: 0 });
    expect(rows.getCatalog).toBeUndefined();
  });

  it.each([
    [{ from: '2026-11-22', to: '2026-11-01' }, 'invalid_date_range'],
    [{ from: '2026-01-01', to: '2026-11-22' }, 'invalid_date_range'],
    [{ from: '2026-11-31', to: '2026-12-01' }, 'validation_failed'],
    [{ to: '2026-11-22' }, 'validation_failed'],
    [{ from: '2026-11-01', to: '2026-11-22', group_by: 'hour' }, 'validation_failed'],
  ])('answers 400 for %j', async (query, code) => {
    const server = await startServer(engine);
    const token = await server.token(await server.partner());
    const res = await usage(server, token, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });
});

describe.each(ENGINES)('usage counting under load (%s)', (_engine, engine) => {
  it('counts N concurrent requests exactly N', async () => {
    const server = await startServer({ ...engine, env: { BENCH_RATE_LIMIT_MULTIPLIER: '10' } });
    const token = await server.token(await server.partner({ [SERIES]: ['read'] }));
    const N = 250;
    const statuses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(`${server.url}/api/partner/content/${i % 2 ? 'catalog?limit=1' : `series/${SERIES}`}`, { headers: bearer(token) }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    await server.runtime.recorder.flush();
    const day = today(server);
    const res = await usage(server, token, { from: day, to: day, group_by: 'operation' });
    const rows = Object.fromEntries(res.body.items.map((r: { key: string; requests: number }) => [r.key, r.requests]));
    expect(rows).toEqual({ authenticate: 1, getCatalog: N / 2, getSeries: N / 2 });
  });

  it('shows a request in getUsage within a second, without an explicit flush', async () => {
    const server = await startServer(engine);
    const token = await server.token(await server.partner());
    await server.runtime.recorder.flush();
    const day = today(server);
    await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) });
    // The recorder's own one-second timer writes the count; poll for it, bounded.
    let seen = 0;
    for (let i = 0; i < 40 && seen === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await usage(server, token, { from: day, to: day, group_by: 'operation' });
      seen = res.body.items.find((r: { key: string }) => r.key === 'listEntitlements')?.requests ?? 0;
    }
    expect(seen).toBe(1);
  });
});
