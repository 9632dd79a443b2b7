/**
 * Problem documents for the requests Node's HTTP server refuses before the app sees them: headers
 * over its limit (431), a request it cannot parse (400), a client too slow to send its headers or
 * body (408). Unless the server handles `clientError`, Node answers these with a bare status line
 * (and only on a connection that has carried no response yet); this handler writes the same
 * problem document as every other refusal wherever the connection allows a response, then
 * closes the connection, since the parser cannot go on after such an error.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, type ProblemCode } from './errors.js';
import { problemDocument, problemInstance } from './problem.js';
import { newRequestId } from './request-id.js';

/** What was refused, for metrics, logs and the tests' contract coverage. */
export interface ParserRefusal {
  status: number;
  code: ProblemCode;
  /** From the request line, when the packet that failed holds one. */
  method: string | undefined;
  path: string | undefined;
}

const REFUSALS: Record<string, [ProblemCode, string]> = {
  HPE_HEADER_OVERFLOW: ['request_header_fields_too_large', 'The request line and headers are larger than 16384 bytes.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request did not arrive in time.'],
};
const MALFORMED: [ProblemCode, string] = ['malformed_request', 'The request is not valid HTTP/1.1.'];
const REQUEST_LINE = /^([A-Z]{1,20}) ([^ ?\r\n]{1,16384})[^ \r\n]* HTTP\/1\.[01]\r?\n/;

/** The response Node is writing on this connection, if any (an earlier, pipelined request's). */
function responseInProgress(socket: Socket): ServerResponse | undefined {
  return (socket as { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/** A `clientError` listener that answers with problem documents and reports each refusal. */
export function answerParserRefusals(onRefusal?: (refusal: ParserRefusal) => void) {
  if (onRefusal !== undefined && typeof onRefusal !== 'function') throw new Error('answerParserRefusals: onRefusal must be a function');
  return function onClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    // With a request under way, the error is about that request while its body is still coming
    // in (a bad chunk, a timeout), and it can be answered if nothing of its response is sent;
    // otherwise it is about a later, pipelined request, whose answer would be read as part of
    // the response under way: finish that one, then close.
    const pending = responseInProgress(socket);
    if (pending && (pending.headersSent || pending.req.complete)) {
      pending.once('finish', () => socket.destroy());
      return;
    }
    const [code, detail] = REFUSALS[err.code ?? ''] ?? MALFORMED;
    // The request under way (a body too slow or malformed) names itself; otherwise the packet that failed may.
    const line = REQUEST_LINE.exec(err.rawPacket?.toString('latin1', 0, 16_500) ?? '');
    const [method, path] = pending ? [pending.req.method, pending.req.url?.split('?')[0]] : line ? [line[1], line[2]] : [undefined, undefined];
    const requestId = newRequestId();
    const problem = new ApiError(code, detail);
    const body = JSON.stringify(problemDocument(problem, { instance: path === undefined ? undefined : problemInstance(path), requestId }));
    const head = [
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}`,
      'Content-Type: application/problem+json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    onRefusal?.({ status: problem.status, code, method, path });
  };
}
