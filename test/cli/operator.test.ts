/** `operator create`: the first studio operator, whose initial password signs in to the studio API. */
import { userInfo } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli, tempCli, type TempCli } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';
import { signIn, studio } from '../helpers/studio.js';

let cli: TempCli | undefined;
afterEach(async () => {
  await cli?.cleanup();
  cli = undefined;
});

describe('operator create', () => {
  it('prints a one-time initial password that signs in to the studio API, and records the change as the CLI user', async () => {
    const server = await startServer();
    const created = JSON.parse((await runCli(['operator', 'create', '--email', 'Maya@Halcyon-Studios.example', '--role', 'owner', '--json'], { DATABASE_URL: server.dbPath })).stdout) as {
      email: string;
      role: string;
      initial_password: string;
    };
    expect(created).toMatchObject({ email: 'maya@halcyon-studios.example', role: 'owner' });
    const session = await signIn(server, { email: created.email, password: created.initial_password });
    const audit = (await (await studio(server, session, 'GET', '/api/studio/audit?action=operator.create')).json()) as { items: Array<{ actor: string }> };
    // The actor is the operating-system user running the CLI.
    expect(audit.items.map((e) => e.actor)).toEqual([`cli:${userInfo().username}`]);
    expect(JSON.stringify(audit)).not.toContain(created.initial_password);
  });

  it.each([
    ['without an email', ['--role', 'owner']],
    ['with a malformed email', ['--email', 'maya', '--role', 'owner']],
    ['with an unknown role', ['--email', 'maya@halcyon-studios.example', '--role', 'admin']],
  ])('refuses %s with exit 2 and writes nothing', async (_name, args) => {
    cli = await tempCli();
    const result = await cli.run('operator', 'create', ...args);
    expect(result.code).toBe(2);
    expect(hasStackTrace(result.stderr)).toBe(false);
  });

  it('refuses an email that is taken with exit 1', async () => {
    cli = await tempCli();
    expect((await cli.run('operator', 'create', '--email', 'a@halcyon-studios.example', '--role', 'viewer')).code).toBe(0);
    const again = await cli.run('operator', 'create', '--email', 'A@halcyon-studios.example', '--role', 'owner');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');
  });
});
