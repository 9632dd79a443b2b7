/** Overview: today's requests, errors and 429s across partners, the same over a range of UTC days held in the address, and who leads each. */
import { useMemo } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { DateRange, rangeLabel, useUsageRange } from '../components/date-range.js';
import { ProblemNotice } from '../components/problem.js';
import { Empty, Loading } from '../components/states.js';
import { BarList, TimeChart } from '../components/time-chart.js';
import { useLoad } from '../load.js';
import { byDay, lastDays } from '../usage-range.js';

type RankBy = Schemas['UsageRankBy'];
type Counts = Schemas['UsageCounts'];

export default function Overview() {
  const range = useUsageRange();
  const today = useMemo(() => lastDays(1)[0]!, []);
  const [usage, reload] = useLoad(async () => {
    const get = (from: string, to: string, rank_by: RankBy) => ok(api.GET('/api/studio/usage', { params: { query: { from, to, rank_by, limit: 10 } } }));
    const now = get(today, today, 'requests');
    if (range.invalid) return { today: await now, inRange: undefined };
    const [todays, requests, limited, errors] = await Promise.all([now, get(range.from, range.to, 'requests'), get(range.from, range.to, 'rate_limited'), get(range.from, range.to, 'errors')]);
    return { today: todays, inRange: { requests, limited, errors } };
  }, [range.from, range.to, range.invalid]);
  const label = rangeLabel(range);
  const rows = (report: Schemas['UsageOverview'], value: (r: Schemas['PartnerUsageRow']) => number) =>
    report.items.filter((r) => value(r) > 0).map((r) => ({ label: r.partner_name, value: value(r), href: `/partners/${r.partner_id}` }));
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <DateRange range={range} />
      {usage.state === 'loading' ? <Loading what="the overview" /> : null}
      {usage.state === 'problem' ? <ProblemNotice problem={usage.problem} onRetry={reload} /> : null}
      {usage.state === 'ok' ? (
        <>
          <div class="cards">
            <Card title="Today (UTC)" counts={usage.data.today.totals} />
            {usage.data.inRange ? <Card title={label.replace(/^t/, 'T')} counts={usage.data.inRange.requests.totals} /> : null}
          </div>
          {usage.data.inRange && usage.data.inRange.requests.totals.requests === 0 ? (
            <Empty>No partner made a request in {label}. Choose another range above; partners appear here once they call the partner API.</Empty>
          ) : null}
          {usage.data.inRange && usage.data.inRange.requests.totals.requests > 0 ? (
            <>
              <TimeChart
                title={`Every partner, by day (${label})`}
                days={range.days}
                series={[
                  { label: 'Requests', color: '#2563eb', values: byDay(range.days, usage.data.inRange.requests.days, (r) => r.requests) },
                  { label: 'Errors', color: '#dc2626', values: byDay(range.days, usage.data.inRange.requests.days, (r) => r.errors) },
                  { label: '429s', color: '#b45309', values: byDay(range.days, usage.data.inRange.requests.days, (r) => r.rate_limited) },
                ]}
              />
              <div class="three">
                <BarList title="Top partners by requests" rows={rows(usage.data.inRange.requests, (r) => r.requests)} />
                <BarList title="Most rate-limited partners (429s)" rows={rows(usage.data.inRange.limited, (r) => r.rate_limited)} />
                <BarList title="Most errors" rows={rows(usage.data.inRange.errors, (r) => r.errors)} />
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Card({ title, counts }: { title: string; counts: Counts }) {
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        <dt>Requests</dt><dd>{counts.requests.toLocaleString('en')}</dd>
        <dt>Stream URLs</dt><dd>{counts.stream_resolutions.toLocaleString('en')}</dd>
        <dt>Errors</dt><dd>{counts.errors.toLocaleString('en')}</dd>
        <dt>429s</dt><dd>{counts.rate_limited.toLocaleString('en')}</dd>
      </dl>
    </section>
  );
}
