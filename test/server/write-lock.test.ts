/**
 * SQLite: while another connection holds the database's write lock (an admin CLI import's batch
 * beside the running instance), the instance's own writes wait for it without holding the event
 * loop or its reads' connection. Its cached and uncached reads are answered meanwhile, and the
 * write is made once the lock is free.
 * The other connection lives in this process, so an instance that waited synchronously would
 * keep it from ever letting go.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { bearer, startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const SERIES = 'ser_7hx2k9qmbd';

describe('writes beside another connection holding the SQLite write lock', () => {
  it('answers cached and uncached reads while a grants change waits for the lock, then makes the change', async () => {
    const server = await startServer();
    const other = new DatabaseSync(server.dbPath);
    try {
      const editor = await operatorSession(server, 'editor');
      const partner = await server.partner({ [SERIES]: ['read'] });
      const token = await server.token(partner);
      const entitlements = `${server.url}/api/partner/content/entitlements`;
      // Asked twice, so the page is kept (server/partner-api/seen-before.ts) and the read below is a cached one.
    for (let i = 0; i < 2; i++) expect((await fetch(entitlements, { headers: bearer(token) })).status).toBe(200);

      other.exec('begin immediate');
      let changed: number | undefined;
      const change = studio(server, editor, 'PUT', `/api/studio/partners/${partner.id}/grants`, {
        items: [{ series_id: SERIES, grants: ['read', 'stream'] }],
      }).then((res) => (changed = res.status));

      const cached = await fetch(entitlements, { headers: bearer(token) });
      expect(cached.status).toBe(200);
      // Read afresh: the server's writes wait on a connection of their own.
      const uncached = await fetch(`${server.url}/api/partner/content/catalog?limit=2`, { headers: bearer(token) });
      expect(uncached.status).toBe(200);
      expect(changed).toBeUndefined();

      other.exec('commit');
      await change;
      expect(changed).toBe(200);
      const after = (await (await fetch(entitlements, { headers: bearer(token) })).json()) as { items: Array<{ series_id: string; grants: string[] }> };
      expect(after.items).toEqual([expect.objectContaining({ series_id: SERIES, grants: ['read', 'stream'] })]);
    } finally {
      other.close();
      await server.close();
    }
  });
});
