/**
 * The studio's view of the catalog (the console's grants matrix): every series by title, filtered
 * by a part of the title and by genre, with one partner's grants on each and, optionally, only
 * where it holds (or lacks) them. Keyset pages on (sort_title, id), the series_sort_title_idx order.
 */
import { sql, type Kysely } from 'kysely';
import { MAX_CURSOR_LENGTH, queryFingerprint, type CursorCodec } from '../cursor.js';
import { grantsOf, num } from './mapping.js';
import { pageOf } from './paging.js';
import type { Database } from './schema.js';
import { sortKey } from './search-terms.js';
import type { Page } from '../types.js';
import type { StudioSeriesQuery, StudioSeriesRecord } from '../studio-types.js';

/** `%term%` for LIKE over sort_title (folded like it), the term's own wildcards escaped (ESCAPE '\'). */
function titleContaining(term: string): string {
  return `%${sortKey(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listStudioSeries(db: Kysely<Database>, q: StudioSeriesQuery, cursors: CursorCodec): Promise<Page<StudioSeriesRecord>> {
  const fp = queryFingerprint('studio-series', { q: q.title ?? null, genre: q.genre ?? null, partner: q.partnerId ?? null, grant: q.grant ?? null });
  const partnerId = q.partnerId ?? '';
  let query = db
    .selectFrom('series as s')
    .leftJoin('partner_grants as g', (join) => join.onRef('g.series_id', '=', 's.id').on('g.partner_id', '=', partnerId))
    .select(['s.id', 's.title', 's.sort_title', 's.status', 's.season_count', 's.episode_count', 's.genres', 's.updated_at', 'g.can_read', 'g.can_stream']);
  const term = q.title?.trim();
  // A title substring can use no index: one scan of the series' sort keys (tens of ms at 100,000).
  if (term) query = query.where(sql<boolean>`s.sort_title like ${titleContaining(term)} escape '\\'`);
  if (q.genre !== undefined) {
    const genre = q.genre;
    query = query.where((eb) => eb.exists(eb.selectFrom('series_genres as sg').select('sg.genre').whereRef('sg.series_id', '=', 's.id').where('sg.genre', '=', genre)));
  }
  if (q.grant === 'read') query = query.where('g.can_read', '=', 1);
  else if (q.grant === 'stream') query = query.where('g.can_stream', '=', 1);
  else if (q.grant === 'any') query = query.where((eb) => eb.or([eb('g.can_read', '=', 1), eb('g.can_stream', '=', 1)]));
  else if (q.grant === 'none') query = query.where((eb) => eb.or([eb('g.series_id', 'is', null), eb.and([eb('g.can_read', '=', 0), eb('g.can_stream', '=', 0)])]));
  if (q.cursor !== undefined) {
    const [key, id] = cursors.decode(q.cursor, fp, ['string|null', 'string']) as [string | null, string];
    // A null key means the title was too long for a cursor: look it up again by id.
    const keyValue = key ?? sql`(select sort_title from series where id = ${id})`;
    query = query.where(sql<boolean>`(s.sort_title, s.id) > (${keyValue}, ${id})`);
  }
  const rows = await query.orderBy('s.sort_title').orderBy('s.id').limit(q.limit + 1).execute();
  return pageOf(
    rows,
    q.limit,
    (row) => ({
      id: row.id,
      title: row.title,
      status: row.status as StudioSeriesRecord['status'],
      seasonCount: num(row.season_count),
      episodeCount: num(row.episode_count),
      genres: JSON.parse(row.genres) as StudioSeriesRecord['genres'],
      grants: q.partnerId === undefined ? undefined : grantsOf(row.can_read, row.can_stream),
      updatedAt: row.updated_at,
    }),
    (last) => {
      const cursor = cursors.encode(fp, [last.sort_title, last.id]);
      return cursor.length <= MAX_CURSOR_LENGTH ? cursor : cursors.encode(fp, [null, last.id]);
    },
  );
}
