/**
 * The runtime and build a studio deploys: Node.js 24 only, the server compiled to JavaScript and
 * run with plain node by `npm start`, and no TypeScript loader, compiler or bundler among the
 * production dependencies.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { start, stopAll } from '../scripts/lib/processes.js';
import { ROOT, untilWarm } from './helpers/entry.js';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const dirs: string[] = [];

afterEach(async () => {
  await stopAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-build-'));
  dirs.push(dir);
  return dir;
}

/** A Node.js older than 24 on this machine (Debian's system node), if there is one. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(/^v(\d+)/.exec(execFileSync(candidate, ['--version']).toString())?.[1]);
    if (major < 24) return candidate;
  }
  return undefined;
}

describe('runtime', () => {
  it('claims Node.js 24 LTS only, and runs on the release .nvmrc names', () => {
    expect(pkg.engines.node).toBe('^24.11.0');
    const pinned = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
  });

  it('prints the directory of the node already on PATH when it is the pinned release', () => {
    const bin = execFileSync('bash', [join(ROOT, 'scripts/setup-node.sh')], { env: { ...process.env, PATH: `${join(process.execPath, '..')}:${process.env.PATH}` } })
      .toString()
      .trim();
    expect(bin).toBe(join(process.execPath, '..'));
  });

  const old = olderNode();
  // Every machine of this project's kind has Debian's Node 20 as its system node; elsewhere there may be none to try.
  it.skipIf(!old)('refuses an install on an older Node at once, before fetching anything', async () => {
    const dir = tempDir();
    for (const file of ['package.json', 'package-lock.json', '.npmrc', 'client/package.json']) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
    const npm = execFileSync('bash', ['-c', 'command -v npm']).toString().trim();
    const result = await run(old!, [npm, 'install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('EBADENGINE');
    expect(result.stderr).toContain('^24.11.0');
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
  });
});

describe('compiled build', () => {
  it('npm start runs the compiled server with plain node, no TypeScript loader', () => {
    // exec: npm's shell becomes node, so a SIGTERM to `npm start` reaches the server and drains it.
    expect(pkg.scripts.start).toBe('exec node --max-semi-space-size=4 --max-old-space-size=1536 --no-allocation-site-pretenuring dist/server/main.js');
    expect(pkg.scripts.admin).toBe('exec node dist/server/cli/admin.js');
    for (const script of [pkg.scripts.start, pkg.scripts.admin]) expect(script).not.toMatch(/tsx|--import|--loader|ts-node/);
    expect(existsSync(join(ROOT, 'dist/server/main.js'))).toBe(true);
  });

  it("npm start's V8 flags hold the heap's growth down (a maximum under 2 GiB caps V8's growing factor)", async () => {
    // The same churning program with the start command's flags and with none: if V8 stops tying
    // the growing factor to the maximum heap size, the flag no longer buys memory and this fails.
    const flags = pkg.scripts.start!.split(' ').filter((word) => word.startsWith('--'));
    const peak = async (args: string[]) => {
      const { stdout } = await run(process.execPath, [...args, join(ROOT, 'test/helpers/heap-churn.mjs')]);
      return (JSON.parse(stdout) as { peakMb: number }).peakMb;
    };
    const [withFlags, without] = [await peak(flags), await peak([])];
    expect(withFlags).toBeLessThan(without * 0.7);
  }, 60_000);

  it("npm start's V8 flags turn allocation-site pretenuring off, so data only dead objects point at dies young", async () => {
    // A site V8 has learnt to allocate in the old generation makes objects that die at once but
    // point at young data; with pretenuring on, the dead old objects carry that data through the
    // next young collection and it is promoted (a PostgreSQL catalog page's documents were, at
    // LOG_LEVEL=info: docs/performance.md#pretenuring). If V8 drops the flag or the heuristic,
    // the control below fails.
    const flags = pkg.scripts.start!.split(' ').filter((word) => word.startsWith('--'));
    const promotedShare = async (args: string[]) => {
      const { stdout } = await run(process.execPath, [...args, '--trace-gc-nvp', join(ROOT, 'test/helpers/pretenure-churn.mjs')], { maxBuffer: 64 * 1024 * 1024 });
      let allocated = 0;
      let promoted = 0;
      for (const line of stdout.slice(stdout.indexOf('short-lived\n')).split('\n')) {
        if (!/ gc=s /.test(line)) continue;
        allocated += Number(/ allocated=(\d+)/.exec(line)![1]);
        promoted += Number(/ promoted=(\d+)/.exec(line)![1]);
      }
      expect(allocated).toBeGreaterThan(10 * 1024 * 1024);
      return promoted / allocated;
    };
    expect(flags).toContain('--no-allocation-site-pretenuring');
    for (let run = 0; run < 3; run++) expect(await promotedShare(flags)).toBeLessThan(0.05);
    // V8 decides in time in about half of the runs (pretenure-churn.mjs): up to 16 tries.
    const without = flags.filter((flag) => flag !== '--no-allocation-site-pretenuring');
    let most = 0;
    for (let run = 0; run < 16 && most <= 0.2; run++) most = Math.max(most, await promotedShare(without));
    expect(most).toBeGreaterThan(0.2);
  }, 60_000);

  it('lists no TypeScript loader, compiler or bundler among the production dependencies', async () => {
    const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const names = stdout.split('\n').map((line) => line.split('node_modules/').pop()!);
    expect(names.length).toBeGreaterThan(50);
    for (const tool of ['tsx', 'typescript', 'esbuild', 'ts-node', '@swc/core', 'vite', 'webpack', 'rollup']) expect(names, tool).not.toContain(tool);
  });

  it('`npm start` rebuilds a stale build first, then serves from dist/', async () => {
    // A copy of the package, so the rebuild cannot disturb servers other tests start from dist/.
    const copy = tempDir();
    for (const entry of ['package.json', '.npmrc', 'tsconfig.json', 'tsconfig.build.json', 'server', 'generated', 'scripts', 'docs/reference.html', 'dist/server', 'client/package.json']) {
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    // A source newer than the build, as after a `git pull`.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, 'server/platform/clock.ts'), later, later);
    const child = await start({
      command: 'npm',
      args: ['start'],
      cwd: copy,
      env: { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: join(tempDir(), 'catalog.db') },
      ready: /listening on (http:\/\/localhost:\d+)/,
      readyTimeoutMs: 120_000,
      name: 'npm start',
    });
    expect(child.output()).toContain('build: compiling the server');
    expect(child.output()).toContain('exec node --max-semi-space-size=4 --max-old-space-size=1536 --no-allocation-site-pretenuring dist/server/main.js');
    // Ready once warm-up ends (bounded by WARMUP_TIMEOUT_MS; docs/decisions/0106-warm-up-before-ready.md).
    await untilWarm(child.ready[1]!);
    expect((await fetch(`${child.ready[1]}/readyz`)).status).toBe(200);
    // Stopped like a service manager stops `npm start`: SIGTERM to npm, which the server gets and drains on.
    expect(await child.stop()).toMatchObject({ code: 0, killed: false, leftStrays: false });
    expect(child.output()).toContain('"msg":"stopped"');
  }, 180_000);
});
