import { describe, expect, it } from 'vitest';
import { startCatalogImport } from '../../../server/services/catalog-import.js';
import type { ImportSeries } from '../../../server/store/index.js';

type Ctx = Parameters<typeof startCatalogImport>[0];

/** A store whose batches each take BATCH_MS on the injected clock, recording the pauses asked for between them. */
function rig(batchMs: number) {
  const clock = { t: 0 };
  const events: string[] = [];
  const store = {
    createImportJob: () => Promise.resolve(),
    updateImportJob: () => Promise.resolve(),
    afterBulkImport: () => Promise.resolve(),
    transact: () => Promise.resolve(),
    importCatalog: (batch: ImportSeries[]) => {
      clock.t += batchMs;
      events.push(`batch ${batch.length}`);
      return Promise.resolve({ seriesChanged: batch.length, seriesUnchanged: 0, episodesChanged: 0 });
    },
  };
  const ctx = { store, actor: { kind: 'cli', name: 'test' }, now: '2026-11-27T00:00:00.000Z' } as unknown as Ctx;
  const pause = (ms: number) => {
    events.push(`pause ${ms}`);
    clock.t += ms;
    return Promise.resolve();
  };
  return { ctx, events, pause, monotonic: () => clock.t };
}

const series = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `ser_${i}` }) as unknown as ImportSeries);

describe('import pacing', () => {
  it('pauses after each batch but the last for pause_percent of the time the batch took', async () => {
    const { ctx, events, pause, monotonic } = rig(40);
    const { done } = await startCatalogImport(ctx, series(5), { batchSize: 2, pausePercent: 150, pause, monotonic });
    expect((await done).state).toBe('succeeded');
    expect(events).toEqual(['batch 2', 'pause 60', 'batch 2', 'pause 60', 'batch 1']);
  });

  it('does not pause without a pause_percent', async () => {
    const { ctx, events, pause, monotonic } = rig(40);
    const { done } = await startCatalogImport(ctx, series(3), { batchSize: 1, pause, monotonic });
    expect((await done).state).toBe('succeeded');
    expect(events).toEqual(['batch 1', 'batch 1', 'batch 1']);
  });
});
