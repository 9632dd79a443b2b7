/** `partner grant|revoke` combinations, and `partner show` paging through every entitlement. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/index.js';
import { tempCli, type TempCli } from '../helpers/cli.js';
import { catalogFile, seriesIdOf } from './fixtures.js';

interface GrantDoc {
  partner_id: string;
  series_id: string;
  grants: string[];
  previous_grants: string[];
  changed: boolean;
}
interface ShowDoc {
  entitlements: Array<{ series_id: string; series_title: string; grants: string[]; updated_at: string }>;
}

const SERIES_COUNT = 120;
const [S1, S2, S3] = [seriesIdOf(1), seriesIdOf(2), seriesIdOf(3)];
let cli: TempCli;
let a: string;
let b: string;

beforeAll(async () => {
  cli = await tempCli();
  await cli.json('catalog', 'import', await cli.file('catalog.json', catalogFile(SERIES_COUNT, 1, 1)));
  const create = async (name: string) => (await cli.json<{ partner_id: string }>('partner', 'create', '--name', name)).partner_id;
  [a, b] = await Promise.all([create('Partner A'), create('Partner B')]);
});
afterAll(() => cli.cleanup());

const grant = (...args: string[]) => cli.json<GrantDoc>('partner', 'grant', ...args);
const revoke = (...args: string[]) => cli.json<GrantDoc>('partner', 'revoke', ...args);
const entitlements = async (id: string) => (await cli.json<ShowDoc>('partner', 'show', id)).entitlements;

describe('partner grant and revoke', () => {
  it('adds grants to the existing ones and skips writes that change nothing', async () => {
    expect(await grant(a, S1, 'read')).toMatchObject({ grants: ['read'], previous_grants: [], changed: true });
    expect(await grant(a, S1, 'stream')).toMatchObject({ grants: ['read', 'stream'], previous_grants: ['read'], changed: true });
    expect(await grant(a, S1, 'stream,read')).toMatchObject({ grants: ['read', 'stream'], changed: false });
    expect(await grant(a, S2, 'stream')).toMatchObject({ grants: ['stream'], changed: true });

    const shown = await entitlements(a);
    expect(shown.map((e) => [e.series_id, e.grants])).toEqual([
      [S1, ['read', 'stream']],
      [S2, ['stream']],
    ]);
    expect(shown[0]?.series_title).toBe('Series 1');
    // Grants are per partner.
    expect(await entitlements(b)).toEqual([]);
  });

  it('revokes one grant, then the rest; revoking what is not held succeeds without a change', async () => {
    expect(await revoke(a, S1, 'stream')).toMatchObject({ grants: ['read'], previous_grants: ['read', 'stream'], changed: true });
    expect(await revoke(a, S1, 'stream')).toMatchObject({ grants: ['read'], changed: false });
    expect(await revoke(a, S1, 'read')).toMatchObject({ grants: [], changed: true });
    expect((await entitlements(a)).map((e) => e.series_id)).toEqual([S2]);
  });

  it('revokes every grant on a series when no grant is named', async () => {
    await grant(a, S3, 'read,stream');
    expect(await revoke(a, S3)).toMatchObject({ grants: [], previous_grants: ['read', 'stream'], changed: true });
    expect(await revoke(a, S3)).toMatchObject({ grants: [], previous_grants: [], changed: false });
    expect((await entitlements(a)).map((e) => e.series_id)).toEqual([S2]);
  });

  it('answers exit 1 for an unknown partner or series and writes nothing', async () => {
    const before = await entitlements(a);
    const results = await Promise.all([
      cli.run('partner', 'grant', 'ptn_zzzzzzzzzz', S1, 'read', '--json'),
      cli.run('partner', 'grant', a, 'ser_zzzzzzzzzz', 'read', '--json'),
      cli.run('partner', 'revoke', 'ptn_zzzzzzzzzz', S2, '--json'),
      cli.run('partner', 'revoke', a, 'ser_zzzzzzzzzz', '--json'),
    ]);
    for (const r of results) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect((JSON.parse(r.stderr) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect(await entitlements(a)).toEqual(before);
  });

  it('shows every entitlement of a partner across store pages', async () => {
    // Set in-process: 120 CLI runs would take a minute and prove nothing more about paging.
    const store = await openStore(cli.dbPath);
    try {
      for (let i = 1; i <= SERIES_COUNT; i++) await store.setGrants(b, seriesIdOf(i), ['read'], '2026-11-22T09:30:00.000Z');
    } finally {
      await store.close();
    }
    const shown = await entitlements(b);
    expect(shown).toHaveLength(SERIES_COUNT);
    expect(shown.map((e) => e.series_id)).toEqual(Array.from({ length: SERIES_COUNT }, (_, i) => seriesIdOf(i + 1)));
  });
});
