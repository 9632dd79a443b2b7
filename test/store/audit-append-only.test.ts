/** The audit trail is append-only in the database itself: UPDATE and DELETE are refused on both engines, whatever the client. */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/store/index.js';
import { reportSkipped, skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpDbPath, tmpSchema } from './engines.js';
import { T0 } from './fixtures.js';

afterAll(removeTmpDbs);

const entry = { at: T0, kind: 'change' as const, address: null, actor: 'cli:x', actorEmail: null, action: 'partner.rename', targetKind: 'partner' as const, targetId: 'ptn_0000000001', partnerId: 'ptn_0000000001', before: { name: 'a' }, after: { name: 'b' } };

/** Appends one entry, then tries to rewrite and erase it with the engine's own client. */
async function tamper(store: Store, run: (statement: string) => Promise<unknown>): Promise<void> {
  await store.transact((tx) => tx.appendAudit(entry));
  await store.close();
  await expect(run(`update audit_log set actor = 'cli:someone-else'`)).rejects.toThrow(/append-only/);
  await expect(run('delete from audit_log')).rejects.toThrow(/append-only/);
}

describe('audit trail append-only', () => {
  it('on SQLite', async () => {
    const path = tmpDbPath();
    const raw = new DatabaseSync(path);
    try {
      await tamper(await openStore(path), async (statement) => raw.exec(statement));
      expect(raw.prepare('select actor from audit_log').all()).toEqual([{ actor: 'cli:x' }]);
    } finally {
      raw.close();
    }
  });

  const skipped = skipReason({ postgres: true });
  if (skipped) reportSkipped('audit append-only on PostgreSQL', skipped);
  it.skipIf(skipped)('on PostgreSQL', async () => {
    const { url } = await tmpSchema();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await tamper(await openStore(url), (statement) => client.query(statement));
      expect((await client.query('select actor from audit_log')).rows).toEqual([{ actor: 'cli:x' }]);
    } finally {
      await client.end();
    }
  });
});
