import { describe, expect, it } from 'vitest';
import { bearer, startServer } from '../helpers/server.js';

describe('request logs', () => {
  it('write one JSON line per request with request id, partner id, operationId, status and latency', async () => {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'] });
    const token = await server.token(partner);
    await fetch(`${server.url}/api/partner/content/series/ser_7hx2k9qmbd`, { headers: { ...bearer(token), 'X-Request-Id': 'trace-me-1' } });
    const line = server
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, any>)
      .find((l) => l.requestId === 'trace-me-1' && l.res);
    expect(line).toMatchObject({ partnerId: partner.id, operationId: 'getSeries', res: { statusCode: 200 } });
    expect(typeof line!.responseTime).toBe('number');
    expect(line!.req).toEqual({ method: 'GET', url: '/api/partner/content/series/ser_7hx2k9qmbd' });
    const auth = server.logs().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.operationId === 'authenticate' && l.res);
    expect(auth).toMatchObject({ partnerId: partner.id, res: { statusCode: 200 } });
  });

  it('serves the bundled contract at /openapi.json', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/partner/content/catalog');
  });
});
