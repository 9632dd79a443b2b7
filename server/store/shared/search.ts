/**
 * Search, alike on both engines: the query's words (shared/search-terms.ts), an offset cursor,
 * the engine's ranking of the partner's readable hits (sqlite/search.ts, postgres/search.ts), and
 * the hits turned into the contract's SearchHits, all in one read snapshot so that a concurrent
 * import cannot make ranking and documents disagree.
 */
import type { Kysely } from 'kysely';
import { InvalidCursorError } from '../../errors.js';
import { queryFingerprint, type CursorCodec } from '../cursor.js';
import type { Page, SearchHitDoc, SearchQuery } from '../types.js';
import { episodeDoc, grantsOf, SERIES_SUMMARY_COLUMNS, seriesSummary } from './mapping.js';
import type { Database } from './schema.js';
import { normalizedScore, searchTokens } from './search-terms.js';

/**
 * The bounds both engines rank within (sqlite/search.ts, postgres/search.ts; docs/decisions.md,
 * "Search cost at catalog scale"): a query part in COMMON_MATCHES documents of an index or more
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

/** How the store runs the search's reads and how its engine ranks hits. */
export interface SearchEngine {
  readSnapshot<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R>;
  /** Readable hits for the tokens, best first then by id, from offset, at most limit. */
  rankHits(db: Kysely<Database>, request: RankRequest): Promise<RankedHit[]>;
}

/** One page of ranked hits; the cursor holds the offset of the next page. */
export async function search(engine: SearchEngine, query: SearchQuery, cursors: CursorCodec): Promise<Page<SearchHitDoc>> {
  const tokens = searchTokens(query.q);
  const fp = queryFingerprint('search', { partner: query.partnerId, tokens, type: query.type ?? null });
  const offset = query.cursor === undefined ? 0 : (cursors.decode(query.cursor, fp, ['number'])[0] as number);
  if (offset < 0) throw new InvalidCursorError();
  if (tokens.length === 0) return { items: [], nextCursor: null };
  const request = { partnerId: query.partnerId, tokens, type: query.type, limit: query.limit + 1, offset };
  return engine.readSnapshot(async (db) => {
    const hits = await engine.rankHits(db, request);
    const items = await hydrateHits(db, query.partnerId, hits.slice(0, query.limit));
    return { items, nextCursor: hits.length > query.limit ? cursors.encode(fp, [offset + query.limit]) : null };
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
    if (hit.type === 'series') {
      const row = seriesById.get(hit.id);
      if (row) out.push({ type: 'series', score: normalizedScore(hit.relevance), series: seriesSummary(row, grantsOf(row.can_read, row.can_stream)) });
    } else {
      const row = episodesById.get(hit.id);
      if (row) {
        const episode = { ...episodeDoc(row), grants: grantsOf(row.can_read, row.can_stream) };
        out.push({ type: 'episode', score: normalizedScore(hit.relevance), episode, series_title: row.series_title });
      }
    }
  }
  return out;
}
