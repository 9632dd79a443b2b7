/**
 * What the fault tests (test/scale/faults.test.ts, stalls.test.ts) share: TCP proxies in front of
 * the real PostgreSQL and Redis, restored after each test and closed after the file, and
 * requests timed from the partner's side.
 */
import { afterAll, afterEach, expect } from 'vitest';
import type { TestServer } from './server.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const proxies: TcpProxy[] = [];
afterEach(() => {
  for (const proxy of proxies) proxy.set('up');
});
afterAll(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

/** A proxy to the host and port of url, put back `up` after each test. */
export async function proxyTo(url: string): Promise<TcpProxy> {
  const u = new URL(url);
  const proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port) });
  proxies.push(proxy);
  return proxy;
}

export interface Answer {
  status: number;
  type: string | null;
  retryAfter: string | null;
  code: string | undefined;
  /** From sending the request to the end of the body. */
  ms: number;
}

/** One request to the server, timed; gives up after 15 s (far past every bound tested). */
export async function request(server: Pick<TestServer, 'url'>, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
    code,
    ms: Math.round(performance.now() - started),
  };
}

export const authenticate = (server: Pick<TestServer, 'url'>, creds: { apiKey: string; apiSecret: string }) =>
  request(server, '/api/partner/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api_key: creds.apiKey, api_secret: creds.apiSecret }),
  });

/** A problem+json 503 with Retry-After, answered within withinMs. */
export function expectUnavailable(answer: Answer, withinMs: number): void {
  expect(answer).toMatchObject({ status: 503, code: 'service_unavailable' });
  expect(answer.type).toMatch(/^application\/problem\+json/);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.ms).toBeLessThan(withinMs);
}

/** Authenticates until the service answers 200 again after a fault is lifted (bounded: 50 tries, 100 ms apart). */
export async function authenticateOnceBack(server: Pick<TestServer, 'url'>, partner: { apiKey: string; apiSecret: string }): Promise<Answer & { attempts: number }> {
  let auth = await authenticate(server, partner);
  let attempts = 1;
  for (; attempts < 50 && auth.status !== 200; attempts++) {
    await new Promise((r) => setTimeout(r, 100));
    auth = await authenticate(server, partner);
  }
  return { ...auth, attempts };
}

/** The server's log lines, parsed. */
export function logLines(server: Pick<TestServer, 'logs'>): Array<Record<string, unknown> & { level: number; msg: string }> {
  return server
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg: string });
}
