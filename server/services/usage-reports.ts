/** Usage reads for the studio: one partner's counts by day, operation or series, and partners ranked across the studio. */
import type { PartnerReads, PartnerUsagePage, PartnerUsageQuery, StudioQueries, UsageQuery, UsageReportPage, UsageReports } from '../store/index.js';
import type { ServiceContext } from './context.js';
import { NotFoundError } from './errors.js';

/** One page of a partner's usage grouped by day, operation or series; NotFoundError for an unknown partner. */
export async function partnerUsage(ctx: Pick<ServiceContext<PartnerReads & UsageReports>, 'store'>, query: UsageQuery): Promise<UsageReportPage> {
  if (!(await ctx.store.getPartner(query.partnerId))) throw new NotFoundError('partner', [query.partnerId]);
  return ctx.store.queryUsage(query);
}

/**
 * One page of partners ranked by a counter over a range of days (rankBy 'requests': top partners;
 * 'rate_limited': 429s; 'errors': errors), with totals across every partner.
 */
export async function usageAcrossPartners(ctx: Pick<ServiceContext<StudioQueries>, 'store'>, query: PartnerUsageQuery): Promise<PartnerUsagePage> {
  return ctx.store.usageByPartner(query);
}
