/** `series list`: the studio's whole catalog, without any partner's grant filter. */
import type { CatalogReads, SeriesSummaryDoc } from '../store/index.js';
import type { Command } from './command.js';
import { table } from './output.js';

/** Every series by id, following cursors to the end. */
async function allSeries(store: CatalogReads): Promise<SeriesSummaryDoc[]> {
  const all: SeriesSummaryDoc[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listAllSeries({ limit: 100, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return all;
}

const list: Command = {
  words: ['series', 'list'],
  usage: '',
  summary: 'list every series with its season and episode counts',
  arity: [0, 0],
  options: [],
  async run(ctx) {
    const series = (await allSeries(await ctx.store())).map((s) => ({
      id: s.id,
      title: s.title,
      season_count: s.season_count,
      episode_count: s.episode_count,
      updated_at: s.updated_at,
    }));
    ctx.out.result({ series }, () =>
      table(
        ['ID', 'SEASONS', 'EPISODES', 'UPDATED_AT', 'TITLE'],
        series.map((s) => [s.id, String(s.season_count), String(s.episode_count), s.updated_at, s.title]),
        'no series',
      ),
    );
  },
};

/** The series commands. */
export const seriesCommands: Command[] = [list];
