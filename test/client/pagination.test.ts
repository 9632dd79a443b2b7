import { describe, expect, it } from 'vitest';
import { items, pages, type Page } from '../../client/index.js';
import { startServer } from '../helpers/server.js';
import { clientFor, readerOfAll } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';

describe('async iterators over the real server', () => {
  it('catalog.all({ genre }) yields every matching series once, in title order, one request per page', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server));
    const titles: string[] = [];
    for await (const series of client.catalog.all({ genre: 'drama', limit: 3 })) {
      expect(series.genres).toContain('drama');
      titles.push(series.title);
    }
    const all = await server.store.listAllSeries({ limit: 100 });
    const expected = all.items.filter((s) => s.genres.includes('drama')).map((s) => s.title);
    expect(titles.length).toBeGreaterThan(3);
    expect(titles).toEqual([...expected].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const requests = wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/catalog'));
    expect(requests).toHaveLength(Math.ceil(titles.length / 3));
    expect(requests.slice(1).every((e) => e.path.includes('cursor=') && e.path.includes('genre=drama'))).toBe(true);
  });

  it('fetches no page the loop does not reach', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server));
    let seen = 0;
    for await (const _series of client.catalog.all({ limit: 5 })) if (++seen === 7) break;
    expect(wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/catalog'))).toHaveLength(2);
  });

  it('search.all pages through every hit in rank order, series and episodes alike', async () => {
    const server = await startServer({ env: { BENCH_RATE_LIMIT_MULTIPLIER: '10' } });
    const { client } = clientFor(server, await readerOfAll(server));
    const hits = [];
    for await (const hit of client.search.all({ q: 'the', limit: 7 })) hits.push(hit);
    const big = [];
    for await (const page of client.search.pages({ q: 'the', limit: 100 })) big.push(...page.items);
    expect(hits.length).toBeGreaterThan(7);
    expect(hits).toEqual(big);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect(new Set(hits.map((h) => h.type))).toEqual(new Set(['series', 'episode']));
  });

  it("episodes.all yields a series' episodes in season and episode order, or one season's", async () => {
    const server = await startServer();
    const { client } = clientFor(server, await readerOfAll(server));
    const series = await client.series.get(LIGHTHOUSE);
    const all = [];
    for await (const episode of client.episodes.all(LIGHTHOUSE, { limit: 3 })) all.push(episode);
    expect(all).toHaveLength(series.episode_count);
    expect(all.map((e) => [e.season_number, e.episode_number])).toEqual(
      series.seasons.flatMap((s) => Array.from({ length: s.episode_count }, (_, i) => [s.season_number, i + 1])),
    );
    const second = [];
    for await (const episode of client.episodes.all(LIGHTHOUSE, { season: 2, limit: 3 })) second.push(episode);
    expect(second).toEqual(all.filter((e) => e.season_number === 2));
  });

  it('entitlements.all and pages() agree, and a kept cursor resumes where it left off', async () => {
    const server = await startServer();
    const { client } = clientFor(server, await readerOfAll(server));
    const all = [];
    for await (const e of client.entitlements.all({ limit: 10 })) all.push(e.series_id);
    const fromPages = [];
    let cursorAfterFirst: string | null = null;
    for await (const page of client.entitlements.pages({ limit: 10 })) {
      cursorAfterFirst ??= page.next_cursor;
      fromPages.push(...page.items.map((e) => e.series_id));
    }
    expect(fromPages).toEqual(all);
    const resumed = [];
    for await (const e of client.entitlements.all({ limit: 10, cursor: cursorAfterFirst! })) resumed.push(e.series_id);
    expect(resumed).toEqual(all.slice(10));
  });
});

describe('pages() and items() on their own', () => {
  const book: Record<string, Page<number>> = {
    start: { items: [1, 2], next_cursor: 'b' },
    b: { items: [3, 4], next_cursor: 'c' },
    c: { items: [5], next_cursor: null },
  };

  it('follows next_cursor until null', async () => {
    const asked: Array<string | undefined> = [];
    const seen = [];
    for await (const n of items((cursor) => (asked.push(cursor), Promise.resolve(book[cursor ?? 'start']!)))) seen.push(n);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  it('stops when a cursor comes back a second time (a mock serving a fixed example page)', async () => {
    let calls = 0;
    const fixed = () => (calls++, Promise.resolve({ items: ['a', 'b'], next_cursor: 'same' }));
    const seen = [];
    for await (const page of pages(fixed)) seen.push(page.items);
    expect(seen).toEqual([['a', 'b'], ['a', 'b']]);
    expect(calls).toBe(2);
  });

  it('passes errors of a page through to the loop', async () => {
    const failing = (cursor: string | undefined) => (cursor ? Promise.reject(new Error('page 2 failed')) : Promise.resolve({ items: [1], next_cursor: 'x' }));
    const seen: number[] = [];
    await expect((async () => { for await (const n of items(failing)) seen.push(n); })()).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });
});
