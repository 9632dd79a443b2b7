/**
 * What an operator reads about a dependency (PostgreSQL, Redis) that stops answering: one
 * error-level line when it goes down, saying what the service does meanwhile, and one info line
 * when it answers again, with how long it was gone and how many requests took each failure mode
 * meanwhile. Never a line per request: during an outage of a busy service those buried the two
 * lines that matter (and each carried a stack trace that says nothing about a network).
 */
import type { Logger } from 'pino';

export interface OutageLogOptions<K extends string> {
  /** Names the dependency in the messages and in the `dependency` field. */
  dependency: string;
  logger: Logger;
  /** What the service does while the dependency is down, ending the "unavailable" line. */
  meanwhile: string;
  /** What is counted during an outage (for example `refused`), each reported when it ends. */
  counts: readonly K[];
}

/** A failure's code and message, without its stack: enough to tell a refusal from a timeout. */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
}

export class OutageLog<K extends string> {
  private downSince: number | undefined;
  private readonly tally = new Map<K, number>();

  constructor(private readonly options: OutageLogOptions<K>) {
    if (!options.dependency || !options.logger || !options.meanwhile || !Array.isArray(options.counts)) {
      throw new Error('OutageLog: dependency, logger, meanwhile and counts are required');
    }
  }

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** The dependency failed; logs the outage unless it is already known. */
  down(cause: unknown): void {
    if (this.downSince !== undefined) return;
    // Monotonic time: how long an outage lasted must not depend on wall-clock adjustments.
    this.downSince = performance.now();
    for (const name of this.options.counts) this.tally.set(name, 0);
    const { dependency, logger, meanwhile } = this.options;
    logger.error({ dependency, cause: describe(cause) }, `${dependency} unavailable: ${meanwhile}`);
  }

  /** The dependency answered; ends the outage, if there was one, with what it cost. */
  up(): void {
    if (this.downSince === undefined) return;
    const downForMs = Math.round(performance.now() - this.downSince);
    this.downSince = undefined;
    const counts = Object.fromEntries(this.tally);
    const summary = Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ');
    const { dependency, logger } = this.options;
    logger.info({ dependency, downForMs, ...counts }, `${dependency} available again after ${(downForMs / 1000).toFixed(1)} s (${summary})`);
  }

  /** Counts one request that took a failure mode while the dependency is down. */
  count(name: K): void {
    if (this.downSince === undefined) return;
    this.tally.set(name, (this.tally.get(name) ?? 0) + 1);
  }
}
