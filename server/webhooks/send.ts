/**
 * One delivery attempt: a POST over node:http(s) whose every connection resolves through
 * guardedLookup (address-guard.ts), with no redirect followed (a 3xx is a failure), bounded as a
 * whole by timeoutMs, reading at most MAX_BODY_BYTES of the answer (kept only as the error's hint).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkAddress, guardedLookup, type AddressPolicy } from './address-guard.js';

const MAX_BODY_BYTES = 4096;

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: AddressPolicy;
}

/** statusCode: the answer's (null: none came); ok: a 2xx; error: why it failed. */
export interface SendResult {
  statusCode: number | null;
  ok: boolean;
  error: string | null;
}

function readSome(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY_BYTES));
    res.on('data', (chunk: Buffer) => {
      if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
      size += chunk.length;
      // Enough read: the rest of a large answer is not waited for.
      if (size >= MAX_BODY_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}

export async function send(req: SendRequest): Promise<SendResult> {
  const url = new URL(req.url);
  // A literal address is not looked up: checked here instead.
  try {
    await checkAddress(req.policy, url.hostname);
  } catch (err) {
    return { statusCode: null, ok: false, error: (err as Error).message };
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const body = Buffer.from(req.body);
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': 'halcyon-webhooks/1' },
        lookup: guardedLookup(req.policy),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        void readSome(res).then((text) => {
          const ok = status >= 200 && status < 300;
          const error = ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}${text ? `: ${text.slice(0, 120)}` : ''}`;
          finish({ statusCode: status, ok, error });
        });
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`no answer within ${req.timeoutMs} ms`));
    }, req.timeoutMs);
    outgoing.on('error', (err) => finish({ statusCode: null, ok: false, error: err.message }));
    outgoing.end(body);
  });
}
