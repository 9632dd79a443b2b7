/**
 * A PostgreSQL search page in two round trips: the dictionary (postgres/search.ts), then one
 * statement that ranks the hits and reads their documents and the partner's grants. One
 * statement is one snapshot, so ranking and documents agree without a transaction around them;
 * each statement saved is a round trip of protocol work and a socket write on the event loop and
 * in PostgreSQL, on the same cores (docs/decisions/0034-postgresql-search-ranking.md,
 * docs/performance.md#postgres-search-round-trips).
 */
import { sql, type Kysely } from 'kysely';
import { EPISODE_COLUMNS, SERIES_SUMMARY_COLUMNS } from '../shared/mapping.js';
import type { Database } from '../shared/schema.js';
import { hitDoc, type EpisodeHitRow, type HitsPage, type RankedHit, type RankRequest, type SeriesHitRow } from '../shared/search.js';
import { rankingStatement } from './search.js';

/**
 * The document columns of both kinds of hit, in one row shape: a column both kinds have is read
 * from whichever the hit is (the other side's join is null), the rest from their own side.
 */
const DOCUMENT_COLUMNS = sql.raw(
  [...new Set<string>([...SERIES_SUMMARY_COLUMNS, ...EPISODE_COLUMNS])]
    .map((c) => {
      const inSeries = (SERIES_SUMMARY_COLUMNS as readonly string[]).includes(c);
      const inEpisodes = (EPISODE_COLUMNS as readonly string[]).includes(c);
      return inSeries && inEpisodes ? `coalesce(s.${c}, e.${c}) as ${c}` : `${inSeries ? 's' : 'e'}.${c}`;
    })
    .join(', '),
);

type HitRow = Omit<RankedHit, 'id'> & SeriesHitRow & EpisodeHitRow;

/** One page of the partner's readable hits with their documents (shared/search.ts, SearchPage), on a search connection. */
export async function postgresSearchPage(db: Kysely<Database>, request: RankRequest): Promise<HitsPage> {
  // One hit more than the page tells whether more follow.
  const ranking = await rankingStatement(db, { ...request, limit: request.limit + 1 });
  if (!ranking) return { items: [], more: false };
  // The ranking's order is kept by numbering its rows as they come (it is materialized, so its
  // plan is the one rankingStatement chose, never merged into the joins).
  const { rows } = await sql<HitRow>`with hits as materialized (
      select r.type, r.id, r.relevance, row_number() over () as n from (${ranking}) r
    )
    select h.type, h.relevance, g.can_read, g.can_stream, es.title as series_title, ${DOCUMENT_COLUMNS}
    from hits h
    left join series s on h.type = 'series' and s.id = h.id
    left join episodes e on h.type = 'episode' and e.id = h.id
    left join series es on es.id = e.series_id
    join partner_grants g on g.partner_id = ${request.partnerId} and g.series_id = coalesce(s.id, e.series_id)
    order by h.n`.execute(db);
  const items = rows.slice(0, request.limit).map((row) => hitDoc({ type: row.type, id: row.id, relevance: Number(row.relevance) }, row));
  return { items, more: rows.length > request.limit };
}
