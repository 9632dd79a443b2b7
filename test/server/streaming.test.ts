import { describe, expect, it } from 'vitest';
import { verifyStreamUrl } from '../../server/streaming/signer.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

const SERIES = 'ser_7hx2k9qmbd';
const EPISODE = 'ep_4mq8z2xkwt';

async function resolve(server: TestServer, token: string, episode = EPISODE, format?: 'hls' | 'dash') {
  return server.client.GET('/api/partner/streaming/episodes/{episode_id}', {
    headers: bearer(token),
    params: { path: { episode_id: episode }, query: format ? { format } : {} },
  });
}

describe('resolveStream', () => {
  it('returns a signed, expiring URL bound to the partner, in either format', async () => {
    const server = await startServer();
    const partner = await server.partner({ [SERIES]: ['stream'] });
    const token = await server.token(partner);
    for (const format of ['hls', 'dash'] as const) {
      const { data, response } = await resolve(server, token, EPISODE, format);
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ episode_id: EPISODE, format, expires_in: 3600 });
      expect(data!.url).toMatch(new RegExp(`^https://cdn\\.halcyon-studios\\.example/v1/episodes/${EPISODE}/(master\\.m3u8|manifest\\.mpd)\\?`));
      const verdict = server.runtime.streams.verify(data!.url);
      expect(verdict).toMatchObject({ ok: true, partnerId: partner.id, episodeId: EPISODE, format });
    }
  });

  it('answers 451 outside the availability window, with a distinct code', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [SERIES]: ['stream'] }));
    const episode = await server.store.getEpisode(EPISODE);
    server.clock.set(Date.parse(episode!.availability.starts_at) - 1000);
    const early = await resolve(server, token);
    expect(early.response.status).toBe(451);
    expect(early.error?.code).toBe('outside_availability_window');
  });

  it('answers 400 for an unknown format', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [SERIES]: ['stream'] }));
    const res = await fetch(`${server.url}/api/partner/streaming/episodes/${EPISODE}?format=mp4`, { headers: bearer(token) });
    expect(res.status).toBe(400);
  });
});

describe('stream URL verification (what the CDN edge runs)', () => {
  const keys = [{ id: 'k2', secret: Buffer.alloc(32, 2) }, { id: 'k1', secret: Buffer.alloc(32, 1) }];

  async function signed() {
    const server = await startServer({ env: { STREAM_SIGNING_KEYS: 'k2=' + Buffer.alloc(32, 2).toString('base64url') + ',k1=' + Buffer.alloc(32, 1).toString('base64url') } });
    const token = await server.token(await server.partner({ [SERIES]: ['stream'] }));
    const { data } = await resolve(server, token);
    return { server, url: data!.url };
  }

  it.each([
    ['a changed path', (u: URL) => void (u.pathname = u.pathname.replace(EPISODE, 'ep_0000000000'))],
    ['a changed partner', (u: URL) => u.searchParams.set('partner', 'ptn_0000000000')],
    ['a changed expiry', (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))],
    ['a changed signature', (u: URL) => u.searchParams.set('sig', 'A' + u.searchParams.get('sig')!.slice(1))],
    ['a missing signature', (u: URL) => u.searchParams.delete('sig')],
    ['an unknown key id', (u: URL) => u.searchParams.set('kid', 'k9')],
  ])('rejects %s', async (_name, mutate) => {
    const { server, url } = await signed();
    expect(verifyStreamUrl(url, keys, server.clock.now()).ok).toBe(true);
    const u = new URL(url);
    mutate(u);
    expect(verifyStreamUrl(u.toString(), keys, server.clock.now()).ok).toBe(false);
  });

  it('rejects an expired URL, and still verifies URLs signed with a previous key', async () => {
    const { server, url } = await signed();
    expect(new URL(url).searchParams.get('kid')).toBe('k2');
    expect(verifyStreamUrl(url, keys, server.clock.now() + 3_601_000)).toEqual({ ok: false, reason: 'expired' });
    // After rotating to k3, k2 URLs verify while k2 stays in the list.
    const rotated = [{ id: 'k3', secret: Buffer.alloc(32, 3) }, ...keys];
    expect(verifyStreamUrl(url, rotated, server.clock.now()).ok).toBe(true);
    expect(verifyStreamUrl(url, [rotated[0]!], server.clock.now())).toEqual({ ok: false, reason: 'unknown_key' });
  });
});
