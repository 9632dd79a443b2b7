/**
 * The ceiling of `npm run bench`: a bare Express 5 app that answers every benchmarked URL with
 * the exact bytes and content type the real server answered it with once, and nothing else (no
 * validation, auth, limits, logging or store). What the real server costs above this is the
 * price of what it does per request.
 *
 * Usage: tsx scripts/bench-bare.ts <responses.json> [--app-prototypes]   (prints "bare listening on http://127.0.0.1:<port>")
 * --app-prototypes serves it through server/http/app-server.ts, as the real server is served: the same
 * app with requests made with Express's prototypes (for comparison: not the bare ceiling).
 * responses.json: { "<path with query>": { "contentType": "...", "body": "<base64>" }, ... }
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAppServer } from '../server/http/app-server.js';

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, { contentType: string; body: string }>;
const responses = new Map(Object.entries(recorded).map(([path, r]) => [path, { contentType: r.contentType, body: Buffer.from(r.body, 'base64') }]));

const app = express();
app.disable('x-powered-by');
app.get('/{*any}', (req, res) => {
  const r = responses.get(req.originalUrl);
  if (!r) return void res.status(404).end();
  res.setHeader('Content-Type', r.contentType);
  res.send(r.body);
});

const server = process.argv.includes('--app-prototypes') ? createAppServer(app) : createServer(app);
server.listen(0, '127.0.0.1', () => {
  console.log(`bare listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
server.keepAliveTimeout = 65_000;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
