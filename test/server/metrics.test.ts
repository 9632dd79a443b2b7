import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowedHosts, refuseOtherHosts } from '../../server/http/host-header.js';
import { createMetricsServer, type Metrics } from '../../server/platform/metrics.js';
import { bearer, startServer } from '../helpers/server.js';

/** The metrics listener as server/main.ts builds it, on a free loopback port. */
async function listening(metrics: Metrics, hosts: string[]) {
  const metricsServer = createMetricsServer(metrics, refuseOtherHosts(hosts, 'METRICS_ALLOWED_HOSTS'));
  await new Promise<void>((r) => metricsServer.listen(0, '127.0.0.1', r));
  return metricsServer;
}

/** GET with the Host header a DNS-rebinding page's browser would send (fetch cannot set it). */
function withHost(port: number, path: string, host: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject).end();
  });
}

describe('metrics', () => {
  it('answers only its own host names (METRICS_ALLOWED_HOSTS, by default its loopback names): any other is refused with 421, whatever the path', async () => {
    const server = await startServer();
    const metricsServer = await listening(server.runtime.metrics, allowedHosts(undefined, '127.0.0.1', []));
    const configured = await listening(server.runtime.metrics, allowedHosts('metrics.internal:9464', '0.0.0.0', []));
    try {
      const port = (metricsServer.address() as AddressInfo).port;
      for (const host of ['attacker.example', `attacker.example:${port}`, '127.0.0.1.nip.io', 'metrics.internal:9464']) {
        for (const path of ['/metrics', '/other']) {
          const res = await withHost(port, path, host);
          expect([host, path, res.status, res.type]).toEqual([host, path, 421, 'application/problem+json']);
          expect(JSON.parse(res.body)).toMatchObject({ status: 421, code: 'misdirected_request' });
        }
      }
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost']) expect((await withHost(port, '/metrics', host)).status).toBe(200);
      const other = (configured.address() as AddressInfo).port;
      expect((await withHost(other, '/metrics', 'metrics.internal:9464')).status).toBe(200);
      expect((await withHost(other, '/metrics', `127.0.0.1:${other}`)).status).toBe(421);
    } finally {
      await Promise.all([metricsServer, configured].map((s) => new Promise((r) => s.close(r))));
    }
  });

  it('exposes request counts and latency by operation and status, rate-limit rejections, the usage buffer and process metrics', async () => {
    const server = await startServer();
    const metricsServer = await listening(server.runtime.metrics, allowedHosts(undefined, '127.0.0.1', []));
    try {
      const partner = await server.partner({ ser_7hx2k9qmbd: ['read'] });
      const token = await server.token(partner);
      await fetch(`${server.url}/api/partner/content/series/ser_7hx2k9qmbd`, { headers: bearer(token) });
      await fetch(`${server.url}/api/partner/auth/verify`, { headers: bearer(token) });
      // The Authentication limit is 10 a minute, one spent by token() above: the 10th here is refused.
      const credentials = JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret });
      for (let i = 0; i < 10; i++) await fetch(`${server.url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: credentials });
      const url = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
      const text = await (await fetch(url)).text();
      expect(text).toMatch(/partner_api_requests_total\{operation="getSeries",status="200"\} 1/);
      expect(text).toMatch(/partner_api_requests_total\{operation="verifyToken",status="200"\} 1/);
      expect(text).toMatch(/partner_api_requests_total\{operation="authenticate",status="429"\} 1/);
      expect(text).toMatch(/partner_api_request_duration_seconds_bucket\{le="\+Inf",operation="getSeries",status="200"\} 1/);
      expect(text).toMatch(/partner_api_rate_limited_total\{group="Authentication"\} 1/);
      expect(text).toMatch(/partner_api_usage_buffer_groups \d+/);
      expect(text).toMatch(/process_resident_memory_bytes \d+/);
      expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await new Promise((r) => metricsServer.close(r));
    }
  });
});
