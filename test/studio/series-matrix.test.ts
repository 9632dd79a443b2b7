/**
 * The catalog's series as the console's grants matrix reads them (listStudioSeries): by title,
 * filtered by a part of the title, genre and one partner's grants, page by page, on both engines.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';
import { makeSeries } from '../cli/fixtures.js';

interface Row {
  id: string;
  title: string;
  genres: string[];
  grants?: string[];
}
interface List {
  items: Row[];
  next_cursor: string | null;
}

describe.each(serverEngines())('the series matrix (%s)', (_name, engine) => {
  it('filters by title, genre and a partner grants, and pages through every series by title', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const list = async (query: string) => {
      const res = await studio(server, owner, 'GET', `/api/studio/catalog/series?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as List;
    };
    const all: Row[] = [];
    let cursor: string | null = null;
    do {
      const page: List = await list(`limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(all.length).toBeGreaterThan(20);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const byTitle = [...all].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
    expect(all.map((s) => s.id)).toEqual(byTitle.map((s) => s.id));
    expect(all.every((s) => s.grants === undefined)).toBe(true);

    const { partner } = (await (await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Matrix Partner' })).json()) as { partner: { id: string } };
    const [a, b, c] = all;
    const set = await studio(server, owner, 'PUT', `/api/studio/partners/${partner.id}/grants`, {
      items: [
        { series_id: a!.id, grants: ['read'] },
        { series_id: b!.id, grants: ['read', 'stream'] },
        { series_id: c!.id, grants: ['read'] },
      ],
    });
    expect(set.status).toBe(200);
    const ids = (rows: Row[]) => rows.map((r) => r.id).sort();
    const withPartner = (query: string) => list(`partner_id=${partner.id}&limit=100&${query}`);
    expect(ids((await withPartner('grant=any')).items)).toEqual(ids([a!, b!, c!]));
    expect(ids((await withPartner('grant=read')).items)).toEqual(ids([a!, b!, c!]));
    expect((await withPartner('grant=stream')).items.map((r) => [r.id, r.grants])).toEqual([[b!.id, ['read', 'stream']]]);
    const none = (await withPartner('grant=none')).items;
    expect(none).toHaveLength(all.length - 3);
    expect(none.every((r) => r.grants?.length === 0)).toBe(true);

    // A part of the title, in another case: every match and nothing else.
    const word = b!.title.split(' ').find((w) => w.length > 3)!;
    const matches = (await list(`q=${encodeURIComponent(word.toUpperCase())}&limit=100`)).items;
    expect(ids(matches)).toEqual(ids(all.filter((s) => s.title.toLowerCase().includes(word.toLowerCase()))));
    const genre = a!.genres[0]!;
    const ofGenre = (await list(`genre=${genre}&limit=100`)).items;
    expect(ids(ofGenre)).toEqual(ids(all.filter((s) => s.genres.includes(genre))));
    // Wildcards in the title part are literal.
    expect((await list('q=%25&limit=100')).items).toEqual([]);
  });

  it('answers pages of up to 1,000 series (the console reaches the end of 100,000 in 100 reads), not more', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    await server.store.importCatalog(Array.from({ length: 1000 }, (_, i) => makeSeries(i + 1, 1, 1)), new Date(server.clock.now()).toISOString());
    const page = await studio(server, owner, 'GET', '/api/studio/catalog/series?limit=1000');
    expect(page.status).toBe(200);
    const first = (await page.json()) as List;
    expect(first.items).toHaveLength(1000);
    const rest = (await (await studio(server, owner, 'GET', `/api/studio/catalog/series?limit=1000&cursor=${first.next_cursor}`)).json()) as List;
    expect(rest.items).toHaveLength(36);
    const over = await studio(server, owner, 'GET', '/api/studio/catalog/series?limit=1001');
    expect([over.status, ((await over.json()) as { code: string }).code]).toEqual([400, 'validation_failed']);
  });

  it('answers 404 for the grants of a partner that does not exist', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, 'GET', '/api/studio/catalog/series?partner_id=ptn_0000000000&grant=any');
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'not_found']);
  });

  it('refuses a grant filter without a partner', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, 'GET', '/api/studio/catalog/series?grant=any');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
  });
});
