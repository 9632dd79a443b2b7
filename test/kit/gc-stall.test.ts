/**
 * The client never hangs: installed from the kit's tarball in a project of its own and run under
 * forced garbage collection (`node --expose-gc`, fixtures/gc-stall.mjs), every method against a
 * server that accepts requests and never answers them. Node's fetch forgets the signal of a
 * Request rebuilt from a clone once a collection has run; the client hands its signal to
 * `fetch(request, { signal })`. The same fixture with the old transport (the request rebuilt with
 * the signal) shows the tests catch the defect: its calls are still hanging at the deadline.
 */
import { execFile } from 'node:child_process';
import { copyFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TARBALL } from './kit-facts.js';
import { packedClient, partnerProject } from './partner-project.js';
import { sharedKit } from './shared-kit.js';

type Outcome = { outcome: string; ms?: number; attempts?: number; afterAbortMs?: number };

let project: string;
beforeAll(async () => {
  project = await partnerProject(await packedClient(join(await sharedKit(), TARBALL)));
  await copyFile(join(import.meta.dirname, 'fixtures/gc-stall.mjs'), join(project, 'gc-stall.mjs'));
}, 250_000);
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

/** A server that answers authenticate (except for pk_stalled) and nothing else; it notes how long each request stayed open. */
async function stalledServer() {
  const requests: Array<{ path: string; openMs: number | undefined }> = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const seen = { path: `${req.method} ${req.url}`, openMs: undefined as number | undefined };
    const since = performance.now();
    res.once('close', () => (seen.openMs = performance.now() - since));
    let body = '';
    for await (const chunk of req) body += String(chunk);
    if (req.url === '/api/partner/auth' && !body.includes('pk_stalled')) {
      const token = { access_token: 'a.b.c', token_type: 'Bearer', expires_in: 86400, expires_at: new Date(Date.now() + 86_400_000).toISOString() };
      return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(token));
    }
    requests.push(seen);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => (server.closeAllConnections(), server.close()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** Runs the fixture under --expose-gc; resolves with how each method's call ended. */
function fixture(env: Record<string, string>): Promise<Record<string, Outcome>> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', 'gc-stall.mjs'], { cwd: project, env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Record<string, Outcome>),
    ),
  );
}

const METHODS = 20;

describe.each([
  ['the client', 'client'],
  ['the old transport (the signal in a Request rebuilt from a clone)', 'old'],
])('every method against a stalled server under forced GC, through %s', (_name, transport) => {
  const fixed = transport === 'client';

  it(`timeoutMs 1000 ${fixed ? 'ends' : 'does not end'} every attempt within 1.5 s`, async () => {
    const api = await stalledServer();
    const calls = await fixture({ BASE_URL: api.url, SCENARIO: 'timeout', TRANSPORT: transport, DEADLINE_MS: '6000' });
    expect(Object.keys(calls)).toHaveLength(METHODS);
    // authenticate is tried once (it may have arrived), each GET twice (one retry).
    const withinBounds = ([name, c]: [string, Outcome]) => c.outcome === 'timeout' && c.attempts === (name === 'auth.token' ? 1 : 2);
    const everyAttempt = api.requests.every((r) => r.openMs !== undefined && r.openMs < 1500);
    if (fixed) {
      expect(Object.entries(calls).filter((entry) => !withinBounds(entry))).toEqual([]);
      // Every attempt reached the server and was closed by the client in time.
      expect(api.requests).toHaveLength(1 + 2 * (METHODS - 1));
      expect(api.requests.filter((r) => !(r.openMs! < 1500))).toEqual([]);
      expect(everyAttempt).toBe(true);
    } else {
      // Still hanging at the 6 s deadline: the timeouts never reached fetch.
      expect(Object.values(calls).filter((c) => c.outcome === 'pending').length).toBeGreaterThan(METHODS / 2);
      expect(everyAttempt).toBe(false);
    }
  });

  it(`an abort at 0.7 s ${fixed ? 'ends' : 'does not end'} every call within 0.2 s`, async () => {
    const api = await stalledServer();
    const calls = await fixture({ BASE_URL: api.url, SCENARIO: 'abort', TRANSPORT: transport, DEADLINE_MS: '3000' });
    expect(Object.keys(calls)).toHaveLength(METHODS);
    if (fixed) {
      expect(Object.entries(calls).filter(([, c]) => c.outcome !== 'abort' || !(c.afterAbortMs! < 200))).toEqual([]);
      // And the requests are gone from the server, not left open behind the rejected calls.
      expect(api.requests).toHaveLength(METHODS);
      expect(api.requests.filter((r) => !(r.openMs! < 1000))).toEqual([]);
    } else {
      expect(Object.values(calls).filter((c) => c.outcome === 'pending').length).toBeGreaterThan(METHODS / 2);
    }
  });
});
