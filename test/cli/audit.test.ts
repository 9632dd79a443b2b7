/** `audit`: every change made through the CLI is in the trail as cli:<user>, filterable, and no secret appears in it. */
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempCli, type TempCli } from '../helpers/cli.js';
import { catalogFile, seriesIdOf } from './fixtures.js';

interface Entry {
  id: number;
  at: string;
  actor: string;
  actor_email: string | null;
  action: string;
  target_kind: string;
  target_id: string;
  partner_id: string | null;
  before: unknown;
  after: unknown;
}

let cli: TempCli;
beforeAll(async () => {
  cli = await tempCli();
});
afterAll(() => cli.cleanup());

const me = `cli:${userInfo().username}`;

describe('admin audit', () => {
  const secrets: string[] = [];
  let partnerId = '';

  it('records every CLI change with the operating-system user', async () => {
    await cli.json('catalog', 'import', await cli.file('catalog.json', catalogFile(2)));
    const created = await cli.json<{ partner_id: string; api_secret: string }>('partner', 'create', '--name', 'Northwind');
    partnerId = created.partner_id;
    secrets.push(created.api_secret);
    await cli.json('partner', 'rename', partnerId, '--name', 'Northwind Ltd');
    await cli.json('partner', 'grant', partnerId, seriesIdOf(1), 'read,stream');
    await cli.json('partner', 'revoke', partnerId, seriesIdOf(1), 'stream');
    await cli.json('partner', 'disable', partnerId);
    await cli.json('partner', 'enable', partnerId);
    secrets.push((await cli.json<{ api_secret: string }>('partner', 'regenerate-secret', partnerId)).api_secret);
    // Reads and unchanged writes are not changes.
    await cli.json('partner', 'show', partnerId);
    await cli.json('partner', 'enable', partnerId);

    const { items, more } = await cli.json<{ items: Entry[]; more: boolean }>('audit');
    expect(more).toBe(false);
    expect(items.map((e) => e.action).reverse()).toEqual([
      'catalog.import', 'partner.create', 'partner.rename', 'grants.set', 'grants.set', 'partner.disable', 'partner.enable', 'partner.regenerate_secret',
    ]);
    for (const e of items) expect(e).toMatchObject({ actor: me, actor_email: null });
    expect(items.find((e) => e.action === 'partner.rename')).toMatchObject({ before: { name: 'Northwind' }, after: { name: 'Northwind Ltd' } });
    expect(items[3]).toMatchObject({ target_kind: 'series', target_id: seriesIdOf(1), partner_id: partnerId, before: { grants: ['read', 'stream'] }, after: { grants: ['read'] } });
  });

  it('filters by actor, partner, action and time, and limits', async () => {
    const count = async (...flags: string[]) => (await cli.json<{ items: Entry[] }>('audit', ...flags)).items.length;
    expect(await count('--actor', me)).toBe(8);
    expect(await count('--actor', 'cli:someone-else')).toBe(0);
    expect(await count('--partner', partnerId)).toBe(7);
    expect(await count('--action', 'grants.set')).toBe(2);
    expect(await count('--from', '2000-01-01', '--to', '2001-01-01')).toBe(0);
    expect(await count('--from', '2000-01-01T00:00:00Z')).toBe(8);
    const limited = await cli.json<{ items: Entry[]; more: boolean }>('audit', '--limit', '3');
    expect(limited.items).toHaveLength(3);
    expect(limited.more).toBe(true);
  });

  it('prints a table, and never a secret in either form', async () => {
    const text = await cli.run('audit');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^AT\s+ACTOR\s+ACTION/);
    expect(text.stdout).toContain('partner.regenerate_secret');
    const json = await cli.run('audit', '--json');
    for (const out of [text.stdout, json.stdout]) {
      for (const secret of secrets) expect(out).not.toContain(secret);
      expect(out).not.toMatch(/scrypt\$|sk_/);
    }
  });

  it.each([
    ['a bad date', ['--from', 'yesterday']],
    ['a bad partner id', ['--partner', 'nope']],
    ['a bad limit', ['--limit', '0']],
    ['an argument', ['extra']],
  ])('refuses %s with exit 2', async (_label, flags) => {
    const r = await cli.run('audit', ...flags);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});
