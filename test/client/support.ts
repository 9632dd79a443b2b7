/**
 * Test support for the client: a fetch that records what went over the wire, a sleep that never
 * sleeps, and a tiny HTTP proxy in front of the real server that can answer for it (429, 401),
 * reset the connection or hang. Proxies are closed after each test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createPartnerClient, type PartnerClientOptions } from '../../client/index.js';
import type { TestPartner, TestServer } from '../helpers/server.js';

export interface Exchange {
  method: string;
  path: string;
  status: number | 'network-error';
  headers: Headers | undefined;
}

/** A fetch that delegates to the global one and records each exchange. */
export function recordingFetch() {
  const exchanges: Exchange[] = [];
  const fetch = async (request: Request, init?: { signal: AbortSignal }): Promise<Response> => {
    const { method } = request;
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    try {
      const response = await globalThis.fetch(request, init);
      exchanges.push({ method, path, status: response.status, headers: response.headers });
      return response;
    } catch (error) {
      exchanges.push({ method, path, status: 'network-error', headers: undefined });
      throw error;
    }
  };
  const authentications = () => exchanges.filter((e) => e.method === 'POST' && e.path === '/api/partner/auth').length;
  return { fetch, exchanges, authentications };
}

/**
 * A sleep that records the waits asked for and resolves at once (after running `onSleep`), and a
 * clock on which only those waits pass: the wall clock when it was made, plus every wait so far.
 */
export function fakeSleep(onSleep: (ms: number) => void = () => {}) {
  const waits: number[] = [];
  const start = Date.now();
  let slept = 0;
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    waits.push(ms);
    slept += ms;
    onSleep(ms);
  };
  return { sleep, waits, now: () => start + slept };
}

/** A client for a test partner of a real server, with recorded traffic and no real waiting. */
export function clientFor(server: { url: string }, partner: Pick<TestPartner, 'apiKey' | 'apiSecret'>, options: Partial<PartnerClientOptions> = {}) {
  const wire = recordingFetch();
  const timers = fakeSleep();
  const client = createPartnerClient({
    baseUrl: server.url,
    apiKey: partner.apiKey,
    apiSecret: partner.apiSecret,
    fetch: wire.fetch,
    sleep: timers.sleep,
    now: timers.now,
    random: () => 0.5,
    ...options,
  });
  return { client, wire, waits: timers.waits };
}

/** A partner with read on every series of the server's catalog and stream on the given ones. */
export async function readerOfAll(server: TestServer, streamOn: string[] = []): Promise<TestPartner> {
  const all = await server.store.listAllSeries({ limit: 100 });
  return server.partner(Object.fromEntries(all.items.map((s) => [s.id, streamOn.includes(s.id) ? ['read', 'stream'] : ['read']])));
}

/** What the proxy does with one request: forward it, answer for the server, drop or hang. */
export type ProxyAction =
  | { kind: 'forward' }
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'reset' }
  | { kind: 'hang' };

export interface Proxy {
  url: string;
  /** Requests it received, as "METHOD /path?query". */
  seen: string[];
}

const proxies = new Set<Server>();
afterEach(async () => {
  const open = [...proxies];
  proxies.clear();
  await Promise.all(open.map((p) => new Promise<void>((resolve) => { p.closeAllConnections(); p.close(() => resolve()); })));
});

/** Starts a proxy on port 0 in front of `target`; `decide` picks the action per request. */
export async function startProxy(target: string, decide: (req: IncomingMessage, count: number) => ProxyAction): Promise<Proxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const action = decide(req, seen.length);
    if (action.kind === 'reset') return void req.socket.destroy();
    if (action.kind === 'hang') return;
    if (action.kind === 'answer') return answer(res, action);
    void forward(target, req, res).catch(() => res.destroy());
  });
  proxies.add(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function answer(res: ServerResponse, action: Extract<ProxyAction, { kind: 'answer' }>): void {
  const body = action.body === undefined ? '' : JSON.stringify(action.body);
  res.writeHead(action.status, { 'Content-Type': 'application/problem+json', ...action.headers });
  res.end(body);
}

async function forward(target: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (['host', 'connection', 'content-length', 'transfer-encoding'].includes(name) || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const upstream = await fetch(target + req.url, { method: req.method ?? 'GET', headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
  const body = Buffer.from(await upstream.arrayBuffer());
  const out: Record<string, string> = {};
  // fetch already decoded the body: its encoding and length headers no longer apply.
  upstream.headers.forEach((value, name) => void (['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name) || (out[name] = value)));
  res.writeHead(upstream.status, out);
  res.end(body);
}

/** A port on 127.0.0.1 where nothing listens: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A problem document as the server would send it. */
export function problem(status: number, code: string, detail = 'injected by the test proxy') {
  return { type: `https://partners.halcyon-studios.example/problems/${code}`, title: 'Injected', status, detail, code, request_id: `req_proxy_${status}` };
}
