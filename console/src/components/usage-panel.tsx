/** A partner's usage over a range of UTC days held in the address: by day (requests, errors, 429s), by operation and by series (named), each exportable as CSV. */
import { api, ok, type Schemas } from '../api.js';
import { useLoad } from '../load.js';
import { byDay } from '../usage-range.js';
import { DateRange, rangeLabel, useUsageRange } from './date-range.js';
import { ProblemNotice } from './problem.js';
import { Empty, Loading } from './states.js';
import { BarList, TimeChart } from './time-chart.js';

type Report = Schemas['StudioUsageReport'];
type GroupBy = Schemas['UsageGroupBy'];

/** The address of a CSV export of the partner's usage (a plain link: the browser downloads it as the server streams it). */
function exportHref(partnerId: string, from: string, to: string, groupBy: GroupBy): string {
  return `/api/studio/partners/${encodeURIComponent(partnerId)}/usage/export?${new URLSearchParams({ from, to, group_by: groupBy }).toString()}`;
}

export function UsagePanel({ partnerId }: { partnerId: string }) {
  const range = useUsageRange();
  const { days } = range;
  const [usage, reload] = useLoad(async () => {
    if (range.invalid) return undefined;
    const query = { from: range.from, to: range.to, limit: 100 };
    const get = (group_by: GroupBy) => ok(api.GET('/api/studio/partners/{partner_id}/usage', { params: { path: { partner_id: partnerId }, query: { ...query, group_by } } }));
    const [day, operation, series] = await Promise.all([get('day'), get('operation'), get('series')]);
    return { day, operation, series };
  }, [partnerId, range.from, range.to, range.invalid]);

  const top = (report: Report, href?: (key: string) => string) =>
    [...report.items].sort((a, b) => b.requests - a.requests).slice(0, 10).map((r) => ({ label: r.name ?? r.key, value: r.requests, ...(href ? { href: href(r.key) } : {}) }));
  return (
    <div class="usage">
      <DateRange range={range} />
      {usage.state === 'loading' ? <Loading what="usage" /> : null}
      {usage.state === 'problem' ? <ProblemNotice problem={usage.problem} onRetry={reload} /> : null}
      {usage.state === 'ok' && usage.data ? (
        <>
          <p class="totals">
            {rangeLabel(range).replace(/^t/, 'T')} (UTC): <strong>{usage.data.day.totals.requests.toLocaleString('en')}</strong> requests, {usage.data.day.totals.stream_resolutions.toLocaleString('en')} stream URLs,{' '}
            {usage.data.day.totals.errors.toLocaleString('en')} errors, {usage.data.day.totals.rate_limited.toLocaleString('en')} rate-limited (429)
          </p>
          <p class="actions">
            <a class="button" href={exportHref(partnerId, range.from, range.to, 'day')} download>Export CSV</a>{' '}
            <a class="button" href={exportHref(partnerId, range.from, range.to, 'operation')} download>Export CSV by operation</a>{' '}
            <a class="button" href={exportHref(partnerId, range.from, range.to, 'series')} download>Export CSV by series</a>
          </p>
          {usage.data.day.totals.requests === 0 ? (
            <Empty>No usage from this partner in {rangeLabel(range)}. Choose an earlier range above, or check that the partner has signed in with its API key.</Empty>
          ) : (
            <>
              <TimeChart
                title="Requests by day"
                days={days}
                series={[
                  { label: 'Requests', color: '#2563eb', values: byDay(days, usage.data.day.items, (r) => r.requests) },
                  { label: 'Errors', color: '#dc2626', values: byDay(days, usage.data.day.items, (r) => r.errors) },
                  { label: '429s', color: '#b45309', values: byDay(days, usage.data.day.items, (r) => r.rate_limited) },
                ]}
              />
              <div class="two">
                <BarList title="By operation" rows={top(usage.data.operation)} />
                <BarList title="By series" rows={top(usage.data.series, (key) => `/catalog?series=${key}`)} />
              </div>
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
