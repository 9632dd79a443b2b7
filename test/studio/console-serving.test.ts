/** The studio listener serves the console: its page for every console route, its hashed assets, and nothing else under its name. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DIST } from '../../server/platform/paths.js';
import { startServer } from '../helpers/server.js';

describe('the console on the studio listener', () => {
  it('answers every console route with its page, under a CSP of its own origin only', async () => {
    const server = await startServer();
    for (const path of ['/', '/partners', '/partners/ptn_0000000000', '/audit?partner_id=x']) {
      const res = await fetch(`${server.studioUrl}${path}`);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=utf-8']);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="app">');
    }
    // The partner listener serves none of it.
    expect((await fetch(`${server.url}/partners`)).status).toBe(404);
  });

  it('serves hashed assets for a year, and a missing one as a problem document', async () => {
    const server = await startServer();
    const asset = readdirSync(join(CONSOLE_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await fetch(`${server.studioUrl}/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.studioUrl}/assets/nope-123.js`);
    expect([missing.status, missing.headers.get('content-type'), ((await missing.json()) as { code: string }).code]).toEqual([404, 'application/problem+json; charset=utf-8', 'not_found']);
    // Changes never reach the page: only GET and HEAD are the console's.
    expect((await fetch(`${server.studioUrl}/partners`, { method: 'POST' })).status).toBe(404);
  });
});
