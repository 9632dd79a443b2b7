import { createServer } from 'node:net';

/**
 * Returns a TCP port that is free on `host` right now, for programs (Prism, the server's CLI) that
 * must be told their port up front instead of listening on port 0 and reporting it back.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    // Port 0 lets the kernel pick from its ephemeral range, which it cycles through, so the port is
    // unlikely to be handed out again before the caller's program binds it.
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error(`no port assigned on ${host}`))));
    });
  });
}
