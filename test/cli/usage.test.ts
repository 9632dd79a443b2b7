/** Usage and bad input: every bad case exits 2 with one message on stderr, prints nothing on stdout and writes nothing. */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli, tempCli, type TempCli } from '../helpers/cli.js';

let cli: TempCli;
beforeAll(async () => {
  cli = await tempCli();
});
afterAll(() => cli.cleanup());

const PTN = 'ptn_abcdefghij';
const SER = 'ser_0000000001';

describe('admin CLI usage', () => {
  it('prints usage on --help and exits 0, for the whole CLI and for one command', async () => {
    const [all, one] = await Promise.all([cli.run('--help'), cli.run('partner', 'grant', '-h')]);
    expect(all.code).toBe(0);
    for (const words of ['series list', 'catalog import', 'partner create', 'partner regenerate-secret', 'partner revoke']) {
      expect(all.stdout).toContain(words);
    }
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('partner grant');
    expect(one.stdout).not.toContain('catalog import');
    expect(existsSync(cli.dbPath)).toBe(false);
  });

  const badInput: Array<[string, string[]]> = [
    ['no command', []],
    ['unknown group', ['partners', 'list']],
    ['unknown command', ['partner', 'delete', PTN]],
    ['group without command', ['partner']],
    ['unknown flag', ['partner', 'list', '--verbose']],
    ['flag of another command', ['partner', 'list', '--name', 'x']],
    ['flag value missing', ['partner', 'create', '--name']],
    ['boolean flag with a value', ['series', 'list', '--json=yes']],
    ['too many arguments', ['series', 'list', 'extra']],
    ['missing --name', ['partner', 'create']],
    ['repeated --name', ['partner', 'create', '--name', 'a', '--name', 'b']],
    ['blank --name', ['partner', 'create', '--name', '   ']],
    ['--name with control characters', ['partner', 'create', '--name', 'a\u0007b']],
    ['missing partner id', ['partner', 'show']],
    ['malformed partner id (show)', ['partner', 'show', 'ptn_ABCDEFGHIJ']],
    ['malformed partner id (regenerate)', ['partner', 'regenerate-secret', 'ptn_short']],
    ['malformed partner id (disable)', ['partner', 'disable', 'partner-1']],
    ['malformed partner id (enable)', ['partner', 'enable', 'ser_0000000001']],
    ['malformed partner id (grant)', ['partner', 'grant', 'ptn_abc', SER, 'read']],
    ['malformed series id (grant)', ['partner', 'grant', PTN, 'ser_1', 'read']],
    ['invalid grant', ['partner', 'grant', PTN, SER, 'write']],
    ['empty grant element', ['partner', 'grant', PTN, SER, 'read,']],
    ['missing grant', ['partner', 'grant', PTN, SER]],
    ['malformed series id (revoke)', ['partner', 'revoke', PTN, 'SER_0000000001']],
    ['invalid grant (revoke)', ['partner', 'revoke', PTN, SER, 'all']],
    ['missing import file', ['catalog', 'import']],
    ['invalid --batch-size', ['catalog', 'import', 'x.json', '--batch-size', '0']],
  ];

  // Concurrent: each case is an independent process and none of them writes anything.
  it.concurrent.for(badInput)('%s: exit 2, stderr message, empty stdout, no database file', async ([, args], { expect }) => {
    const result = await cli.run(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).not.toBe('');
    expect(hasStackTrace(result.stderr)).toBe(false);
    // Arguments are checked before the store is opened, so not even the database file appears.
    expect(existsSync(cli.dbPath)).toBe(false);
  });

  it('fails with exit 1 and one message, no stack trace, when the database cannot be opened', async () => {
    const notADirectory = await cli.file('plain-file', 'not a directory');
    const result = await runCli(['partner', 'list', '--json'], { DATABASE_URL: `${notADirectory}/catalog.db` });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect((JSON.parse(result.stderr) as { error: { code: string } }).error.code).toBe('store_unavailable');
    expect(hasStackTrace(result.stderr)).toBe(false);
  });

  it('reports bad input as one JSON document on stderr with --json', async () => {
    const result = await cli.run('partner', 'show', 'nope', '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const doc = JSON.parse(result.stderr) as { error: { code: string; message: string } };
    expect(doc.error.code).toBe('bad_input');
    expect(doc.error.message).toContain('nope');
  });
});
