/** `catalog import` and `series list` against a real SQLite file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasStackTrace, tempCli, type TempCli } from '../helpers/cli.js';
import { catalogFile, importDocument, makeSeries, seriesIdOf } from './fixtures.js';

interface ImportReport {
  series_total: number;
  series_changed: number;
  series_unchanged: number;
  episodes_changed: number;
}
interface SeriesRow {
  id: string;
  title: string;
  season_count: number;
  episode_count: number;
  updated_at: string;
}

let cli: TempCli;
beforeEach(async () => {
  cli = await tempCli();
});
afterEach(() => cli.cleanup());

const listSeries = async () => (await cli.json<{ series: SeriesRow[] }>('series', 'list')).series;

describe('catalog import', () => {
  it('imports a file, lists it, and reports nothing changed on a second import of the same file', async () => {
    const file = await cli.file('catalog.json', catalogFile(3, 2, 2));
    const first = await cli.json<ImportReport>('catalog', 'import', file);
    expect(first).toMatchObject({ series_total: 3, series_changed: 3, series_unchanged: 0, episodes_changed: 12 });

    const series = await listSeries();
    expect(series.map((s) => s.id)).toEqual([seriesIdOf(1), seriesIdOf(2), seriesIdOf(3)]);
    expect(series[0]).toMatchObject({ title: 'Series 1', season_count: 2, episode_count: 4 });

    const second = await cli.json<ImportReport>('catalog', 'import', file);
    expect(second).toMatchObject({ series_total: 3, series_changed: 0, series_unchanged: 3, episodes_changed: 0 });
    expect(await listSeries()).toEqual(series);

    const text = await cli.run('series', 'list');
    expect(text.code).toBe(0);
    for (const s of series) expect(text.stdout).toContain(s.id);
  });

  it('with --dry-run says what the import would change and writes nothing', async () => {
    await cli.json('catalog', 'import', await cli.file('v1.json', catalogFile(2)));
    const before = await listSeries();
    const [s1, s2] = catalogFile(2).series;
    const file = await cli.file('v2.json', importDocument([{ ...s1!, title: 'Series 1, retitled' }, s2!, catalogFile(3).series[2]!]));
    const report = await cli.json<Record<string, unknown>>('catalog', 'import', file, '--dry-run');
    expect(report).toEqual({
      file, dry_run: true, series_total: 3, series_added: 1, series_changed: 1, series_unchanged: 1, episodes_added: 2, episodes_changed: 0, episodes_removed: 0,
    });
    expect(await listSeries()).toEqual(before);
    const text = await cli.run('catalog', 'import', file, '--dry-run');
    expect([text.code, text.stdout]).toEqual([0, expect.stringContaining(`added ${seriesIdOf(3)} Series 3`)]);
  });

  it('counts only the series and episodes whose content changed', async () => {
    const doc = catalogFile(3);
    await cli.json('catalog', 'import', await cli.file('v1.json', doc));
    const before = await listSeries();

    const [s1, s2, s3] = doc.series;
    const changed = importDocument([s1!, { ...s2!, title: 'Series 2, retitled' }, { ...s3!, episodes: s3!.episodes.map((e, i) => (i === 0 ? { ...e, duration_seconds: 3000 } : e)) }]);
    const report = await cli.json<ImportReport>('catalog', 'import', await cli.file('v2.json', changed));
    expect(report).toMatchObject({ series_changed: 2, series_unchanged: 1, episodes_changed: 1 });

    const after = await listSeries();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.title).toBe('Series 2, retitled');
    expect(after[1]?.updated_at).not.toBe(before[1]?.updated_at);
  });

  it('imports a large file in batches with progress on stderr, keeping stdout one JSON document', async () => {
    const file = await cli.file('big.json', catalogFile(5));
    const result = await cli.run('catalog', 'import', file, '--batch-size', '2', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ series_total: 5, series_changed: 5, episodes_changed: 10 });
    // One progress line per batch: 2, 4 and 5 of 5.
    expect(result.stderr.trim().split('\n')).toHaveLength(3);
    expect(result.stderr).toContain('5/5');
    expect(await listSeries()).toHaveLength(5);

    const small = await cli.run('catalog', 'import', file, '--json');
    expect(small.code).toBe(0);
    expect(small.stderr).toBe('');
    expect(JSON.parse(small.stdout)).toMatchObject({ series_changed: 0, series_unchanged: 5 });
  });

  it('writes nothing when any series fails validation, even with a valid first batch', async () => {
    const broken = catalogFile(3);
    const bad = { ...broken.series[2]!, title: '', id: 'ser_BAD' };
    const file = await cli.file('bad.json', { ...broken, series: [broken.series[0], broken.series[1], bad] });

    const result = await cli.run('catalog', 'import', file, '--batch-size', '1', '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const { error } = JSON.parse(result.stderr) as { error: { details: { errors: Array<{ pointer: string; message: string }> } } };
    const pointers = error.details.errors.map((e) => e.pointer);
    expect(pointers.length).toBeGreaterThanOrEqual(2);
    for (const p of pointers) expect(p).toMatch(/^\/series\/2\//);

    const text = await cli.run('catalog', 'import', file);
    expect(text.code).toBe(2);
    for (const p of pointers) expect(text.stderr).toContain(p);
    expect(hasStackTrace(text.stderr)).toBe(false);

    expect(await listSeries()).toEqual([]);
  });

  it('rejects a file that is not JSON (exit 2) and a missing file (exit 1), writing nothing', async () => {
    await cli.json('catalog', 'import', await cli.file('one.json', catalogFile(1)));
    const before = await listSeries();

    const notJson = await cli.run('catalog', 'import', await cli.file('x.json', '{"series": ['));
    expect(notJson.code).toBe(2);
    const missing = await cli.run('catalog', 'import', `${cli.dir}/missing.json`);
    expect(missing.code).toBe(1);
    const wrongShape = await cli.run('catalog', 'import', await cli.file('arr.json', [makeSeries(9)]));
    expect(wrongShape.code).toBe(2);

    for (const r of [notJson, missing, wrongShape]) {
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toBe('');
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(await listSeries()).toEqual(before);
  });
});
