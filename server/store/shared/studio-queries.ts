/**
 * The studio's reads, dialect-neutral, as the StudioQueries door both engines assemble
 * (studioQueries()): partners and a series' grants by keyset pages, usage ranked across partners,
 * and the studio's view of the catalog (the console's grants matrix): every series by title,
 * filtered by a part of the title and by genre, with one partner's grants on each and,
 * optionally, only where it holds (or lacks) them, in keyset pages on (sort_title, id), the
 * series_sort_title_idx order.
 */
import { sql, type Kysely } from 'kysely';
import { MAX_CURSOR_LENGTH, queryFingerprint } from '../cursor.js';
import type { StudioQueries } from '../interfaces.js';
import type { UsageCounts } from '../records.js';
import type { PartnerListQuery, StudioSeriesRecord } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { grantsOf, num } from './mapping.js';
import { pageOf } from './paging.js';
import { partnerRecord } from './partners.js';
import type { Database } from './schema.js';

/** The largest page of listStudioSeries (the studio contract's SeriesPageLimit says the same). */
export const STUDIO_SERIES_MAX_PAGE = 1000;
import { sortKey } from './search-terms.js';

/** `%term%` for LIKE with the term's own wildcards escaped (ESCAPE '\'). */
function containing(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ids among seriesIds that are not in the catalog. */
export async function missingSeries(db: Kysely<Database>, seriesIds: readonly string[]): Promise<string[]> {
  if (seriesIds.length === 0) return [];
  const found = new Set<string>();
  for (let i = 0; i < seriesIds.length; i += 500) {
    const rows = await db.selectFrom('series').select('id').where('id', 'in', seriesIds.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.id);
  }
  return seriesIds.filter((id) => !found.has(id));
}

const sums = {
  requests: sql<number>`coalesce(sum(requests), 0)`,
  stream_resolutions: sql<number>`coalesce(sum(stream_resolutions), 0)`,
  errors: sql<number>`coalesce(sum(errors), 0)`,
  rate_limited: sql<number>`coalesce(sum(rate_limited), 0)`,
};

function counts(r: { requests: unknown; stream_resolutions: unknown; errors: unknown; rate_limited: unknown }): UsageCounts {
  return { requests: num(r.requests), stream_resolutions: num(r.stream_resolutions), errors: num(r.errors), rate_limited: num(r.rate_limited) };
}

/** `%term%` for LIKE over sort_title (folded like it), the term's own wildcards escaped (ESCAPE '\'). */
function titleContaining(term: string): string {
  return `%${sortKey(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The key partners are listed by: id, the lower-cased name or the creation instant (ties by id), either way. */
function partnerOrder(sort: PartnerListQuery['sort']) {
  const name = sort ?? 'id';
  const column = name.replace(/^-/, '');
  const key = column === 'name' ? sql<string>`lower(name)` : column === 'created_at' ? sql<string>`created_at` : sql<string>`id`;
  return { sort: name, key, desc: name.startsWith('-') };
}

export function studioQueries(core: StoreCore): StudioQueries {
  const { db } = core;
  return {
    /** One page of partners in the query's sort (partnerOrder), filtered by search term and status, with how many match. */
    listPartnersPage: (q) =>
      core.paged(q, async () => {
        const order = partnerOrder(q.sort);
        const fp = queryFingerprint('partners', { q: q.q, status: q.status, ...(order.sort === 'id' ? {} : { sort: order.sort }) });
        let filtered = db.selectFrom('partners');
        const term = q.q?.trim();
        if (term) {
          // A name substring can use no index; at the studio's scale (thousands of partners) one scan is cheap.
          filtered = filtered.where((eb) => eb.or([sql<boolean>`lower(name) like ${containing(term)} escape '\\'`, eb('id', '=', term), eb('api_key', '=', term)]));
        }
        if (q.status !== undefined) filtered = filtered.where('disabled', '=', q.status === 'disabled' ? 1 : 0);
        const { n } = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        let query = filtered
          .selectAll()
          .select(sql<string>`${order.key}`.as('sort_key'))
          // The newest day of the partner's usage: one probe of the usage primary key (partner_id, day, ...) per listed partner.
          .select((eb) => eb.selectFrom('usage_counts as u').select((e) => e.fn.max('u.day').as('d')).whereRef('u.partner_id', '=', 'partners.id').as('last_active_on'));
        if (q.cursor !== undefined) {
          const [key, id] = core.cursors.decode(q.cursor, fp, ['string', 'string']) as [string, string];
          query = query.where(sql<boolean>`(${order.key}, id) ${sql.raw(order.desc ? '<' : '>')} (${key}, ${id})`);
        }
        const direction = order.desc ? 'desc' : 'asc';
        const rows = await query.orderBy(order.key, direction).orderBy('id', direction).limit(q.limit + 1).execute();
        const page = pageOf(rows, q.limit, (row) => ({ ...partnerRecord(row), lastActiveOn: row.last_active_on ?? null }), (last) => core.cursors.encode(fp, [last.sort_key, last.id]));
        return { ...page, total: num(n) };
      }),
    /** One page of the partners holding grants on a series, by partner id (index partner_grants_series_idx). */
    listSeriesGrants: (seriesId, page) =>
      core.paged(page, async () => {
        const fp = queryFingerprint('series-grants', { series: seriesId });
        let query = db
          .selectFrom('partner_grants as g')
          .innerJoin('partners as p', 'p.id', 'g.partner_id')
          .select(['g.partner_id', 'p.name', 'g.can_read', 'g.can_stream', 'g.updated_at'])
          .where('g.series_id', '=', seriesId);
        if (page.cursor !== undefined) query = query.where('g.partner_id', '>', core.cursors.decode(page.cursor, fp, ['string'])[0] as string);
        const rows = await query.orderBy('g.partner_id').limit(page.limit + 1).execute();
        return pageOf(
          rows,
          page.limit,
          (r) => ({ partnerId: r.partner_id, partnerName: r.name, grants: grantsOf(r.can_read, r.can_stream), updatedAt: r.updated_at }),
          (last) => core.cursors.encode(fp, [last.partner_id]),
        );
      }),
    /**
     * Partners ranked by one counter over a range of days, most first, then by id; partners without
     * usage in the range are left out. Ranked by an aggregate, so pages are by offset (in the signed cursor).
     */
    usageByPartner: (q) =>
      core.paged(q, async () => {
        const fp = queryFingerprint('usage-by-partner', { from: q.from, to: q.to, rankBy: q.rankBy });
        const offset = q.cursor === undefined ? 0 : (core.cursors.decode(q.cursor, fp, ['number'])[0] as number);
        const inRange = db.selectFrom('usage_counts as u').where('u.day', '>=', q.from).where('u.day', '<=', q.to);
        const totals = await inRange.select([sums.requests.as('requests'), sums.stream_resolutions.as('stream_resolutions'), sums.errors.as('errors'), sums.rate_limited.as('rate_limited')]).executeTakeFirstOrThrow();
        const rows = await inRange
          .innerJoin('partners as p', 'p.id', 'u.partner_id')
          .select(['u.partner_id', 'p.name', sums.requests.as('requests'), sums.stream_resolutions.as('stream_resolutions'), sums.errors.as('errors'), sums.rate_limited.as('rate_limited')])
          .groupBy(['u.partner_id', 'p.name'])
          .orderBy(sums[q.rankBy], 'desc')
          .orderBy('u.partner_id')
          .limit(q.limit + 1)
          .offset(offset)
          .execute();
        const days = await inRange
          .select(['u.day', sums.requests.as('requests'), sums.stream_resolutions.as('stream_resolutions'), sums.errors.as('errors'), sums.rate_limited.as('rate_limited')])
          .groupBy('u.day')
          .orderBy('u.day')
          .execute();
        const page = pageOf(rows, q.limit, (r) => ({ partnerId: r.partner_id, partnerName: r.name, ...counts(r) }), () => core.cursors.encode(fp, [offset + q.limit]));
        return { ...page, totals: counts(totals), days: days.map((d) => ({ day: String(d.day), ...counts(d) })) };
      }),
    // The console's grants matrix pages through up to 100,000 series: 1,000 a page keeps that within the operator's reads.
    listStudioSeries: (q) =>
      core.paged(q, async () => {
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
          const [key, id] = core.cursors.decode(q.cursor, fp, ['string|null', 'string']) as [string | null, string];
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
            const cursor = core.cursors.encode(fp, [last.sort_title, last.id]);
            return cursor.length <= MAX_CURSOR_LENGTH ? cursor : core.cursors.encode(fp, [null, last.id]);
          },
        );
      }, STUDIO_SERIES_MAX_PAGE),
  };
}
