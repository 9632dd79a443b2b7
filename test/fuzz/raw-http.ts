/**
 * A raw HTTP/1.1 client for the fuzz suite: each request is written byte for byte on a fresh TCP
 * connection (fetch and node:http refuse to send much of what the suite sends: bodies on GET,
 * NUL, RTL or emoji in headers, unencoded spaces, duplicate headers), and the one response is
 * read back, framed by its Content-Length.
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (path and query, already encoded or deliberately not). */
  target: string;
  /** Header lines, in order; values are sent as UTF-8 bytes. */
  headers: Array<[string, string]>;
  body?: Buffer | string;
  /** Sends no Host header (HTTP/1.1 requires one). */
  omitHost?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** The bytes of a request: request line, headers (Host and Content-Length added unless given), blank line, body. */
export function serialize(request: RawRequest, host: string): Buffer {
  const has = (name: string) => request.headers.some(([n]) => n.toLowerCase() === name);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (!has('host') && !request.omitHost) lines.push(`Host: ${host}`);
  if (body && !has('content-length') && !has('transfer-encoding')) lines.push(`Content-Length: ${body.length}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'utf8');
  return body === undefined ? head : Buffer.concat([head, body]);
}

/** Sends the request and resolves with the response, or undefined when the server closed the connection without one. */
export function send(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawResponse | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (response: RawResponse | undefined) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(response);
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      reject(new Error(`no response within ${timeoutMs} ms to ${request.method} ${request.target.slice(0, 120)}`));
    }, timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      finish(parse(received, request.method, true));
    });
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parse(received, request.method, false);
      if (response) {
        clearTimeout(timer);
        finish(response);
      }
    });
    socket.on('connect', () => socket.write(serialize(request, `127.0.0.1:${port}`)));
  });
}

/** The first response in `data`, once complete (or whatever there is when the connection has closed). */
function parse(data: Buffer, method: string, closed: boolean): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers = new Headers();
  for (const line of lines) headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
  const status = Number(statusLine!.split(' ')[1]);
  // An interim response (100 Continue) precedes the real one.
  if (status >= 100 && status < 200) return parse(data.subarray(end + 4), method, closed);
  const noBody = method === 'HEAD' || status === 204 || status === 304;
  // A streamed answer (the CSV exports) comes in chunks: complete once its last, empty, chunk is in.
  if (!noBody && /chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const body = unchunk(data.subarray(end + 4));
    return body === undefined ? (closed ? { status, headers, body: '' } : undefined) : { status, headers, body: body.toString('utf8') };
  }
  const length = noBody ? 0 : Number(headers.get('content-length') ?? (closed ? data.length - end - 4 : NaN));
  if (!Number.isFinite(length) || data.length < end + 4 + length) return undefined;
  return { status, headers, body: data.subarray(end + 4, end + 4 + length).toString('utf8') };
}

/** The body of a chunked transfer coding, once its terminating chunk has arrived; undefined before. */
function unchunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
