/**
 * The range of UTC days a usage page shows, held in the page's address (`?from=…&to=…`, so a view
 * can be bookmarked or shared): the last 30 days unless the address says otherwise, checked as the
 * studio API checks it (x-max-range-days on the usage operations) before anything is sent.
 */
import { useLocation } from 'preact-iso';
import { useMemo } from 'preact/hooks';
import { lastDays } from '../usage-range.js';

/** The usage operations' `x-max-range-days` in the studio contract: `to` at most this many days after `from`. */
export const MAX_RANGE_DAYS = 92;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface UsageRange {
  from: string;
  to: string;
  /** Every day of the range, oldest first (empty while the range is invalid). */
  days: string[];
  /** Why the address's range cannot be asked for, in words. */
  invalid: string | undefined;
  /** Whether the range is the default (the last 30 days). */
  isDefault: boolean;
}

function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

export function useUsageRange(): UsageRange {
  const { query } = useLocation();
  return useMemo(() => {
    const fallback = lastDays(30);
    const from = query.from ?? fallback[0]!;
    const to = query.to ?? fallback[fallback.length - 1]!;
    const isDefault = query.from === undefined && query.to === undefined;
    const valid = DATE.test(from) && DATE.test(to) && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to));
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    const invalid = !valid
      ? 'Both ends of the range must be dates (YYYY-MM-DD).'
      : span < 0
        ? 'The range must end on or after the day it starts.'
        : span > MAX_RANGE_DAYS
          ? `A range can end at most ${MAX_RANGE_DAYS} days after it starts.`
          : undefined;
    return { from, to, days: invalid ? [] : daysBetween(from, to), invalid, isDefault };
  }, [query.from, query.to]);
}

/** What the range is, in words: "the last 30 days" or "2026-11-01 to 2026-11-20". */
export function rangeLabel(range: UsageRange): string {
  return range.isDefault ? 'the last 30 days' : `${range.from} to ${range.to}`;
}

/** Two date fields that change the address's range as they change (replacing the history entry). */
export function DateRange({ range }: { range: UsageRange }) {
  const { path, query, route } = useLocation();
  const set = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(Object.entries(query).filter(([k]) => k !== name));
    if (value) next.set(name, value);
    if (!next.has('from')) next.set('from', range.from);
    if (!next.has('to')) next.set('to', range.to);
    route(`${path}?${next.toString()}`, true);
  };
  return (
    <form class="filters range" aria-label="Date range" onSubmit={(e) => e.preventDefault()}>
      <label>
        From (UTC)
        <input type="date" value={range.from} onChange={(e) => set('from', e.currentTarget.value)} aria-invalid={range.invalid !== undefined} aria-describedby={range.invalid ? 'range-help' : undefined} />
      </label>
      <label>
        To (UTC, inclusive)
        <input type="date" value={range.to} onChange={(e) => set('to', e.currentTarget.value)} aria-invalid={range.invalid !== undefined} aria-describedby={range.invalid ? 'range-help' : undefined} />
      </label>
      <p class="muted small">Days are UTC days; a range spans at most {MAX_RANGE_DAYS} days.</p>
      {range.invalid ? <p id="range-help" class="notice notice-error" role="alert">{range.invalid}</p> : null}
    </form>
  );
}
