import { describe, expect, it } from 'vitest';
import { PartnerApiError } from '../../client/index.js';
import { walkthrough } from '../../scripts/example.js';
import { startServer } from '../helpers/server.js';
import { clientFor, readerOfAll } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';

describe('the onboarding walkthrough (npm run example) against the real server', () => {
  it('authenticates once, pages, searches, reads, streams and reads usage that counts every call', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server, [LIGHTHOUSE]);
    const { client, wire, waits } = clientFor(server, partner);
    const lines: string[] = [];

    const result = await walkthrough(client, { log: (l) => lines.push(l), pageSize: 10, now: () => server.clock.now() });

    expect(lines.map((l) => l.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.']);
    expect(wire.authentications()).toBe(1);
    expect(waits).toEqual([]);
    expect(wire.exchanges.every((e) => e.status === 200)).toBe(true);

    const readable = await server.store.listAllSeries({ limit: 100 });
    expect(result.entitlements.map((e) => e.series_id).sort()).toEqual(readable.items.map((s) => s.id).sort());
    expect([...result.catalog.keys()].sort()).toEqual(readable.items.map((s) => s.id).sort());
    // 36 series, 10 a page: the catalog took four requests.
    expect(wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/catalog')).length).toBe(Math.ceil(readable.items.length / 10));

    expect(result.searchHits.length).toBeGreaterThan(0);
    expect(result.searchHits).toContainEqual(expect.objectContaining({ type: 'series', series: expect.objectContaining({ id: LIGHTHOUSE }) }));
    expect(result.series).toMatchObject({ id: LIGHTHOUSE, title: 'The Lighthouse Keepers', grants: ['read', 'stream'] });
    expect(result.episodes.length).toBe(result.series.episode_count);
    expect(new Set(result.episodes.map((e) => e.id)).size).toBe(result.episodes.length);

    expect(result.stream).not.toBeInstanceOf(PartnerApiError);
    const stream = result.stream as Exclude<typeof result.stream, PartnerApiError | undefined>;
    expect(server.runtime.streams.verify(stream.url)).toMatchObject({ ok: true, partnerId: partner.id, episodeId: stream.episode_id });

    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    expect(result.usage).toMatchObject({ to: today, group_by: 'operation' });

    // The usage the partner reads back counts exactly the requests the walkthrough sent.
    await server.runtime.recorder.flush();
    const sent = wire.exchanges.length;
    const after = await client.usage.get({ from: today, to: today, group_by: 'operation' });
    expect(after.totals.requests).toBe(sent);
    expect(after.totals.stream_resolutions).toBe(1);
    expect(Object.fromEntries(after.items.map((r) => [r.key, r.requests]))).toMatchObject({ authenticate: 1, getSeries: 1, resolveStream: 1, searchCatalog: 1, getUsage: 1 });
  });

  it('reports a stream refused with 451 as an answer, not a failure', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server, [LIGHTHOUSE]);
    const { client } = clientFor(server, partner, { now: () => server.clock.now() });
    const episode = await server.store.getEpisode('ep_4mq8z2xkwt');
    const lines: string[] = [];
    // The walkthrough believes the episode is available; the server's clock says it is not yet.
    server.clock.set(Date.parse(episode!.availability.starts_at) - 60_000);
    const result = await walkthrough(client, { log: (l) => lines.push(l), now: () => Date.parse(episode!.availability.starts_at) + 1000 });
    expect(result.stream).toBeInstanceOf(PartnerApiError);
    expect(result.stream).toMatchObject({ status: 451, code: 'outside_availability_window' });
    expect(lines[6]).toMatch(/^7\. Stream for ep_\w+: 451 outside_availability_window \(request \S+\)/);
  });
});
