import { describe, expect, it } from 'vitest';
import { bearer, startServer } from '../helpers/server.js';
import { runCli } from '../helpers/cli.js';

const KEY_ENV = { STREAM_SIGNING_KEYS: 'k1=' + Buffer.alloc(32, 7).toString('base64url') };

describe('admin stream verify and usage', () => {
  it('verifies a URL the server signed, names its partner, and rejects a changed one', async () => {
    const server = await startServer({ env: KEY_ENV });
    const partner = await server.partner({ ser_7hx2k9qmbd: ['stream'] });
    const { data } = await server.client.GET('/api/partner/streaming/episodes/{episode_id}', {
      headers: bearer(await server.token(partner)),
      params: { path: { episode_id: 'ep_4mq8z2xkwt' } },
    });
    const env = { ...KEY_ENV, DATABASE_URL: server.dbPath };
    const ok = await runCli(['stream', 'verify', data!.url, '--json'], env);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true, partner_id: partner.id, episode_id: 'ep_4mq8z2xkwt', format: 'hls', key_id: 'k1' });
    const changed = data!.url.replace(`partner=${partner.id}`, 'partner=ptn_0000000000');
    const bad = await runCli(['stream', 'verify', changed, '--json'], env);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error.details).toEqual({ valid: false, reason: 'bad_signature' });
    expect((await runCli(['stream', 'verify', 'ftp://x'], env)).code).toBe(2);
  });

  it("gives the studio the partner's usage as getUsage does", async () => {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'] });
    const token = await server.token(partner);
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/partner/content/series/ser_7hx2k9qmbd`, { headers: bearer(token) });
    await server.runtime.recorder.flush();
    const day = new Date(server.clock.now()).toISOString().slice(0, 10);
    const dbPath = server.dbPath;
    const result = await runCli(['usage', partner.id, '--from', day, '--to', day, '--group-by', 'operation', '--json'], { DATABASE_URL: dbPath });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.totals).toMatchObject({ requests: 4 });
    expect(report.items).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'getSeries', requests: 3 })]));
    for (const args of [[partner.id, '--from', day], [partner.id, '--from', '2026-13-01', '--to', day], [partner.id, '--from', day, '--to', day, '--group-by', 'week'], ['ptn_bad', '--from', day, '--to', day]]) {
      expect((await runCli(['usage', ...args], { DATABASE_URL: dbPath })).code).toBe(2);
    }
    expect((await runCli(['usage', 'ptn_0000000000', '--from', day, '--to', day], { DATABASE_URL: dbPath })).code).toBe(1);
  });
});
