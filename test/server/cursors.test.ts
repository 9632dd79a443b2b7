/**
 * Page cursors are authenticated with a server-side key (CURSOR_SIGNING_KEYS, rotated like the
 * signing keys): a partner who knows how cursors are built still cannot make one the server did
 * not issue (issue 14, "Found").
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/secrets.js';
import { queryFingerprint } from '../../server/store/index.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

const READ = ['ser_7hx2k9qmbd', 'ser_3fz8w1rtnc'];
const key = (byte: number) => Buffer.alloc(32, byte).toString('base64url');

async function catalogPage(server: TestServer, token: string, cursor?: string) {
  const res = await fetch(`${server.url}/api/partner/content/catalog?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as { items?: Array<{ id: string; title: string }>; next_cursor?: string | null; code?: string } };
}

describe('page cursors', () => {
  it('refuses a cursor forged by recomputing its check value (one that would start after an ungranted series)', async () => {
    const server = await startServer();
    const all = (await server.store.listAllSeries({ limit: 100 })).items;
    const [ungranted, ...granted] = all;
    const partner = await server.partner(Object.fromEntries(granted.map((s) => [s.id, ['read' as const]])));
    const token = await server.token(partner);
    const first = await catalogPage(server, token);
    expect(first.status).toBe(200);
    // How a cursor was built: base64url JSON of the position and a hash of the query and position.
    const position = [null, ungranted!.id];
    const fp = queryFingerprint('catalog', { partner: partner.id, genre: null, since: null, sort: 'title' });
    const check = createHash('sha256').update(fp).update(JSON.stringify(position)).digest('base64url').slice(0, 16);
    const forged = Buffer.from(JSON.stringify({ k: position, c: check })).toString('base64url');
    const res = await catalogPage(server, token, forged);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_cursor');
  });

  it('keeps cursors signed with the previous key working after a rotation, and refuses those of a key no longer configured', async () => {
    const a = await startServer({ env: { CURSOR_SIGNING_KEYS: `c1=${key(1)}` } });
    const partner = await a.partner(Object.fromEntries(READ.map((id) => [id, ['read' as const]])));
    const issued = (await catalogPage(a, await a.token(partner))).body.next_cursor!;
    expect(issued).toBeTruthy();
    const expected = (await catalogPage(a, await a.token(partner), issued)).body.items!.map((s) => s.id);

    for (const [keys, status] of [
      [`c2=${key(2)},c1=${key(1)}`, 200],
      [`c2=${key(2)}`, 400],
      [`c1=${key(3)}`, 400],
    ] as const) {
      // Another server (a restart with new keys): the same partner and grants, another database.
      const b = await startServer({ env: { CURSOR_SIGNING_KEYS: keys } });
      const now = new Date(b.clock.now()).toISOString();
      await b.store.createPartner({ id: partner.id, name: 'Twin', apiKey: partner.apiKey, secretHash: await hashSecret(partner.apiSecret), now });
      for (const id of READ) await b.store.setGrants(partner.id, id, ['read'], now);
      const page = await catalogPage(b, await b.token(partner), issued);
      expect(page.status, keys).toBe(status);
      if (status === 200) expect(page.body.items!.map((s) => s.id)).toEqual(expected);
      else expect(page.body.code).toBe('invalid_cursor');
    }
  });
});
