/** The studio's reads, dialect-neutral: partners and a series' grants by keyset pages, usage ranked across partners. */
import { sql, type Kysely } from 'kysely';
import { queryFingerprint, type CursorCodec } from '../cursor.js';
import { grantsOf, num } from './mapping.js';
import { pageOf } from './paging.js';
import { partnerRecord } from './partner-queries.js';
import type { Database } from './schema.js';
import type { PartnerListQuery, PartnerUsagePage, PartnerUsageQuery, SeriesGrantRecord } from '../studio-types.js';
import type { Page, PageRequest, PartnerRecord, UsageCounts } from '../types.js';

/** `%term%` for LIKE with the term's own wildcards escaped (ESCAPE '\'). */
function containing(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of partners by id, filtered by search term and status. */
export async function listPartnersPage(db: Kysely<Database>, q: PartnerListQuery, cursors: CursorCodec): Promise<Page<PartnerRecord & { lastActiveOn: string | null }>> {
  const fp = queryFingerprint('partners', { q: q.q, status: q.status });
  let query = db
    .selectFrom('partners')
    .selectAll()
    // The newest day of the partner's usage: one probe of the usage primary key (partner_id, day, ...) per listed partner.
    .select((eb) => eb.selectFrom('usage_counts as u').select((e) => e.fn.max('u.day').as('d')).whereRef('u.partner_id', '=', 'partners.id').as('last_active_on'));
  const term = q.q?.trim();
  if (term) {
    // A name substring can use no index; at the studio's scale (thousands of partners) one scan is cheap.
    query = query.where((eb) => eb.or([sql<boolean>`lower(name) like ${containing(term)} escape '\\'`, eb('id', '=', term), eb('api_key', '=', term)]));
  }
  if (q.status !== undefined) query = query.where('disabled', '=', q.status === 'disabled' ? 1 : 0);
  if (q.cursor !== undefined) query = query.where('id', '>', cursors.decode(q.cursor, fp, ['string'])[0] as string);
  const rows = await query.orderBy('id').limit(q.limit + 1).execute();
  return pageOf(rows, q.limit, (row) => ({ ...partnerRecord(row), lastActiveOn: row.last_active_on ?? null }), (last) => cursors.encode(fp, [last.id]));
}

/** One page of the partners holding grants on a series, by partner id (index partner_grants_series_idx). */
export async function listSeriesGrants(db: Kysely<Database>, seriesId: string, page: PageRequest, cursors: CursorCodec): Promise<Page<SeriesGrantRecord>> {
  const fp = queryFingerprint('series-grants', { series: seriesId });
  let query = db
    .selectFrom('partner_grants as g')
    .innerJoin('partners as p', 'p.id', 'g.partner_id')
    .select(['g.partner_id', 'p.name', 'g.can_read', 'g.can_stream', 'g.updated_at'])
    .where('g.series_id', '=', seriesId);
  if (page.cursor !== undefined) query = query.where('g.partner_id', '>', cursors.decode(page.cursor, fp, ['string'])[0] as string);
  const rows = await query.orderBy('g.partner_id').limit(page.limit + 1).execute();
  return pageOf(
    rows,
    page.limit,
    (r) => ({ partnerId: r.partner_id, partnerName: r.name, grants: grantsOf(r.can_read, r.can_stream), updatedAt: r.updated_at }),
    (last) => cursors.encode(fp, [last.partner_id]),
  );
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

/**
 * Partners ranked by one counter over a range of days, most first, then by id; partners without
 * usage in the range are left out. Ranked by an aggregate, so pages are by offset (in the signed cursor).
 */
export async function usageByPartner(db: Kysely<Database>, q: PartnerUsageQuery, cursors: CursorCodec): Promise<PartnerUsagePage> {
  const fp = queryFingerprint('usage-by-partner', { from: q.from, to: q.to, rankBy: q.rankBy });
  const offset = q.cursor === undefined ? 0 : (cursors.decode(q.cursor, fp, ['number'])[0] as number);
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
  const page = pageOf(rows, q.limit, (r) => ({ partnerId: r.partner_id, partnerName: r.name, ...counts(r) }), () => cursors.encode(fp, [offset + q.limit]));
  return { ...page, totals: counts(totals), days: days.map((d) => ({ day: String(d.day), ...counts(d) })) };
}
