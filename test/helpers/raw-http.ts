/**
 * One raw HTTP/1.1 connection, for tests that must see what a keep-alive client sees: which
 * requests share the connection, the `Connection` header of each response, and the moment the
 * server closes it. (fetch and node:http's agent hide all three.)
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Writes bytes as they are, e.g. half a request. */
  write(text: string): void;
  /** The next complete response (headers and Content-Length body); rejects if the connection closes first. */
  response(): Promise<RawResponse>;
  /** Resolves when the server has closed the connection, with whatever it sent that no response() took. */
  readonly closed: Promise<string>;
  destroy(): void;
}

/** Opens a connection to the server at base (an http:// URL) and resolves once it is connected. */
export async function rawConnection(base: string): Promise<RawConnection> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname === 'localhost' ? '127.0.0.1' : url.hostname);
  // latin1: one character per byte, so Content-Length counts characters.
  socket.setEncoding('latin1');
  let buffer = '';
  let ended = false;
  let wake: (() => void) | undefined;
  const closed = new Promise<string>((resolve) => {
    socket.once('close', () => {
      ended = true;
      wake?.();
      resolve(buffer);
    });
  });
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });

  function take(): RawResponse | undefined {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    const body = buffer.slice(end + 4, end + 4 + length);
    buffer = buffer.slice(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  return {
    write: (text) => void socket.write(text),
    async response() {
      for (;;) {
        const found = take();
        if (found) return found;
        if (ended) throw new Error(`the server closed the connection before a complete response; it sent: ${JSON.stringify(buffer)}`);
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
    closed,
    destroy: () => socket.destroy(),
  };
}

/** A GET request line and headers for a keep-alive connection. */
export function getRequest(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;
}
