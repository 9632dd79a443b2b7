/** `partner roll-secret` against a real SQLite file: both secrets verify and are listed until the expiry; bounds from the studio contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../../server/auth/secrets.js';
import { loadStudioContract } from '../../server/contract/studio.js';
import { openStore } from '../../server/store/index.js';
import { tempCli, type TempCli } from '../helpers/cli.js';

interface Secret {
  status: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}
interface PartnerDoc {
  partner_id: string;
  api_secret?: string;
  credential_version: number;
  secrets: Secret[];
}

let cli: TempCli;
beforeAll(async () => {
  cli = await tempCli();
});
afterAll(() => cli.cleanup());

describe('partner roll-secret', () => {
  it('issues a new secret, keeps the old one valid for the chosen hours, lists both and refuses a second roll', async () => {
    const created = await cli.json<PartnerDoc>('partner', 'create', '--name', 'Rolling Media');
    const rolled = await cli.json<PartnerDoc>('partner', 'roll-secret', created.partner_id, '--expires-in-hours', '3');
    expect(rolled.api_secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(rolled.credential_version).toBe(created.credential_version + 1);
    const [current, old] = rolled.secrets;
    expect([current!.status, current!.expires_at, old!.status]).toEqual(['current', null, 'expiring']);
    expect(Date.parse(old!.expires_at!) - Date.parse(current!.created_at)).toBe(3 * 3_600_000);

    const store = await openStore(cli.dbPath);
    try {
      const partner = (await store.getPartner(created.partner_id))!;
      expect(await verifySecret(rolled.api_secret!, partner.secretHash)).toBe(true);
      expect(await verifySecret(created.api_secret!, partner.previousSecret!.secretHash)).toBe(true);
    } finally {
      await store.close();
    }

    const shown = await cli.run('partner', 'show', created.partner_id);
    expect(shown.stdout).toMatch(/current\s+\S+\s+-\s+never/);
    expect(shown.stdout).toContain(old!.expires_at!);
    expect(shown.stdout).not.toContain('sk_');
    const again = await cli.run('partner', 'roll-secret', created.partner_id, '--json');
    expect([again.code, (JSON.parse(again.stderr) as { error: { code: string } }).error.code]).toEqual([1, 'conflict']);
  });

  it('takes its default and bounds from the studio contract and refuses hours outside them', async () => {
    const { minHours, maxHours, defaultHours } = loadStudioContract().secretRoll;
    const created = await cli.json<PartnerDoc>('partner', 'create', '--name', 'Default Media');
    for (const hours of [String(minHours - 1), String(maxHours + 1), '1.5']) {
      const refused = await cli.run('partner', 'roll-secret', created.partner_id, '--expires-in-hours', hours);
      expect([refused.code, refused.stdout]).toEqual([2, '']);
    }
    const rolled = await cli.json<PartnerDoc>('partner', 'roll-secret', created.partner_id);
    expect(Date.parse(rolled.secrets[1]!.expires_at!) - Date.parse(rolled.secrets[0]!.created_at)).toBe(defaultHours * 3_600_000);
  });
});
