/** `partner copy-grants` against a real SQLite file: a dry run's counts, then merge and replace, and its refusals by exit code. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempCli, type TempCli } from '../helpers/cli.js';
import { catalogFile, seriesIdOf } from './fixtures.js';

let cli: TempCli;
beforeEach(async () => {
  cli = await tempCli();
});
afterEach(() => cli.cleanup());

const create = async (name: string) => (await cli.json<{ partner_id: string }>('partner', 'create', '--name', name)).partner_id;
const held = async (id: string) =>
  Object.fromEntries((await cli.json<{ entitlements: Array<{ series_id: string; grants: string[] }> }>('partner', 'show', id)).entitlements.map((e) => [e.series_id, e.grants]));

describe('partner copy-grants', () => {
  it('counts first with --dry-run, then merges, then replaces, with one audit entry each', async () => {
    await cli.json('catalog', 'import', await cli.file('catalog.json', catalogFile(3)));
    const [source, target] = [await create('Source'), await create('Target')];
    await cli.json('partner', 'grant', source, seriesIdOf(1), 'read,stream');
    await cli.json('partner', 'grant', target, seriesIdOf(2), 'read');

    const dry = await cli.json('partner', 'copy-grants', target, '--from', source, '--dry-run');
    expect(dry).toEqual({ partner_id: target, copy_from: source, mode: 'merge', dry_run: true, series_matching: 1, series_changing: 1, grants_added: 2, grants_removed: 0 });
    expect(await held(target)).toEqual({ [seriesIdOf(2)]: ['read'] });

    expect(await cli.json('partner', 'copy-grants', target, '--from', source)).toMatchObject({ mode: 'merge', series_total: 1, series_changed: 1 });
    expect(await held(target)).toEqual({ [seriesIdOf(1)]: ['read', 'stream'], [seriesIdOf(2)]: ['read'] });
    expect(await cli.json('partner', 'copy-grants', target, '--from', source, '--mode', 'replace')).toMatchObject({ mode: 'replace', series_total: 1, series_changed: 1 });
    expect(await held(target)).toEqual({ [seriesIdOf(1)]: ['read', 'stream'] });

    const audit = await cli.json<{ items: Array<{ action: string }> }>('audit', '--action', 'grants.copy');
    expect(audit.items.map((e) => e.action)).toEqual(['grants.copy', 'grants.copy']);
  });

  it.each([
    ['no --from', ['ptn_0000000000'], 2],
    ['an unknown --mode', ['ptn_0000000000', '--from', 'ptn_0000000001', '--mode', 'swap'], 2],
    ['an unknown partner', ['ptn_0000000000', '--from', 'ptn_0000000001'], 1],
  ])('refuses %s', async (_name, args, code) => {
    expect((await cli.run('partner', 'copy-grants', ...args)).code).toBe(code);
  });
});
