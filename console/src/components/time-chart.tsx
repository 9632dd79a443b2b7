/**
 * Counts per day as a line chart (uPlot: small, canvas-drawn, fast with thousands of points), with
 * the same numbers in a table for keyboards and screen readers.
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimeSeries {
  label: string;
  color: string;
  values: number[];
}

export function TimeChart({ title, days, series, width = 560 }: { title: string; days: string[]; series: TimeSeries[]; width?: number }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width,
        height: 200,
        scales: { x: { time: true } },
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length < 40 } }))],
        axes: [{}, { size: 56 }],
        legend: { show: true },
      },
      [xs, ...series.map((s) => s.values)],
      host.current,
    );
    return () => plot.destroy();
  }, [days, series, width]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={host} aria-hidden="true" data-testid={`chart-${title}`} />
      <details>
        <summary>{title} as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Totals by a key (partner, operation, series) as horizontal bars: a chart that is also a list. */
export function BarList({ title, rows }: { title: string; rows: { label: string; value: number; href?: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p class="muted">Nothing in this period.</p>
      ) : (
        <ol class="bars">
          {rows.map((r) => (
            <li key={r.label}>
              <span class="bar-label">{r.href ? <a href={r.href}>{r.label}</a> : r.label}</span>
              <span class="bar" style={{ width: `${(100 * r.value) / max}%` }} aria-hidden="true" />
              <span class="bar-value">{r.value.toLocaleString('en')}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
