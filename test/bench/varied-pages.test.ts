/**
 * `npm run bench:varied` measures what partners send only if the server answers it: its catalog
 * pages (scripts/lib/bench-queries.ts) are mostly continued with cursors the bench signs with the
 * key it gives its server. Here a server started with such a key answers a sample of them with
 * pages, and with another key (the control) refuses them as invalid cursors. The list's mix is
 * checked too: distinct, a fifth with updated_since, nearly all past the first page.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedCatalogCursors, variedCatalogPages } from '../../scripts/lib/bench-queries.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

const key = { id: 'bench', secret: randomBytes(32) };
const UPDATED_AT = '2026-01-15T00:00:00.000Z';

describe('the varied catalog pages of bench:varied', () => {
  let server: TestServer;
  let token: string;
  let partnerId: string;
  /** A server with the bench's cursor key, for the current test (startServer closes it after). */
  async function start() {
    // As bench:varied starts its server: its key, and rate limits out of the way.
    server = await startServer({ env: { CURSOR_SIGNING_KEYS: `${key.id}=${key.secret.toString('base64url')}`, BENCH_RATE_LIMIT_MULTIPLIER: '1000000' } });
    const partner = await server.partner();
    partnerId = partner.id;
    token = await server.token(partner);
  }

  /** Each path's problem code, or its status when it is not a problem document; ten at a time, as the bench's clients. */
  const outcomes = async (paths: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < paths.length; i += 10) {
      out.push(
        ...(await Promise.all(
          paths.slice(i, i + 10).map(async (path) => {
            const response = await fetch(server.url + path, { headers: bearer(token) });
            const body = (await response.json()) as { code?: string };
            return response.ok ? String(response.status) : `${response.status} ${body.code}`;
          }),
        )),
      );
    }
    return new Set(out);
  };

  it('are mostly pages past the first, a fifth since an instant, every one distinct', () => {
    const pages = variedCatalogPages(5_000, 17, signedCatalogCursors({ partnerId: 'ptn_aaaaaaaaaa', series: 1000, updatedAt: UPDATED_AT }, key));
    expect(new Set(pages).size).toBe(5_000);
    const share = (part: string) => pages.filter((p) => p.includes(part)).length / pages.length;
    expect(share('cursor=')).toBeGreaterThan(0.9);
    expect(share('updated_since=')).toBeGreaterThan(0.15);
    expect(share('updated_since=')).toBeLessThan(0.25);
  });

  it('are answered with pages by a server holding the bench key, and refused as bad cursors with another key', async () => {
    await start();
    const catalog = { partnerId, series: 1000, updatedAt: UPDATED_AT };
    const pages = variedCatalogPages(200, 5, signedCatalogCursors(catalog, key)).filter((p) => p.includes('cursor='));
    expect(pages.length).toBeGreaterThan(150);
    expect(await outcomes(pages)).toEqual(new Set(['200']));

    const forged = variedCatalogPages(50, 5, signedCatalogCursors(catalog, { id: 'bench', secret: randomBytes(32) })).filter((p) => p.includes('cursor='));
    expect(await outcomes(forged)).toEqual(new Set(['400 invalid_cursor']));
  });
});
