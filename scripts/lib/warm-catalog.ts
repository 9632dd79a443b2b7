/**
 * Reads a SQLite catalog's files through once before a benchmark runs, so that it measures the
 * server and not the disk. The bench VMs' kernels reclaim page cache that has not been touched
 * for a few minutes even with most of the memory free: a catalog left alone while the others ran
 * had a quarter of its file cached, and its first searches waited on reads (docs/benchmarks.md,
 * "Machine notes"). PostgreSQL's files are the database server's, not ours to read.
 */
import { createReadStream, existsSync } from 'node:fs';
import { parseDatabaseUrl } from '../../server/store/index.js';

/** Bytes read of the SQLite catalog at databaseUrl and its WAL; 0 for PostgreSQL or memory. */
export async function warmCatalog(databaseUrl: string): Promise<number> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.engine !== 'sqlite' || target.path === ':memory:') return 0;
  let bytes = 0;
  for (const file of [target.path, `${target.path}-wal`]) {
    if (!existsSync(file)) continue;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) bytes += (chunk as Buffer).length;
  }
  return bytes;
}
