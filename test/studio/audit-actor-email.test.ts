/** The audit trail's actor filter takes an operator's email, as people know each other, besides `operator:<id>` and `cli:<user>`. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

describe('the audit actor filter', () => {
  it("finds an operator's entries by its email (in any case), nothing for an unknown email, and refuses what is neither", async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const other = await operatorSession(server, 'owner');
    await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Mine' });
    await studio(server, other, 'POST', '/api/studio/partners', { name: 'Theirs' });
    const list = async (actor: string) => {
      const res = await studio(server, owner, 'GET', `/api/studio/audit?kind=change&limit=100&actor=${encodeURIComponent(actor)}`);
      return [res.status, res.status === 200 ? ((await res.json()) as { items: Array<{ actor: string }> }).items.map((e) => e.actor) : ((await res.json()) as { code: string }).code];
    };
    expect(await list(owner.email.toUpperCase())).toEqual([200, [`operator:${owner.operatorId}`]]);
    expect(await list(`operator:${other.operatorId}`)).toEqual([200, [`operator:${other.operatorId}`]]);
    expect(await list('nobody@halcyon-studios.example')).toEqual([200, []]);
    expect(await list('maya')).toEqual([400, 'validation_failed']);
  });
});
