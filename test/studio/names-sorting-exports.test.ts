/**
 * The studio API's tools (docs/decisions/0117): names instead of ids (usage by series, audit
 * targets and partners), partners sorted with a total, the audit trail oldest first with a
 * total, and CSV exports of usage and of the audit trail, CSV-injection safe; on both engines.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../server/http/csv.js';
import { makeSeries } from '../cli/fixtures.js';
import { serverEngines, startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('CSV cells', () => {
  it.each([
    ['a formula', '=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['a plus', '+1', "'+1"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at', '@cmd', "'@cmd"],
    ['a tab', '\tx', "'\tx"],
    ['a carriage return', '\rx', `"'\rx"`],
    ['a comma', 'a,b', '"a,b"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a formula with a comma', '=1,2', `"'=1,2"`],
    ['plain text', 'Northwind', 'Northwind'],
    ['a number', 42, '42'],
    ['a negative number', -3, '-3'],
    ['null', null, ''],
    ['JSON', ['read', 'stream'], '"[""read"",""stream""]"'],
  ])('%s', (_name, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
  it('ends rows with CRLF', () => expect(csvRow(['a', 1, null])).toBe('a,1,\r\n'));
});

describe.each(serverEngines())('studio tools on %s', (_name, engine) => {
  it('sorts partners by name or creation either way, page by page, with the total matching', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    for (const name of ['charlie Media', 'Alpha Media', 'Bravo Media works', 'delta Media']) {
      await studio(server, owner, 'POST', '/api/studio/partners', { name });
      await server.advance(1000);
    }
    const all = async (query: string) => {
      const names: string[] = [];
      let cursor = '';
      let total = -1;
      do {
        const page = await json<{ items: Array<{ name: string }>; total: number; next_cursor: string | null }>(await studio(server, owner, 'GET', `/api/studio/partners?limit=1${query}${cursor}`));
        names.push(...page.items.map((p) => p.name));
        total = page.total;
        cursor = page.next_cursor ? `&cursor=${page.next_cursor}` : '';
      } while (cursor);
      return { names, total };
    };
    expect(await all('&sort=name&q=media')).toEqual({ names: ['Alpha Media', 'Bravo Media works', 'charlie Media', 'delta Media'], total: 4 });
    expect(await all('&sort=name&q=media%20w')).toEqual({ names: ['Bravo Media works'], total: 1 });
    expect(await all('&sort=-name&q=media')).toEqual({ names: ['delta Media', 'charlie Media', 'Bravo Media works', 'Alpha Media'], total: 4 });
    expect(await all('&sort=created_at&q=media')).toEqual({ names: ['charlie Media', 'Alpha Media', 'Bravo Media works', 'delta Media'], total: 4 });
    expect(await all('&sort=-created_at&q=media')).toEqual({ names: ['delta Media', 'Bravo Media works', 'Alpha Media', 'charlie Media'], total: 4 });
    const bad = await studio(server, owner, 'GET', '/api/studio/partners?sort=api_key');
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'validation_failed']);
  });

  it('names usage rows and audit targets, and reads the audit trail oldest first with a total', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    await server.store.importCatalog([makeSeries(1, 1, 1), makeSeries(2, 1, 1)], new Date(server.clock.now()).toISOString());
    const series = makeSeries(1, 1, 1).id;
    const created = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Northwind' });
    const partnerId = ((await created.json()) as { partner: { id: string } }).partner.id;
    await studio(server, owner, 'PATCH', `/api/studio/partners/${partnerId}/grants`, { items: [{ series_id: series, add: ['read'] }] });
    await server.store.addUsage([{ partnerId, day: '2026-11-20', operation: 'getSeries', seriesId: series, requests: 5, streamResolutions: 0, errors: 0, rateLimited: 0 }]);

    const usage = await json<{ items: Array<{ key: string; name: string | null }> }>(await studio(server, owner, 'GET', `/api/studio/partners/${partnerId}/usage?from=2026-11-01&to=2026-11-30&group_by=series`));
    expect(usage.items).toMatchObject([{ key: series, name: 'Series 1' }]);
    const byDay = await json<{ items: Array<{ name: string | null }> }>(await studio(server, owner, 'GET', `/api/studio/partners/${partnerId}/usage?from=2026-11-01&to=2026-11-30`));
    expect(byDay.items.map((r) => r.name)).toEqual([null]);

    const entries = await json<{ items: Array<{ action: string; target_name: string | null; partner_name: string | null }>; total: number | null; next_cursor: string }>(
      await studio(server, owner, 'GET', `/api/studio/audit?kind=change&order=oldest&limit=1&partner_id=${partnerId}`),
    );
    expect(entries.items.map((e) => [e.action, e.target_name, e.partner_name])).toEqual([['partner.create', 'Northwind', 'Northwind']]);
    expect(entries.total).toBe(2);
    const next = await json<{ items: Array<{ action: string; target_name: string | null; partner_name: string | null }>; total: number | null }>(
      await studio(server, owner, 'GET', `/api/studio/audit?kind=change&order=oldest&limit=1&partner_id=${partnerId}&cursor=${entries.next_cursor}`),
    );
    expect([next.items.map((e) => [e.action, e.target_name, e.partner_name]), next.total]).toEqual([[['grants.set', 'Series 1', 'Northwind']], null]);
  });

  it('exports usage and the audit trail as CSV, page after page, formulas defused, with a file name', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const partner = await server.partner({}, '=HYPERLINK("http://evil.example")');
    const days = Array.from({ length: 150 }, (_, i) => new Date(Date.UTC(2026, 6, 1) + i * 86_400_000).toISOString().slice(0, 10)).slice(0, 92);
    await server.store.addUsage(days.map((day) => ({ partnerId: partner.id, day, operation: 'getCatalog', seriesId: null, requests: 1, streamResolutions: 0, errors: 0, rateLimited: 0 })));
    const res = await studio(server, owner, 'GET', `/api/studio/partners/${partner.id}/usage/export?from=${days[0]}&to=${days[91]}`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="usage-${partner.id}-day-${days[0]}-${days[91]}.csv"`]);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('key,name,requests,stream_resolutions,errors,rate_limited');
    // 92 days: one row each, across the usage listing's pages of 100 and the header, then the final CRLF's empty rest.
    expect([lines.length, lines[1], lines.at(-1)]).toEqual([94, `${days[0]},,1,0,0,0`, '']);

    for (let i = 0; i < 120; i++) await studio(server, owner, 'PATCH', `/api/studio/partners/${partner.id}`, { name: i % 2 ? '@SUM(1)' : '-cmd|calc' });
    const audit = await studio(server, owner, 'GET', `/api/studio/audit/export?action=partner.rename&partner_id=${partner.id}&order=oldest`);
    expect([audit.status, audit.headers.get('content-disposition')]).toEqual([200, `attachment; filename="audit-${new Date(server.clock.now()).toISOString().slice(0, 10)}.csv"`]);
    const rows = (await audit.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe('id,at,kind,actor,actor_email,action,target_kind,target_id,target_name,partner_id,partner_name,before,after,address');
    expect(rows).toHaveLength(121);
    // The partner's name now is "@SUM(1)"; every cell that could start a formula begins with a quote.
    expect(rows[1]).toContain(`,partner.rename,partner,${partner.id},'@SUM(1),${partner.id},'@SUM(1),`);
    expect(rows.slice(1).filter((r) => /(^|,)"?[=+\-@\t]/.test(r))).toEqual([]);

    const tooLong = await studio(server, owner, 'GET', `/api/studio/partners/${partner.id}/usage/export?from=2026-01-01&to=2026-11-30`);
    expect([tooLong.status, ((await tooLong.json()) as { code: string }).code]).toEqual([400, 'invalid_date_range']);
    const unknown = await studio(server, owner, 'GET', '/api/studio/partners/ptn_0000000000/usage/export?from=2026-11-01&to=2026-11-02');
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, 'not_found']);
  });
});
