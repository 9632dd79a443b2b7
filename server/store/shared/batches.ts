/**
 * How many rows one statement writes, for every multi-row statement of both engines (imports,
 * search indexes, usage counts): 500 rows of the widest table (the series row, 23 columns) bind
 * 11,500 values, well under SQLite's 32,766 and PostgreSQL's 65,535.
 */
export const ROWS_PER_STATEMENT = 500;

/** items in consecutive batches of at most ROWS_PER_STATEMENT. */
export function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}
