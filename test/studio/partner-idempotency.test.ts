/**
 * Creating a partner with an Idempotency-Key: the same request sent twice (a double click, a retry
 * after a lost answer), even at once, creates one partner; the repeat answers it without a secret;
 * the key with another name is refused; after 24 hours the key is forgotten. On both engines.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer } from '../helpers/server.js';
import { operatorSession, signIn, studio } from '../helpers/studio.js';

interface Created {
  partner: { id: string; name: string };
  api_secret?: string;
  replayed?: boolean;
}

describe.each(serverEngines())('creating a partner with an Idempotency-Key (%s)', (_name, engine) => {
  it('creates one partner for a request sent twice at once, and answers the repeat without its secret', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const create = (name: string, key: string) => studio(server, owner, 'POST', '/api/studio/partners', { name }, { headers: { 'Idempotency-Key': key } });
    const answers = await Promise.all([create('Twice Pictures', 'key-00000001'), create('Twice Pictures', 'key-00000001')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const [first, repeat] = answers[0]!.status === 201 ? answers : [answers[1]!, answers[0]!];
    const created = (await first!.json()) as Created;
    expect(created.api_secret).toMatch(/^sk_/);
    expect(repeat!.headers.get('idempotent-replayed')).toBe('true');
    const replayed = (await repeat!.json()) as Created;
    expect(replayed).toEqual({ partner: created.partner, replayed: true });
    expect(JSON.stringify(replayed)).not.toContain(created.api_secret);

    const listed = (await (await studio(server, owner, 'GET', '/api/studio/partners?q=Twice&limit=100')).json()) as { items: unknown[] };
    expect(listed.items).toHaveLength(1);
    const audit = (await (await studio(server, owner, 'GET', `/api/studio/audit?action=partner.create&partner_id=${created.partner.id}&limit=100`)).json()) as { items: unknown[] };
    expect(audit.items).toHaveLength(1);

    // Another name with the key: refused, nothing created.
    const other = await create('Other Pictures', 'key-00000001');
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe('conflict');
    // The key is per operator: another owner's same key creates its own partner.
    const colleague = await operatorSession(server, 'owner');
    const theirs = await studio(server, colleague, 'POST', '/api/studio/partners', { name: 'Twice Pictures' }, { headers: { 'Idempotency-Key': 'key-00000001' } });
    expect(theirs.status).toBe(201);
    // After 24 hours the key is forgotten: it creates again.
    await server.advance(24 * 3_600_000 + 1_000);
    const again = { ...owner, ...(await signIn(server, owner)) };
    const later = await studio(server, again, 'POST', '/api/studio/partners', { name: 'Twice Pictures' }, { headers: { 'Idempotency-Key': 'key-00000001' } });
    expect(later.status).toBe(201);
  });

  it('refuses a malformed key, and without a key creates every time', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const bad = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Keyed' }, { headers: { 'Idempotency-Key': 'short' } });
    expect(bad.status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Unkeyed' })).status);
    expect(statuses).toEqual([201, 201]);
  });
});
