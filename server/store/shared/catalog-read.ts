/**
 * Catalog reads, dialect-neutral (kysely query builder plus row-value comparisons, which SQLite
 * and PostgreSQL both support), as the CatalogReads door both engines assemble (catalogReads()).
 * Every listing pages by keyset: the cursor holds the sort key and id of the last row, so pages
 * stay consistent while rows are added elsewhere in the order.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { catalogFingerprint, MAX_CURSOR_LENGTH, queryFingerprint, type CursorCodec } from '../cursor.js';
import type { CatalogReads } from '../interfaces.js';
import type { CatalogQuery, Page, SeriesDoc, SeriesSummary } from '../records.js';
import type { StoreCore } from './core.js';
import { pageOf } from './paging.js';
import { episodeDoc, grantsOf, isoInstant, num, SERIES_SUMMARY_COLUMNS, seriesDoc, seriesSummary, seriesSummaryDoc, type SeriesSummaryRow } from './mapping.js';
import type { Database } from './schema.js';

/** The series with its seasons, or undefined (two statements: read them in one snapshot). */
async function getSeries(db: Kysely<Database>, id: string): Promise<SeriesDoc | undefined> {
  const row = await db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const seasons = await db.selectFrom('seasons').selectAll().where('series_id', '=', id).orderBy('season_number').execute();
  return seriesDoc(row, seasons);
}

/** The most series updated since an instant that a title page reads and sorts (listCatalog). */
const SINCE_SORT_ROWS = 1000;

/** How many series (of a genre) were updated since an instant, counted up to `max` in the instant's index. */
async function countUpTo(db: Kysely<Database>, genre: string | undefined, since: string, max: number): Promise<number> {
  const within = genre === undefined
    ? sql`select 1 from series where updated_at >= ${since} limit ${max}`
    : sql`select 1 from series_genres where genre = ${genre} and updated_at >= ${since} limit ${max}`;
  const { rows } = await sql<{ n: unknown }>`select count(*) as n from (${within}) as within_since`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** What one catalog page reads, once the cursor is decoded and the way a since-page is read decided. */
export interface CatalogPageSpec {
  partnerId: string;
  genre: string | undefined;
  sort: 'title' | 'updated_at';
  /** A UTC instant (isoInstant), or null for every series. */
  since: string | null;
  /** By title since an instant: walk the title index (true), or let the planner choose (false; SQLite reads the instant's index and sorts). */
  walk: boolean;
  /** The key (null: look it up by id) and id of the last row of the previous page. */
  after: [string | null, string] | undefined;
  /** Rows to read: the page's limit plus one. */
  rows: number;
}

/**
 * The page's statement. One index walked in the page's order, the partner's grant probed per row:
 * the page ends after limit + 1 hits instead of sorting every readable series (2 ms instead of
 * 120 ms at 100k series). Without a genre that is the series' own index of the sort key; with
 * one, the genre's copy of the keys (migrations/genre-sort-keys.ts), so only that genre's series
 * are visited, and a series row is read only for a row the partner may read.
 *
 * The grant is a correlated scalar subquery, not a join or EXISTS: once statistics exist
 * (ANALYZE, or PRAGMA optimize after an import), SQLite plans a join, a LEFT JOIN filtered on the
 * grant or EXISTS by reading every grant of the partner first and sorting them, or probing
 * through a Bloom filter built from all of them, on every page (0.09 -> 6.3 ms at 100k series);
 * PostgreSQL can choose a hash join over them. A scalar subquery is probed per row whatever the
 * statistics (test/unit/store/catalog-plan.test.ts asks SQLite's planner, with statistics). On SQLite
 * each probe is one b-tree descent: partner_grants is a WITHOUT ROWID table
 * (migrations/sqlite-grants-without-rowid.ts). `<> 0` rather than `= 1` (the flag is 0 or 1, no
 * grant row is null): PostgreSQL guesses that an equality on a subquery keeps 0.5% of rows and
 * then reads the whole genre and sorts it (105 ms); for an inequality it guesses 99.5% and walks
 * the index in order until the page is full (1.4 ms).
 */
export function catalogPageQuery(p: CatalogPageSpec): RawBuilder<SeriesSummaryRow & { can_stream: unknown }> {
  const k = p.genre === undefined ? 's' : 'k';
  const id = sql.ref(k === 's' ? 's.id' : 'k.series_id');
  const key = sql.ref(`${k}.${p.sort === 'title' ? 'sort_title' : 'updated_at'}`);
  const grant = (column: 'can_read' | 'can_stream') => sql`(select g.${sql.ref(column)} from partner_grants g where g.partner_id = ${p.partnerId} and g.series_id = ${id})`;
  const conditions = [sql`${grant('can_read')} <> 0`];
  if (p.genre !== undefined) conditions.unshift(sql`k.genre = ${p.genre}`, sql`s.id = k.series_id`);
  if (p.since !== null) {
    // `|| ''` keeps the engine from starting its walk at the instant: a title walk reads the title
    // index, and a page by updated_at after a cursor starts at the cursor, which lies at or after
    // the instant (its key is a row of this listing). Started at the instant, SQLite would pass
    // over every row before the cursor that shares its updated_at, as a bulk import's series all do.
    const updatedAt = sql.ref(`${k}.updated_at`);
    const fromCursor = p.sort === 'updated_at' && p.after !== undefined;
    conditions.push(p.walk || fromCursor ? sql`${updatedAt} || '' >= ${p.since}` : sql`${updatedAt} >= ${p.since}`);
  }
  if (p.after !== undefined) {
    const [after, afterId] = p.after;
    // A null key means the key was too long for a cursor: look it up again by id.
    const afterKey = after ?? sql`(select sort_title from series where id = ${afterId})`;
    conditions.push(sql`(${key}, ${id}) > (${afterKey}, ${afterId})`);
  }
  // The summary's columns only, not synopses: a third less SQLite time per page. SQLite keeps a
  // CROSS JOIN's tables in the order written; PostgreSQL plans it as an inner join.
  const columns = sql.join(SERIES_SUMMARY_COLUMNS.map((c) => sql.ref(`s.${c}`)));
  const from = k === 's' ? sql`series s` : sql`series_genres k cross join series s`;
  return sql<SeriesSummaryRow & { can_stream: unknown }>`
    select ${columns}, ${grant('can_stream')} as can_stream from ${from}
    where ${sql.join(conditions, sql` and `)}
    order by ${key}, ${id} limit ${p.rows}`;
}

/**
 * How a title page since an instant is read: counted first (`count`), or as the engine's planner
 * chooses from its statistics of the instants (`planner`).
 */
export type SinceReading = 'count' | 'planner';

/** The partner's readable series, filtered and sorted, one page. */
async function listCatalog(db: Kysely<Database>, q: CatalogQuery, cursors: CursorCodec, sinceReading: SinceReading): Promise<Page<SeriesSummary>> {
  const since = q.updatedSince === undefined ? null : isoInstant(q.updatedSince);
  const fp = catalogFingerprint({ partnerId: q.partnerId, genre: q.genre ?? null, since, sort: q.sort });
  // By title since an instant, the engine may walk the title index checking each series'
  // instant, or read every series updated since then and sort them. Neither is right for every
  // instant (an old one: a sort of the whole catalog, 41 ms; a recent one: a walk of all of it).
  // SQLite has no statistics to tell: counting up to SINCE_SORT_ROWS does (fewer, and the sort is
  // small; that many or more, and a page is found near the walk's start), in a statement of its
  // own. PostgreSQL's histogram of the instants tells its planner the same from the statement
  // itself (test/store/postgres-catalog-plan.test.ts), a round trip fewer.
  const walk = sinceReading === 'count' && since !== null && q.sort === 'title' && (await countUpTo(db, q.genre, since, SINCE_SORT_ROWS)) >= SINCE_SORT_ROWS;
  const after = q.cursor === undefined
    ? undefined
    : (cursors.decode(q.cursor, fp, [q.sort === 'title' ? 'string|null' : 'string', 'string']) as [string | null, string]);
  const { rows } = await catalogPageQuery({ partnerId: q.partnerId, genre: q.genre, sort: q.sort, since, walk, after, rows: q.limit + 1 }).execute(db);

  return pageOf(
    rows,
    q.limit,
    (row) => seriesSummary(row, grantsOf(1, row.can_stream)),
    (last) => {
      const lastKey = q.sort === 'title' ? last.sort_title : last.updated_at;
      const cursor = cursors.encode(fp, [lastKey, last.id]);
      return cursor.length <= MAX_CURSOR_LENGTH ? cursor : cursors.encode(fp, [null, last.id]);
    },
  );
}

/** The catalog door both engines share; `sinceReading` is how the engine reads a title page since an instant. */
export function catalogReads(core: StoreCore, sinceReading: SinceReading): CatalogReads {
  const { db } = core;
  return {
    seriesExists: (id) => core.guard(async () => (await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst()) !== undefined),
    getSeries: (id) => core.guard(() => core.readSnapshot((snapshot) => getSeries(snapshot, id))),
    getEpisode: (id) =>
      core.guard(async () => {
        const row = await db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
        return row && episodeDoc(row);
      }),
    listCatalog: (query) => core.paged(query, () => listCatalog(db, query, core.cursors, sinceReading)),
    /** A series' episodes in (season, episode) order, optionally one season, one page. */
    listEpisodes: (q) =>
      core.paged(q, async () => {
        const fp = queryFingerprint('episodes', { series: q.seriesId, season: q.season ?? null });
        let query = db.selectFrom('episodes').selectAll().where('series_id', '=', q.seriesId);
        if (q.season !== undefined) query = query.where('season_number', '=', q.season);
        if (q.cursor !== undefined) {
          const [season, episode, id] = core.cursors.decode(q.cursor, fp, ['number', 'number', 'string']);
          query = query.where(sql<boolean>`(season_number, episode_number, id) > (${season}, ${episode}, ${id})`);
        }
        const rows = await query.orderBy('season_number').orderBy('episode_number').orderBy('id').limit(q.limit + 1).execute();
        return pageOf(rows, q.limit, episodeDoc, (last) => core.cursors.encode(fp, [Number(last.season_number), Number(last.episode_number), last.id]));
      }),
    /** Every series by id (the studio's view), one page. */
    listAllSeries: (page) =>
      core.paged(page, async () => {
        const fp = queryFingerprint('all-series', {});
        let query = db.selectFrom('series').selectAll();
        if (page.cursor !== undefined) {
          const [id] = core.cursors.decode(page.cursor, fp, ['string']) as [string];
          query = query.where('id', '>', id);
        }
        const rows = await query.orderBy('id').limit(page.limit + 1).execute();
        return pageOf(rows, page.limit, seriesSummaryDoc, (last) => core.cursors.encode(fp, [last.id]));
      }),
    countSeries: () => core.guard(async () => num((await db.selectFrom('series').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)),
  };
}
