/**
 * Warm from the first request (server/platform/warm-up.ts): the real entry warms search workers,
 * prepared statements and hot pages before /readyz says ready, bounded and logged at info.
 * Ordering is read from the server's own log, one stream written in the order things happened:
 * the parent receiving an HTTP answer and a log line over different pipes could race.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { start, stopAll } from '../../scripts/lib/processes.js';
import { ROOT, SERVER_ARGS, SERVER_COMMAND } from '../helpers/entry.js';

const dirs: string[] = [];
afterEach(async () => {
  await stopAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Line = { msg: string; warmed?: string[]; cold?: string[]; ms?: number; req?: { url: string }; res?: { statusCode: number } };

async function boot(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-warm-'));
  dirs.push(dir);
  const child = await start({
    command: SERVER_COMMAND,
    args: SERVER_ARGS,
    cwd: ROOT,
    env: { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'development', DATABASE_URL: join(dir, 'catalog.db'), SEARCH_WORKERS: '2', ...env },
    ready: /listening on (http:\/\/localhost:\d+)/,
    name: 'server',
  });
  const base = child.ready[1]!;
  const lines = () =>
    child
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  return { child, base, lines };
}

describe('warm-up before ready', () => {
  it('answers /readyz 503 until search workers, prepared statements and hot pages are warm, then 200, and logs what it warmed', async () => {
    const { base, lines } = await boot({ WARMUP_TIMEOUT_MS: '10000' });
    // Probed from the moment it listens until ready (bounded by the warm-up's own bound and then some).
    const statuses: number[] = [];
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && statuses.at(-1) !== 200) {
      const res = await fetch(`${base}/readyz`);
      statuses.push(res.status);
      const body = await res.text();
      if (res.status === 503) expect(body).toMatch(/warming up/);
    }
    expect(statuses.at(-1)).toBe(200);

    const log = lines();
    const done = log.findIndex((l) => l.msg === 'warm-up done');
    expect(done).toBeGreaterThanOrEqual(0);
    expect(log[done]).toMatchObject({ warmed: expect.arrayContaining(['searchWorkers', 'partnerState', 'catalogPages']), cold: [] });
    expect(log[done]!.ms).toBeLessThan(10_000);
    // No /readyz 200 before the warm-up ended (503s, logged at warn, only before it).
    const probes = log.map((l, i) => ({ i, l })).filter(({ l }) => l.req?.url === '/readyz');
    expect(probes.filter(({ l }) => l.res?.statusCode === 503).every(({ i }) => i < done)).toBe(true);
    expect(probes.filter(({ l }) => l.res?.statusCode === 200).every(({ i }) => i > done)).toBe(true);
  });

  it('becomes ready at once with WARMUP_TIMEOUT_MS=0, and says nothing was warmed', async () => {
    const { base, lines } = await boot({ WARMUP_TIMEOUT_MS: '0' });
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 5_000, interval: 20 }).toBe(200);
    expect(lines().find((l) => l.msg === 'warm-up done')).toMatchObject({ warmed: [], cold: ['searchWorkers', 'partnerState', 'catalogPages'] });
  });
});
