/**
 * Counts per day as a line chart (uPlot: small, canvas-drawn, fast with thousands of points), with
 * the same numbers in a table for keyboards and screen readers.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimeSeries {
  label: string;
  color: string;
  values: number[];
}

/**
 * The chart is as wide as its card (it follows the card's width), and its legend always says
 * something: each line's total over the range, or, while a day is hovered, that day's values.
 */
export function TimeChart({ title, days, series }: { title: string; days: string[]; series: TimeSeries[] }) {
  const host = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: 200,
        scales: { x: { time: true } },
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length < 40 } }))],
        axes: [{}, { size: 56 }],
        legend: { show: false },
        hooks: { setCursor: [(u: uPlot) => setHovered(u.cursor.idx ?? null)] },
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  const day = hovered === null ? undefined : days[hovered];
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={host} class="plot" aria-hidden="true" data-testid={`chart-${title}`} />
      <p class="legend" aria-hidden="true">
        <span class="legend-when">{day ? `${day} (UTC)` : `Totals over ${days.length} days:`}</span>
        {series.map((s) => (
          <span key={s.label} class="legend-item">
            <span class="swatch" style={{ background: s.color }} />
            {s.label}: {(day ? (s.values[hovered!] ?? 0) : s.values.reduce((a, b) => a + b, 0)).toLocaleString('en')}
          </span>
        ))}
      </p>
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
        <p class="muted">Nothing in this range: choose another range of days.</p>
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
