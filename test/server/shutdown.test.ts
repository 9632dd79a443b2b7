/** Graceful shutdown of the real entry process: in-flight requests finish, usage counts survive a restart. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopAll } from '../../scripts/lib/processes.js';
import { demoCredentials, startEntry } from '../helpers/entry.js';
import { getRequest, rawConnection } from '../helpers/raw-http.js';

let dir: string | undefined;

afterEach(async () => {
  await stopAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function boot(db: string, env: Record<string, string> = {}) {
  return startEntry({ LOG_LEVEL: 'info', DATABASE_URL: db, BENCH_RATE_LIMIT_MULTIPLIER: '100', SHUTDOWN_TIMEOUT_MS: '10000', ...env });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pcas-shutdown-'));
    const first = await boot(join(dir, 'catalog.db'));
    const body = JSON.stringify(demoCredentials(first.child.output()));
    const url = new URL('/api/partner/auth', first.base);
    // Send the headers and half the body, so the request is in flight while the signal arrives.
    const response = new Promise<number>((resolveStatus, reject) => {
      const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        resolveStatus(res.statusCode!);
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      // The signal once the server has accepted the connection (a connection still in the listen
      // backlog when the listener closes is refused, as it should be).
      req.once('socket', (socket) =>
        socket.once('connect', () =>
          setTimeout(() => {
            process.kill(first.child.pid, 'SIGTERM');
            void until(() => first.child.output().includes('shutting down'), 'the shutdown to begin').then(() => req.end(body.slice(20)));
          }, 200),
        ),
      );
    });
    expect(await response).toBe(200);
    expect((await first.child.exited).code).toBe(0);
  });

  it('drains keep-alive connections: the in-flight response says Connection: close and its connection closes right after; idle ones close at once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pcas-shutdown-'));
    // A long shutdown timeout: only closing each connection after its answer lets the process exit in time.
    const { child, base } = await boot(join(dir, 'catalog.db'), { SHUTDOWN_TIMEOUT_MS: '120000' });
    const body = JSON.stringify(demoCredentials(child.output()));
    const busy = await rawConnection(base);
    const idle = await rawConnection(base);
    for (const connection of [busy, idle]) {
      connection.write(getRequest('/healthz'));
      expect((await connection.response()).headers.connection).toBe('keep-alive');
    }
    // In flight: headers and half the body sent on the kept-alive connection.
    busy.write(`POST /api/partner/auth HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
    process.kill(child.pid, 'SIGTERM');
    await until(() => child.output().includes('shutting down'), 'the shutdown to begin');
    expect(await idle.closed).toBe('');
    busy.write(body.slice(20));
    const answer = await busy.response();
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(await busy.closed).toBe('');
    expect((await child.exited).code).toBe(0);
    expect(child.output()).not.toMatch(/did not finish in time/);
  });

  it('answers /readyz with 503 while draining, still serving, before it closes the listener', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pcas-shutdown-'));
    const { child, base } = await boot(join(dir, 'catalog.db'), { SHUTDOWN_READINESS_DELAY_MS: '3000' });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    process.kill(child.pid, 'SIGTERM');
    await until(() => child.output().includes('shutting down'), 'the shutdown to begin');
    const draining = await fetch(`${base}/readyz`);
    expect(draining.status).toBe(503);
    // Every answer after SIGTERM tells a keep-alive client to reconnect (to another instance).
    expect(draining.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await child.exited).code).toBe(0);
  });

  it('loses no usage count when stopped with SIGTERM under load and restarted', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pcas-shutdown-'));
    const db = join(dir, 'catalog.db');
    const first = await boot(db);
    const creds = demoCredentials(first.child.output());
    const auth = async (base: string) => {
      const res = await fetch(`${base}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(creds) });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const token = await auth(first.base);
    let answered = 0;
    let signalled = false;
    const worker = async () => {
      for (let i = 0; i < 60; i++) {
        try {
          const res = await fetch(`${first.base}/api/partner/content/catalog?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status === 200) answered++;
        } catch {
          return; // refused or reset once the server stopped accepting: never answered, never counted
        }
        if (answered >= 100 && !signalled) {
          signalled = true;
          process.kill(first.child.pid, 'SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(signalled).toBe(true);
    expect((await first.child.exited).code).toBe(0);

    const second = await boot(db);
    const day = new Date().toISOString().slice(0, 10);
    const res = await fetch(`${second.base}/api/partner/analytics/usage?from=${day}&to=${day}&group_by=operation`, {
      headers: { Authorization: `Bearer ${await auth(second.base)}` },
    });
    const report = (await res.json()) as { items: Array<{ key: string; requests: number }> };
    expect(report.items.find((r) => r.key === 'getCatalog')?.requests).toBe(answered);
  });
});
