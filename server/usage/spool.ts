/**
 * The usage spool: counts a stopping instance could not write to the store in time, kept in a
 * local file and written to the store by the next instance that starts beside it. So a SIGTERM
 * during a store outage ends within its bound without dropping usage.
 *
 * Durable: a spool file is written under a temporary name, fsynced, renamed into place and its
 * folder fsynced, so after a crash it is either whole or absent. Exactly once: each batch keeps
 * the writer id and sequence number it had in its recorder, and the store skips a batch it has
 * applied (UsageWrites.addUsage), so a batch whose write committed just before the stop, unheard,
 * is not counted again. One claimant: an instance claims a file by renaming it (with the time and
 * its pid) before replaying, so two instances starting together never both replay it; a claim
 * older than STALE_CLAIM_MS was left by an instance that died mid-replay, and the next start
 * claims it again (replaying twice counts nothing twice, as above).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { UsageIncrement, UsageWrites } from '../store/index.js';

/** Counts not yet written, as their recorder numbered them. */
export interface SpooledUsage {
  writer: string;
  batches: Array<{ sequence: number; rows: UsageIncrement[] }>;
}

const PREFIX = 'usage-spool-';
const SUFFIX = '.json';
/** A claimed file's name: the spool file's, then when and by which process it was claimed. */
const CLAIM = /\.replaying-(\d+)-\d+$/;
/** Replaying one file takes milliseconds: a claim this old is an instance's that died replaying it. */
const STALE_CLAIM_MS = 60_000;

function fsyncPath(path: string, flags: string): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export class UsageSpool {
  constructor(private readonly options: { dir: string; logger: Logger }) {
    if (!options.dir || !options.logger) throw new Error('UsageSpool: dir and logger are required');
  }

  /** Writes the counts durably (synchronously: it runs as the process stops); returns the file. */
  write(usage: SpooledUsage): string {
    const { dir, logger } = this.options;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${PREFIX}${usage.writer}${SUFFIX}`);
    const temporary = `${file}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(usage));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    fsyncPath(dir, 'r');
    const groups = usage.batches.reduce((n, b) => n + b.rows.length, 0);
    const requests = usage.batches.reduce((n, b) => n + b.rows.reduce((m, r) => m + r.requests, 0), 0);
    logger.warn({ file, batches: usage.batches.length, groups, requests }, `usage counts not written to the store in time were spooled to ${file}; the next start replays them`);
    return file;
  }

  /**
   * Writes every spool file of the folder to the store, each batch once, then removes it; a file
   * that cannot be written now is left for the next start. Resolves with the requests replayed.
   */
  async replay(store: UsageWrites, now: string): Promise<number> {
    const { dir, logger } = this.options;
    const nowMs = Date.parse(now);
    const stale = (name: string) => {
      const claimedAt = CLAIM.exec(name)?.[1];
      return claimedAt !== undefined && nowMs - Number(claimedAt) > STALE_CLAIM_MS;
    };
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.startsWith(PREFIX) && (n.endsWith(SUFFIX) || stale(n)));
    } catch {
      return 0;
    }
    let replayed = 0;
    for (const name of names) {
      const file = join(dir, name.replace(CLAIM, ''));
      const claimed = `${file}.replaying-${nowMs}-${process.pid}`;
      try {
        renameSync(join(dir, name), claimed);
      } catch {
        continue; // another instance claimed it first
      }
      try {
        const usage = JSON.parse(readFileSync(claimed, 'utf8')) as SpooledUsage;
        let requests = 0;
        for (const { sequence, rows } of usage.batches) {
          if (await store.addUsage(rows, { writer: usage.writer, sequence, now })) requests += rows.reduce((m, r) => m + r.requests, 0);
        }
        rmSync(claimed);
        fsyncPath(dir, 'r');
        replayed += requests;
        logger.warn({ file, batches: usage.batches.length, requests }, `replayed spooled usage counts from ${file} (${requests} requests; batches written before were skipped)`);
      } catch (err) {
        renameSync(claimed, file);
        logger.warn({ file, cause: (err as Error).message }, `spooled usage counts in ${file} could not be replayed now; the next start tries again`);
      }
    }
    return replayed;
  }
}
