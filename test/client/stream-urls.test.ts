/**
 * streams.resolve keeps each URL for most of its lifetime (one URL serves every viewer until its
 * expires_at), against the real server and its clock.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { clientFor, readerOfAll } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const EPISODE = 'ep_4mq8z2xkwt';
const OTHER = 'ep_6rc1v8njpd';
const MINUTE = 60_000;
const STREAMING = '/api/partner/streaming/episodes/';

async function setUp(options: Parameters<typeof clientFor>[2] = {}) {
  const server = await startServer();
  const partner = await readerOfAll(server, [LIGHTHOUSE]);
  const { client, wire } = clientFor(server, partner, { now: () => server.clock.now(), ...options });
  const resolves = () => wire.exchanges.filter((e) => e.path.startsWith(STREAMING)).map((e) => e.path.slice(STREAMING.length));
  return { server, client, resolves };
}

describe('stream URLs reused for most of their lifetime', () => {
  it('hands out the same URL for 80% of its hour, then asks for a new one', async () => {
    const { server, client, resolves } = await setUp();
    const first = await client.streams.resolve(EPISODE);
    expect(first.expires_in).toBe(3600);
    server.clock.advance(47 * MINUTE);
    const { data, response } = await client.streams.resolve(EPISODE).withResponse();
    expect(data).toEqual(first);
    expect(response).toMatchObject({ status: 200, cached: true });
    expect(resolves()).toEqual([EPISODE]);

    server.clock.advance(2 * MINUTE);
    const renewed = await client.streams.resolve(EPISODE);
    expect(renewed.url).not.toBe(first.url);
    expect(Date.parse(renewed.expires_at) - server.clock.now()).toBeGreaterThan(59 * MINUTE);
    expect(resolves()).toEqual([EPISODE, EPISODE]);
  });

  it('keeps episodes and formats apart, and shares one request among concurrent resolves of the same', async () => {
    const { client, resolves } = await setUp();
    const urls = await Promise.all([
      ...Array.from({ length: 10 }, () => client.streams.resolve(EPISODE)),
      client.streams.resolve(EPISODE, { format: 'dash' }),
      client.streams.resolve(OTHER),
    ]);
    expect(new Set(urls.slice(0, 10).map((u) => u.url)).size).toBe(1);
    expect(urls.slice(10).map((u) => [u.episode_id, u.format])).toEqual([[EPISODE, 'dash'], [OTHER, 'hls']]);
    expect(resolves().sort()).toEqual([EPISODE, `${EPISODE}?format=dash`, OTHER].sort());
  });

  it('with streamUrlReuse 0.5 asks again after half the lifetime; with false every time', async () => {
    const half = await setUp({ streamUrlReuse: 0.5 });
    await half.client.streams.resolve(EPISODE);
    half.server.clock.advance(29 * MINUTE);
    await half.client.streams.resolve(EPISODE);
    half.server.clock.advance(2 * MINUTE);
    await half.client.streams.resolve(EPISODE);
    expect(half.resolves()).toHaveLength(2);

    const off = await setUp({ streamUrlReuse: false });
    await off.client.streams.resolve(EPISODE);
    await off.client.streams.resolve(EPISODE);
    expect(off.resolves()).toHaveLength(2);
  });

  it('keeps no refusal: a resolve that failed asks again next time', async () => {
    const server = await startServer();
    // Read but no stream grant: 403.
    const { client, wire } = clientFor(server, await readerOfAll(server));
    await expect(client.streams.resolve(EPISODE)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(client.streams.resolve(EPISODE)).rejects.toMatchObject({ status: 403 });
    expect(wire.exchanges.filter((e) => e.path.startsWith(STREAMING))).toHaveLength(2);
  });

  it('aborts the shared request only when every caller waiting on it has aborted', async () => {
    const { client, resolves } = await setUp();
    const leaving = new AbortController();
    const first = client.streams.resolve(EPISODE, {}, { signal: leaving.signal });
    const second = client.streams.resolve(EPISODE);
    leaving.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect((await second).episode_id).toBe(EPISODE);
    // Both callers gone before an answer: the request is aborted, and nothing is kept.
    const a = new AbortController();
    const b = new AbortController();
    const both = [client.streams.resolve(OTHER, {}, { signal: a.signal }), client.streams.resolve(OTHER, {}, { signal: b.signal })];
    a.abort();
    b.abort();
    await Promise.all(both.map((p) => expect(p).rejects.toMatchObject({ name: 'AbortError' })));
    expect((await client.streams.resolve(OTHER)).episode_id).toBe(OTHER);
    // The first of them never went out; the second caller's shared request did.
    expect(resolves()).toEqual([EPISODE, OTHER]);
  });
});
