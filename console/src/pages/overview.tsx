/** Overview: today's and the last 30 days' requests, errors and 429s across partners, and who leads each. */
import { useMemo } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';
import { Loading } from '../components/states.js';
import { BarList, TimeChart } from '../components/time-chart.js';
import { useLoad } from '../load.js';
import { byDay, lastDays } from '../usage-range.js';

type RankBy = Schemas['UsageRankBy'];
type Counts = Schemas['UsageCounts'];

export default function Overview() {
  const days = useMemo(() => lastDays(30), []);
  const [usage, reload] = useLoad(async () => {
    const get = (from: string, rank_by: RankBy) => ok(api.GET('/api/studio/usage', { params: { query: { from, to: days[29]!, rank_by, limit: 10 } } }));
    const [today, requests, limited, errors] = await Promise.all([get(days[29]!, 'requests'), get(days[0]!, 'requests'), get(days[0]!, 'rate_limited'), get(days[0]!, 'errors')]);
    return { today, requests, limited, errors };
  }, [days]);
  if (usage.state === 'loading') return <Loading what="the overview" />;
  if (usage.state === 'problem') return <ProblemNotice problem={usage.problem} onRetry={reload} />;
  const { today, requests, limited, errors } = usage.data;
  const rows = (report: Schemas['UsageOverview'], value: (r: Schemas['PartnerUsageRow']) => number) =>
    report.items.filter((r) => value(r) > 0).map((r) => ({ label: r.partner_name, value: value(r), href: `/partners/${r.partner_id}` }));
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <div class="cards">
        <Card title="Today" counts={today.totals} />
        <Card title="Last 30 days" counts={requests.totals} />
      </div>
      <TimeChart
        title="Every partner, by day (30 days)"
        days={days}
        width={1000}
        series={[
          { label: 'Requests', color: '#2563eb', values: byDay(days, requests.days, (r) => r.requests) },
          { label: 'Errors', color: '#dc2626', values: byDay(days, requests.days, (r) => r.errors) },
          { label: '429s', color: '#d97706', values: byDay(days, requests.days, (r) => r.rate_limited) },
        ]}
      />
      <div class="three">
        <BarList title="Top partners by requests (30 days)" rows={rows(requests, (r) => r.requests)} />
        <BarList title="Most rate-limited partners (429s, 30 days)" rows={rows(limited, (r) => r.rate_limited)} />
        <BarList title="Most errors (30 days)" rows={rows(errors, (r) => r.errors)} />
      </div>
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
