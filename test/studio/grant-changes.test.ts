/**
 * Single grants added and removed (changePartnerGrants): two changes sent one after the other on
 * one series compose instead of the second replacing the first, which is how the console's
 * matrix sends a click; refusals for a contradictory change, an unknown series or partner.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const SERIES = 'ser_7hx2k9qmbd';
const OTHER = 'ser_9kd4p6vyja';

describe('adding and removing single grants', () => {
  it('composes changes made one after the other, and answers the grants held after each', async () => {
    const server = await startServer();
    const editor = await operatorSession(server, 'editor');
    const partner = await server.partner({});
    const path = `/api/studio/partners/${partner.id}/grants`;
    const change = (items: unknown[]) => studio(server, editor, 'PATCH', path, { items });
    // Both sent before either answers: with PUT the second would replace the first.
    const [read, stream] = await Promise.all([change([{ series_id: SERIES, add: ['read'] }]), change([{ series_id: SERIES, add: ['stream'] }])]);
    expect([read.status, stream.status]).toEqual([200, 200]);
    const held = async () => ((await (await studio(server, editor, 'GET', `${path}?limit=100`)).json()) as { items: Array<{ series_id: string; grants: string[] }> }).items;
    expect(await held()).toEqual([expect.objectContaining({ series_id: SERIES, grants: ['read', 'stream'] })]);

    const removed = await change([{ series_id: SERIES, remove: ['read'] }, { series_id: OTHER, add: ['read'] }]);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ items: [{ series_id: SERIES, grants: ['stream'] }, { series_id: OTHER, grants: ['read'] }] });
    // Removing what is not held changes nothing and records nothing.
    const again = await change([{ series_id: SERIES, remove: ['read'] }]);
    expect(await again.json()).toEqual({ items: [{ series_id: SERIES, grants: ['stream'] }] });
    const audit = (await (await studio(server, editor, 'GET', `/api/studio/audit?partner_id=${partner.id}&limit=100`)).json()) as { items: Array<{ action: string }> };
    expect(audit.items.filter((e) => e.action === 'grants.set')).toHaveLength(4);
  });

  it.each([
    ['a grant both added and removed', 'ptn', [{ series_id: SERIES, add: ['read'], remove: ['read'] }], 400, 'validation_failed'],
    ['a change naming no grant', 'ptn', [{ series_id: SERIES }], 400, 'validation_failed'],
    ['an unknown series', 'ptn', [{ series_id: 'ser_0000000000', add: ['read'] }], 404, 'not_found'],
    ['an unknown partner', 'ptn_0000000000', [{ series_id: SERIES, add: ['read'] }], 404, 'not_found'],
  ])('refuses %s', async (_what, partnerId, items, status, code) => {
    const server = await startServer();
    const editor = await operatorSession(server, 'editor');
    const id = partnerId === 'ptn' ? (await server.partner({})).id : partnerId;
    const res = await studio(server, editor, 'PATCH', `/api/studio/partners/${id}/grants`, { items });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });
});
