/**
 * Search, alike on both engines: the query's words (shared/search-terms.ts), an offset cursor,
 * the engine's ranking of the partner's readable hits (sqlite/search.ts, postgres/search.ts), and
 * the hits turned into the contract's SearchHits, ranking and documents read as of one moment so
 * that a concurrent import cannot make them disagree: in one read snapshot (rankThenHydrate,
 * SQLite), or in one statement (postgres/search-page.ts, where each statement is a round trip).
 */
import type { Kysely } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import { InvalidCursorError } from '../errors.js';
import type { CatalogSearch } from '../interfaces.js';
import type { SearchHitDoc } from '../records.js';
import type { StoreCore } from './core.js';
import { episodeDoc, grantsOf, SERIES_SUMMARY_COLUMNS, seriesSummary, type EpisodeRow, type SeriesSummaryRow } from './mapping.js';
import type { Database } from './schema.js';
import { normalizedScore, searchTokens } from './search-terms.js';

/**
 * The bounds both engines rank within (sqlite/search.ts, postgres/search.ts;
 * docs/decisions/0024-search-results-for-common-words.md): a query part in COMMON_MATCHES documents of an index or more
 * switches the query from exact ranking to blocks (title matches of series, of episodes, then the
 * other matches of each), each block reading at most SCAN_LIMIT matches, the whole query paging
 * through at most MAX_BOUNDED_HITS hits; the last word completes to at most MAX_COMPLETIONS words.
 */
export const COMMON_MATCHES = 1_000;
export const MAX_BOUNDED_HITS = 1_000;
export const SCAN_LIMIT = 5_000;
export const MAX_COMPLETIONS = 32;

/** The relevance of a block's hits: title blocks above the others, and within each, the query's first index (series) above its second. */
export function blockRelevance(titles: boolean, indexPosition: number): number {
  return (titles ? 4 : 2) - indexPosition;
}

/** What an engine's full-text search is asked: readable series of one partner only. */
export interface RankRequest {
  partnerId: string;
  tokens: string[];
  type: 'series' | 'episode' | undefined;
  limit: number;
  offset: number;
}

/** One page of hits with their documents, and whether more follow it. */
export interface HitsPage {
  items: SearchHitDoc[];
  more: boolean;
}

/**
 * How an engine answers a page: the partner's readable hits for the tokens with their documents,
 * best first then by id, at most `request.limit` from `request.offset`, ranking and documents
 * read as of one moment, so that a concurrent import cannot make them disagree.
 */
export type SearchPage = (request: RankRequest) => Promise<HitsPage>;

/** The search door both engines share over their SearchPage: one page of ranked hits, the cursor holding the offset of the next page. */
export function catalogSearch(core: StoreCore, page: SearchPage): CatalogSearch {
  return {
    search: (query) =>
      core.paged(query, async () => {
        const tokens = searchTokens(query.q);
        const fp = queryFingerprint('search', { partner: query.partnerId, tokens, type: query.type ?? null });
        const offset = query.cursor === undefined ? 0 : (core.cursors.decode(query.cursor, fp, ['number'])[0] as number);
        if (offset < 0) throw new InvalidCursorError();
        if (tokens.length === 0) return { items: [], nextCursor: null };
        const { items, more } = await page({ partnerId: query.partnerId, tokens, type: query.type, limit: query.limit, offset });
        return { items, nextCursor: more ? core.cursors.encode(fp, [offset + query.limit]) : null };
      }),
  };
}

/**
 * A SearchPage that ranks first (one hit more than the page, to tell whether more follow), then
 * reads the page's documents, both in one read snapshot: for an engine whose statements cost no
 * round trip (SQLite).
 */
export function rankThenHydrate(
  readSnapshot: <R>(fn: (db: Kysely<Database>) => Promise<R>) => Promise<R>,
  rankHits: (db: Kysely<Database>, request: RankRequest) => Promise<RankedHit[]>,
): SearchPage {
  return (request) =>
    readSnapshot(async (db) => {
      const hits = await rankHits(db, { ...request, limit: request.limit + 1 });
      return { items: await hydrateHits(db, request.partnerId, hits.slice(0, request.limit)), more: hits.length > request.limit };
    });
}

/** A ranked search hit before hydration: what the engine's full-text index returns. */
export interface RankedHit {
  type: 'series' | 'episode';
  id: string;
  /** Engine relevance, >= 0, higher is better. */
  relevance: number;
}

/** Turns ranked hits into the contract's SearchHits (documents plus the partner's grants), keeping order. */
async function hydrateHits(db: Kysely<Database>, partnerId: string, hits: RankedHit[]): Promise<SearchHitDoc[]> {
  const seriesIds = hits.filter((h) => h.type === 'series').map((h) => h.id);
  const episodeIds = hits.filter((h) => h.type === 'episode').map((h) => h.id);
  const seriesRows = seriesIds.length === 0 ? [] : await db
    .selectFrom('series as s')
    .innerJoin('partner_grants as g', (j) => j.onRef('g.series_id', '=', 's.id').on('g.partner_id', '=', partnerId))
    .select(SERIES_SUMMARY_COLUMNS.map((c) => `s.${c}` as const))
    .select(['g.can_read', 'g.can_stream'])
    .where('s.id', 'in', seriesIds)
    .execute();
  // Episodes first, by id: SQLite keeps CROSS JOIN's order as written. As inner joins its
  // planner walked all of the partner's grants instead (340 ms for 25 hits at 100k granted
  // series, 0.5 ms this way). PostgreSQL plans it like an inner join.
  const episodeRows = episodeIds.length === 0 ? [] : await db
    .selectFrom('episodes as e')
    .crossJoin('series as s')
    .crossJoin('partner_grants as g')
    .selectAll('e')
    .select(['s.title as series_title', 'g.can_read', 'g.can_stream'])
    .where('e.id', 'in', episodeIds)
    .whereRef('s.id', '=', 'e.series_id')
    .whereRef('g.series_id', '=', 'e.series_id')
    .where('g.partner_id', '=', partnerId)
    .execute();
  const seriesById = new Map(seriesRows.map((r) => [r.id, r]));
  const episodesById = new Map(episodeRows.map((r) => [r.id, r]));

  const out: SearchHitDoc[] = [];
  for (const hit of hits) {
    const row = hit.type === 'series' ? seriesById.get(hit.id) : episodesById.get(hit.id);
    if (row) out.push(hitDoc(hit, row));
  }
  return out;
}

/** The columns a series hit's document needs (with the partner's grant flags). */
export type SeriesHitRow = SeriesSummaryRow & GrantFlags;
/** The columns an episode hit's document needs (with its series' title and the partner's grant flags). */
export type EpisodeHitRow = EpisodeRow & { series_title: string } & GrantFlags;
interface GrantFlags {
  can_read: unknown;
  can_stream: unknown;
}

/** A ranked hit and its row as the contract's SearchHit. */
export function hitDoc(hit: RankedHit, row: SeriesHitRow | EpisodeHitRow): SearchHitDoc {
  const grants = grantsOf(row.can_read, row.can_stream);
  if (hit.type === 'series') return { type: 'series', score: normalizedScore(hit.relevance), series: seriesSummary(row as SeriesHitRow, grants) };
  const episode = row as EpisodeHitRow;
  return { type: 'episode', score: normalizedScore(hit.relevance), episode: { ...episodeDoc(episode), grants }, series_title: episode.series_title };
}
