/** `partner create|list|show|regenerate-secret|disable|enable` against a real SQLite file. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../../server/auth/secrets.js';
import { openStore } from '../../server/store/index.js';
import { hasStackTrace, runCli, tempCli, type TempCli } from '../helpers/cli.js';

interface PartnerDoc {
  partner_id: string;
  name: string;
  api_key: string;
  disabled: boolean;
  credential_version: number;
  created_at: string;
  updated_at: string;
  api_secret?: string;
  entitlements?: unknown[];
}

let cli: TempCli;
beforeAll(async () => {
  cli = await tempCli();
});
afterAll(() => cli.cleanup());

/** The stored secret hash, read in-process: the CLI itself must never print it. */
async function storedHash(id: string): Promise<string> {
  const store = await openStore(cli.dbPath);
  try {
    const partner = await store.getPartner(id);
    if (!partner) throw new Error(`partner ${id} not in the store`);
    return partner.secretHash;
  } finally {
    await store.close();
  }
}

/** No field or value of the output looks like a stored secret hash. */
function expectNoHash(text: string, hash: string): void {
  expect(text).not.toContain(hash);
  expect(text).not.toContain('scrypt$');
  expect(text.toLowerCase()).not.toContain('hash"');
}

describe('partner lifecycle', () => {
  let partner: PartnerDoc;

  it('creates a partner and prints id, key and a secret that matches the stored hash', async () => {
    partner = await cli.json<PartnerDoc>('partner', 'create', '--name', '  Northwind Broadcasting ');
    expect(partner.partner_id).toMatch(/^ptn_[0-9a-z]{10}$/);
    expect(partner.api_key).toMatch(/^pk_[A-Za-z0-9_-]{24}$/);
    expect(partner.api_secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(partner).toMatchObject({ name: 'Northwind Broadcasting', disabled: false });
    const hash = await storedHash(partner.partner_id);
    expect(await verifySecret(partner.api_secret!, hash)).toBe(true);
    expectNoHash(JSON.stringify(partner), hash);

    const text = await cli.run('partner', 'create', '--name', 'Text Output Ltd');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/ptn_[0-9a-z]{10}/);
    expect(text.stdout).toMatch(/pk_[A-Za-z0-9_-]{24}/);
    expect(text.stdout).toMatch(/sk_[A-Za-z0-9_-]{43}/);
  });

  it('lists partners and shows one, without secrets or hashes', async () => {
    const { partners } = await cli.json<{ partners: PartnerDoc[] }>('partner', 'list');
    expect(partners.map((p) => p.name).sort()).toEqual(['Northwind Broadcasting', 'Text Output Ltd']);
    const shown = await cli.json<PartnerDoc>('partner', 'show', partner.partner_id);
    expect(shown).toMatchObject({ partner_id: partner.partner_id, api_key: partner.api_key, entitlements: [] });
    expect(shown.api_secret).toBeUndefined();

    const hash = await storedHash(partner.partner_id);
    const texts = await Promise.all([cli.run('partner', 'list'), cli.run('partner', 'show', partner.partner_id)]);
    for (const t of texts) {
      expect(t.code).toBe(0);
      expect(t.stdout).toContain(partner.partner_id);
      expect(t.stdout).not.toContain(partner.api_secret!);
      expectNoHash(t.stdout, hash);
    }
    expectNoHash(JSON.stringify(partners), hash);
  });

  it('regenerates the secret: a new secret verifies, the old one does not, credential_version goes up', async () => {
    const before = await cli.json<PartnerDoc>('partner', 'show', partner.partner_id);
    const rotated = await cli.json<PartnerDoc>('partner', 'regenerate-secret', partner.partner_id);
    expect(rotated.api_secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(rotated.api_secret).not.toBe(partner.api_secret);
    expect(rotated.api_key).toBe(partner.api_key);

    const hash = await storedHash(partner.partner_id);
    expect(await verifySecret(rotated.api_secret!, hash)).toBe(true);
    expect(await verifySecret(partner.api_secret!, hash)).toBe(false);

    const after = await cli.json<PartnerDoc>('partner', 'show', partner.partner_id);
    expect(after.credential_version).toBe(before.credential_version + 1);
    expect(after.updated_at >= before.updated_at).toBe(true);
    expectNoHash(JSON.stringify(after), hash);
  });

  it('disables and enables a partner, idempotently', async () => {
    expect(await cli.json<PartnerDoc>('partner', 'disable', partner.partner_id)).toMatchObject({ disabled: true });
    expect(await cli.json<PartnerDoc>('partner', 'show', partner.partner_id)).toMatchObject({ disabled: true });
    expect(await cli.json<PartnerDoc>('partner', 'disable', partner.partner_id)).toMatchObject({ disabled: true });
    expect(await cli.json<PartnerDoc>('partner', 'enable', partner.partner_id)).toMatchObject({ disabled: false });
    expect(await cli.json<PartnerDoc>('partner', 'show', partner.partner_id)).toMatchObject({ disabled: false });
  });

  it('answers exit 1 for a well-formed id that does not exist, and changes nothing', async () => {
    const before = await cli.json<{ partners: PartnerDoc[] }>('partner', 'list');
    const unknown = 'ptn_zzzzzzzzzz';
    const results = await Promise.all(
      [['show'], ['regenerate-secret'], ['disable'], ['enable']].map(([verb]) => cli.run('partner', verb!, unknown, '--json')),
    );
    for (const r of results) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect((JSON.parse(r.stderr) as { error: { code: string } }).error.code).toBe('not_found');
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(await cli.json('partner', 'list')).toEqual(before);

    // Stack traces only when a developer asks for them.
    const debug = await runCli(['partner', 'show', unknown], { DATABASE_URL: cli.dbPath, DEBUG: '1' });
    expect(debug.code).toBe(1);
    expect(hasStackTrace(debug.stderr)).toBe(true);
  });

  it('writes nothing for a create with bad input', async () => {
    const before = await cli.json<{ partners: PartnerDoc[] }>('partner', 'list');
    const result = await cli.run('partner', 'create', '--name', 'x'.repeat(201));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(await cli.json('partner', 'list')).toEqual(before);
  });
});
