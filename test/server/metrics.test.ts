import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMetricsServer } from '../../server/platform/metrics.js';
import { bearer, startServer } from '../helpers/server.js';

describe('metrics', () => {
  it('exposes request counts and latency by operation and status, rate-limit rejections, the usage buffer and process metrics', async () => {
    const server = await startServer();
    const metricsServer = createMetricsServer(server.runtime.metrics);
    await new Promise<void>((r) => metricsServer.listen(0, '127.0.0.1', r));
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
