/** Catalog import validation against the contract, and the demo catalog that must pass it. */
import { describe, expect, it } from 'vitest';
import { validateImportFile } from '../../../server/catalog/import-schema.js';
import { demoCatalog, demoCatalogBatches, demoEpisodeId, demoSeriesId } from '../../../server/demo/catalog.js';
import type { ImportSeries } from '../../../server/store/index.js';
import { eid, episode, series, sid } from '../../store/fixtures.js';

/** A JSON round trip, as the CLI reads files. */
const asFile = (s: ImportSeries[]) => JSON.parse(JSON.stringify({ series: s })) as { series: Array<Record<string, unknown>> };

function errorsOf(data: unknown) {
  const result = validateImportFile(data);
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.errors;
}

describe('validateImportFile', () => {
  it('accepts a valid file and returns its series', () => {
    const file = asFile([series(sid(1), { episodes: [episode(eid(1))] })]);
    const result = validateImportFile(file);
    expect(result).toEqual({ ok: true, series: file.series });
  });

  it('rejects a document that is not { series: [...] }', () => {
    expect(errorsOf(null)).toEqual([{ pointer: '', message: 'must be object' }]);
    expect(errorsOf({})).toEqual([{ pointer: '/series', message: 'is required' }]);
    expect(errorsOf({ series: [], extra: 1 })).toEqual([{ pointer: '/extra', message: 'is not allowed here (unknown or derived field)' }]);
  });

  it('points at each invalid field with the contract rule it breaks', () => {
    const file = asFile([series(sid(1), { episodes: [episode(eid(1))] })]);
    const s = file.series[0]!;
    s['id'] = 'series-1';
    s['title'] = ' padded ';
    s['genres'] = ['drama', 'drama'];
    s['status'] = 'cancelled';
    delete s['synopsis'];
    s['episode_count'] = 3; // derived by the store, not accepted from files
    (s['availability'] as Record<string, unknown>)['starts_at'] = '2026-01-01T00:00:00'; // no offset
    ((s['episodes'] as Array<Record<string, unknown>>)[0]!)['duration_seconds'] = 0;
    const errors = errorsOf(file);
    const pointers = errors.map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining([
      '/series/0/id', '/series/0/title', '/series/0/genres', '/series/0/status', '/series/0/synopsis',
      '/series/0/episode_count', '/series/0/availability/starts_at', '/series/0/episodes/0/duration_seconds',
    ]));
    expect(errors).toContainEqual({ pointer: '/series/0/synopsis', message: 'is required' });
    expect(errors).toContainEqual({ pointer: '/series/0/status', message: 'must be equal to one of the allowed values: returning, ended, limited' });
  });

  it('reports a nullable field by its real rule, not the null branch', () => {
    const file = asFile([series(sid(1))]);
    file.series[0]!['end_year'] = 1700;
    expect(errorsOf(file)).toEqual([{ pointer: '/series/0/end_year', message: 'must be >= 1888' }]);
  });

  it('checks rules across fields and items', () => {
    const file = asFile([
      series(sid(1), {
        seasons: [{ season_number: 1, title: 'S1', release_year: 2024 }, { season_number: 1, title: 'Again', release_year: 2024 }],
        end_year: 2020,
        availability: { starts_at: '2026-01-01T00:00:00Z', ends_at: '2025-01-01T00:00:00Z', territories: ['GB'] },
        episodes: [episode(eid(1)), episode(eid(2)), episode(eid(3), { season_number: 7 })],
      }),
      series(sid(1), { episodes: [episode(eid(1), { episode_number: 2 })] }),
    ]);
    expect(errorsOf(file)).toEqual([
      { pointer: '/series/0/end_year', message: 'must not be before release_year 2024' },
      { pointer: '/series/0/availability/ends_at', message: 'must be after starts_at' },
      { pointer: '/series/0/seasons/1/season_number', message: 'duplicate season_number 1' },
      { pointer: '/series/0/episodes/1/episode_number', message: 'duplicate episode 1 in season 1' },
      { pointer: '/series/0/episodes/2/season_number', message: "season 7 is not in this series' seasons" },
      { pointer: '/series/1/id', message: `duplicate series id ${sid(1)} (first at /series/0/id)` },
      { pointer: '/series/1/episodes/0/id', message: `duplicate episode id ${eid(1)} (first at /series/0/episodes/0/id)` },
    ]);
  });
});

describe('demo catalog', () => {
  it('validates against the import schema and has the expected size', () => {
    const catalog = demoCatalog();
    expect(catalog).toHaveLength(36);
    const result = validateImportFile(asFile(catalog));
    expect(result.ok ? [] : result.errors).toEqual([]);
    const ids = catalog.flatMap((s) => [s.id, ...s.episodes.map((e) => e.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of catalog) {
      expect(s.seasons.length).toBeGreaterThanOrEqual(1);
      expect(s.seasons.length).toBeLessThanOrEqual(4);
    }
  });

  it("includes the contract's example series and episodes", () => {
    const catalog = demoCatalog();
    const byId = new Map(catalog.map((s) => [s.id, s]));
    expect(byId.get('ser_7hx2k9qmbd')).toMatchObject({ title: 'The Lighthouse Keepers', status: 'returning' });
    expect(byId.get('ser_3fz8w1rtnc')).toMatchObject({ title: 'Paper Harbour', status: 'ended' });
    expect(byId.get('ser_9kd4p6vyja')).toMatchObject({ title: 'Small Hours', status: 'limited' });
    const lighthouse = byId.get('ser_7hx2k9qmbd')!;
    expect(lighthouse.episodes.length).toBe(16);
    expect(lighthouse.episodes.slice(0, 2).map((e) => [e.id, e.title])).toEqual([['ep_4mq8z2xkwt', 'The First Light'], ['ep_6rc1v8njpd', 'Fog Signal']]);
    expect(byId.get('ser_3fz8w1rtnc')!.episodes.length).toBe(18);
    expect(byId.get('ser_9kd4p6vyja')!.episodes.length).toBe(6);
  });

  it('has episodes outside their availability window on both sides', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const episodes = demoCatalog().flatMap((s) => s.episodes);
    const future = episodes.filter((e) => Date.parse(e.availability.starts_at) > now);
    const expired = episodes.filter((e) => e.availability.ends_at !== null && Date.parse(e.availability.ends_at) < now);
    expect(future.length).toBeGreaterThan(0);
    expect(expired.length).toBeGreaterThan(0);
    expect(future.length + expired.length).toBeLessThan(episodes.length / 5);
  });

  it('is deterministic, independent of batch size, and varies content (not ids) with the seed', () => {
    const a = demoCatalog({ series: 12 });
    expect(demoCatalog({ series: 12 })).toEqual(a);
    expect([...demoCatalogBatches({ series: 12, batchSize: 5 })].map((b) => b.length)).toEqual([5, 5, 2]);
    expect([...demoCatalogBatches({ series: 12, batchSize: 5 })].flat()).toEqual(a);
    const b = demoCatalog({ series: 12, seed: 2 });
    expect(b.map((s) => s.id)).toEqual(a.map((s) => s.id));
    expect(b.slice(3).map((s) => s.title)).not.toEqual(a.slice(3).map((s) => s.title));
    expect(demoCatalog({ series: 5, episodesPerSeason: 3 }).slice(3).every((s) => s.episodes.length === 3 * s.seasons.length)).toBe(true);
  });

  it('derives well-formed, distinct ids from indexes, at benchmark scale too', () => {
    const seen = new Set<string>();
    for (const i of [0, 1, 2, 3, 4, 99_998, 99_999]) {
      const id = demoSeriesId(i);
      expect(id).toMatch(/^ser_[0-9a-z]{10}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(7);
    expect(demoEpisodeId(99_999, 4, 10)).toMatch(/^ep_[0-9a-z]{10}$/);
    expect(demoEpisodeId(99_999, 4, 10)).not.toBe(demoEpisodeId(99_998, 4, 10));
  });
});
