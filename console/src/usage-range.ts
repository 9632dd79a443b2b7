/** The days a usage chart covers: the last 30 UTC days, today included, every day present even when nothing happened. */
export function lastDays(count: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Rows keyed by day spread over every day of the range (missing days count 0). */
export function byDay<R extends { key: string }>(days: string[], rows: R[], value: (row: R) => number): number[] {
  const found = new Map(rows.map((r) => [r.key, value(r)]));
  return days.map((d) => found.get(d) ?? 0);
}
