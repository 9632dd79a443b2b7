import { describe, expect, it } from 'vitest';
import { createStreamVerifier, verifyStreamUrl } from '../../server/streaming/signer.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

const SERIES = 'ser_7hx2k9qmbd';
const CDN = 'https://cdn.halcyon-studios.example';
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
    const episode = await server.store.getEpisode(EPISODE);
    server.clock.set(Date.parse(episode!.availability.starts_at) - 1000);
    // Issued at the server's (earlier) time: a token issued later would carry an iat in the future.
    const token = await server.token(await server.partner({ [SERIES]: ['stream'] }));
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
    // Another first character, whatever it was (a fixed 'A' left one signature in 64 unchanged).
    ['a changed signature', (u: URL) => u.searchParams.set('sig', u.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))],
    ['a missing signature', (u: URL) => u.searchParams.delete('sig')],
    ['an unknown key id', (u: URL) => u.searchParams.set('kid', 'k9')],
  ])('rejects %s', async (_name, mutate) => {
    const { server, url } = await signed();
    expect(verifyStreamUrl(url, { baseUrl: CDN, keys, nowMs: server.clock.now() }).ok).toBe(true);
    const u = new URL(url);
    mutate(u);
    expect(verifyStreamUrl(u.toString(), { baseUrl: CDN, keys, nowMs: server.clock.now() }).ok).toBe(false);
  });

  it('rejects an expired URL, and still verifies URLs signed with a previous key', async () => {
    const { server, url } = await signed();
    expect(new URL(url).searchParams.get('kid')).toBe('k2');
    expect(verifyStreamUrl(url, { baseUrl: CDN, keys, nowMs: server.clock.now() + 3_601_000 })).toEqual({ ok: false, reason: 'expired' });
    // After rotating to k3, k2 URLs verify while k2 stays in the list.
    const rotated = [{ id: 'k3', secret: Buffer.alloc(32, 3) }, ...keys];
    expect(verifyStreamUrl(url, { baseUrl: CDN, keys: rotated, nowMs: server.clock.now() }).ok).toBe(true);
    expect(verifyStreamUrl(url, { baseUrl: CDN, keys: [rotated[0]!], nowMs: server.clock.now() })).toEqual({ ok: false, reason: 'unknown_key' });
  });

  it('a verifier made once checks many URLs at the instant each call gives, with the first key of an id', async () => {
    const { server, url } = await signed();
    const verifier = createStreamVerifier({ baseUrl: CDN, keys });
    const now = server.clock.now();
    expect(verifier.verify(url, now)).toMatchObject({ ok: true, keyId: 'k2', episodeId: EPISODE });
    expect(verifier.verify(url, now + 3_601_000)).toEqual({ ok: false, reason: 'expired' });
    const forged = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(verifier.verify(forged, now)).toEqual({ ok: false, reason: 'bad_signature' });
    // A second k2 with another secret, listed later, does not replace the first.
    expect(createStreamVerifier({ baseUrl: CDN, keys: [...keys, { id: 'k2', secret: Buffer.alloc(32, 9) }] }).verify(url, now).ok).toBe(true);
    expect(createStreamVerifier({ baseUrl: CDN, keys: [{ id: 'k2', secret: Buffer.alloc(32, 9) }, ...keys] }).verify(url, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('stream URL verification accepts only the canonical form the signer emits', () => {
  const swap = (from: string, to: string) => (url: string) => url.replace(from, to);
  const param = (url: string, name: string) => new URL(url).searchParams.get(name)!;
  it.each<[string, (url: string) => string]>([
    ['http instead of https', swap('https://', 'http://')],
    ['another host', swap('cdn.halcyon-studios.example', 'cdn.evil.example')],
    ['the host in upper case', swap('cdn.halcyon-studios.example', 'CDN.halcyon-studios.example')],
    ['an explicit default port', swap('cdn.halcyon-studios.example/', 'cdn.halcyon-studios.example:443/')],
    ['user info before the host', swap('https://', 'https://user@')],
    ['a dot segment in the path', swap('/v1/episodes/', '/v1/./episodes/')],
    ['a doubled slash in the path', swap('/v1/episodes/', '/v1//episodes/')],
    ['a percent-encoded path character', swap('/v1/episodes/ep_', '/v1/episodes/ep%5F')],
    ['the parameters in another order', (url) => url.replace(/\?partner=([^&]+)&exp=(\d+)/, '?exp=$2&partner=$1')],
    ['the partner given twice', (url) => `${url}&partner=ptn_0000000000`],
    ['the partner given twice, the forged one first', (url) => url.replace('?partner=', '?partner=ptn_0000000000&partner=')],
    ['a percent-encoded partner', (url) => url.replace(/partner=ptn_/, 'partner=ptn%5F')],
    ['a leading zero in exp', (url) => url.replace('exp=', 'exp=0')],
    ['exp with a plus sign', (url) => url.replace('exp=', 'exp=%2B')],
    ['an extra parameter', (url) => `${url}&x=1`],
    ['an empty extra parameter', (url) => `${url}&`],
    ['a fragment', (url) => `${url}#t=10`],
    ['padding after the signature', (url) => `${url}=`],
    ['unused low bits set in the signature', (url) => url.replace(/sig=([^&]+)$/, (_m, sig: string) => `sig=${sig.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(sig.at(-1)!) ^ 1]}`)],
    ['the signature in standard base64', (url) => url.replace(/sig=([^&]+)$/, (_m, sig: string) => `sig=${encodeURIComponent(Buffer.from(sig, 'base64url').toString('base64'))}`)],
    ['surrounding whitespace', (url) => ` ${url}`],
  ])('rejects %s, with the same signed values', async (_name, mutate) => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [SERIES]: ['stream'] }));
    const { data } = await resolve(server, token);
    const url = data!.url;
    expect(server.runtime.streams.verify(url).ok).toBe(true);
    const changed = mutate(url);
    expect(changed).not.toBe(url);
    expect(param(url, 'exp')).toBeTruthy();
    expect(server.runtime.streams.verify(changed)).toMatchObject({ ok: false });
  });
});
