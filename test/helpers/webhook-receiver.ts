/**
 * A real local HTTP receiver for webhook tests: records every request (headers and raw body) and
 * answers as the test says: `ok` (204), `down` (503), or `hang` (never answers, until set back).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (null: it hung). */
  status: number | null;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The webhook-ids it answered 2xx, in order. */
  accepted(): string[];
  mode: 'ok' | 'down' | 'hang';
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const hung: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    mode: 'ok',
    accepted: () => receiver.received.filter((r) => r.status !== null && r.status < 300).map((r) => String(r.headers['webhook-id'])),
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const mode = receiver.mode;
      const status = mode === 'ok' ? 204 : mode === 'down' ? 503 : null;
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      if (status === null) hung.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
