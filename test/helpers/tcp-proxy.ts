/**
 * A TCP proxy on 127.0.0.1 (port 0) in front of a real service, for fault tests: the machine's
 * PostgreSQL or Redis cannot be stopped by a test, but the path to them can be cut.
 *
 * - `up`: bytes flow both ways.
 * - `down`: every connection is reset, new ones at once (an engine that is down or restarting).
 * - `blackhole`: connections are accepted and nothing ever arrives (a partition, or an engine
 *   that hangs); going back `up` resets them, as a healed network eventually does.
 * - `delayReplies(ms)`: every connection's replies held for ms, then delivered.
 * - `stallRepliesAfter(pattern)`: bytes flow until a client sends bytes matching pattern; they
 *   still reach the engine, but nothing it answers on that connection arrives (a reply lost on
 *   the way: the engine did the work, the client times out). Going `up` resets that connection.
 */
import { createServer, Socket, type Server } from 'node:net';

export type ProxyMode = 'up' | 'down' | 'blackhole';

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  /** Connections accepted so far. */
  readonly accepted: number;
  set(mode: ProxyMode): void;
  /** Holds every reply for ms, then delivers it (one slow moment of the engine); resolves when delivery resumes. */
  delayReplies(ms: number): Promise<void>;
  /** Resolves once a client has sent bytes matching pattern (read as latin1), the engine's replies to them never delivered. */
  stallRepliesAfter(pattern: RegExp): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Its replies stopped by stallRepliesAfter. */
  stalled: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'up';
  let accepted = 0;
  const pairs = new Set<Pair>();
  let watch: { pattern: RegExp; matched: () => void } | undefined;

  const reset = (socket: Socket | undefined) => {
    if (!socket || socket.destroyed) return;
    socket.resetAndDestroy();
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    client.on('error', () => {});
    if (mode === 'down') return reset(client);
    const pair: Pair = { client, upstream: undefined, stalled: false };
    pairs.add(pair);
    client.once('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === 'blackhole') {
      client.pause();
      return;
    }
    const upstream = new Socket();
    pair.upstream = upstream;
    upstream.on('error', () => reset(client));
    upstream.once('close', () => client.destroy());
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream);
      upstream.pipe(client);
      // After the pipe's own listener: the matching bytes are on their way to the engine first.
      client.on('data', (chunk: Buffer) => {
        if (!watch || !watch.pattern.test(chunk.toString('latin1'))) return;
        upstream.unpipe(client);
        upstream.pause();
        pair.stalled = true;
        watch.matched();
        watch = undefined;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    set(next) {
      const previous = mode;
      mode = next;
      for (const pair of pairs) {
        if (next === 'down' || (next === 'up' && (previous === 'blackhole' || pair.stalled))) {
          reset(pair.client);
          pair.upstream?.destroy();
          pairs.delete(pair);
        }
      }
      if (next === 'blackhole') {
        // Established connections stop delivering in both directions.
        for (const pair of pairs) {
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        }
      }
    },
    delayReplies(ms) {
      const held = [...pairs].filter((pair) => pair.upstream && !pair.stalled);
      for (const pair of held) {
        pair.upstream!.unpipe(pair.client);
        pair.upstream!.pause();
      }
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          for (const pair of held) if (pairs.has(pair)) pair.upstream!.pipe(pair.client);
          resolve();
        }, ms),
      );
    },
    stallRepliesAfter(pattern) {
      return new Promise<void>((matched) => (watch = { pattern, matched }));
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The URL with its host and port replaced by the proxy's. */
export function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
