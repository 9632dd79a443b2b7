/** A partner's usage over the last 30 days: by day (requests, errors, 429s), by operation and by series. */
import { useMemo } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { useLoad } from '../load.js';
import { byDay, lastDays } from '../usage-range.js';
import { ProblemNotice } from './problem.js';
import { Loading } from './states.js';
import { BarList, TimeChart } from './time-chart.js';

type Report = Schemas['UsageReport'];

export function UsagePanel({ partnerId }: { partnerId: string }) {
  const days = useMemo(() => lastDays(30), []);
  const [usage, reload] = useLoad(async () => {
    const query = { from: days[0]!, to: days[days.length - 1]!, limit: 100 };
    const get = (group_by: 'day' | 'operation' | 'series') =>
      ok(api.GET('/api/studio/partners/{partner_id}/usage', { params: { path: { partner_id: partnerId }, query: { ...query, group_by } } }));
    const [day, operation, series] = await Promise.all([get('day'), get('operation'), get('series')]);
    return { day, operation, series };
  }, [partnerId]);

  if (usage.state === 'loading') return <Loading what="usage" />;
  if (usage.state === 'problem') return <ProblemNotice problem={usage.problem} onRetry={reload} />;
  const { day, operation, series } = usage.data;
  const top = (report: Report, href?: (key: string) => string) =>
    [...report.items].sort((a, b) => b.requests - a.requests).slice(0, 10).map((r) => ({ label: r.key, value: r.requests, ...(href ? { href: href(r.key) } : {}) }));
  return (
    <div class="usage">
      <p class="totals">
        Last 30 days: <strong>{day.totals.requests.toLocaleString('en')}</strong> requests, {day.totals.stream_resolutions.toLocaleString('en')} stream URLs,{' '}
        {day.totals.errors.toLocaleString('en')} errors, {day.totals.rate_limited.toLocaleString('en')} rate-limited (429)
      </p>
      <TimeChart
        title="Requests by day"
        days={days}
        series={[
          { label: 'Requests', color: '#2563eb', values: byDay(days, day.items, (r) => r.requests) },
          { label: 'Errors', color: '#dc2626', values: byDay(days, day.items, (r) => r.errors) },
          { label: '429s', color: '#d97706', values: byDay(days, day.items, (r) => r.rate_limited) },
        ]}
      />
      <div class="two">
        <BarList title="By operation" rows={top(operation)} />
        <BarList title="By series" rows={top(series, (key) => `/catalog?series=${key}`)} />
      </div>
    </div>
  );
}
