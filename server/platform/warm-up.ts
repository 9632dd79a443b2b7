/**
 * Warm-up before the instance says it is ready: the first requests after a deploy should meet
 * the same budgets as the tenth, not pay for starting search workers, preparing statements or
 * reading cold pages (about 280 ms measured for the first searches). Steps run together, bounded
 * as a whole by WARMUP_TIMEOUT_MS: a step that has not finished by then is left to finish on its
 * own and the instance becomes ready anyway (a slow warm-up must not keep a healthy instance out
 * of rotation), and the log says at info what was warmed and how long it took.
 */
import type { Logger } from 'pino';

export interface WarmUpOptions {
  /** Named steps; each warms something the first requests would otherwise pay for. */
  steps: Record<string, () => Promise<unknown>>;
  /** Bound on the whole warm-up (WARMUP_TIMEOUT_MS); 0 skips it. */
  timeoutMs: number;
  logger: Pick<Logger, 'info'>;
  now?: () => number;
}

export interface WarmUpResult {
  warmed: string[];
  /** Failed, or not finished within the bound. */
  cold: string[];
  ms: number;
}

/** Runs the steps together within timeoutMs and logs one line at info with what was warmed. */
export async function warmUp(options: WarmUpOptions): Promise<WarmUpResult> {
  const { steps, timeoutMs, logger } = options;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw new RangeError('warmUp: timeoutMs must be a non-negative integer');
  const now = options.now ?? (() => performance.now());
  const started = now();
  const warmed: string[] = [];
  const names = timeoutMs === 0 ? [] : Object.keys(steps);
  let timer: NodeJS.Timeout | undefined;
  const all = Promise.all(names.map((name) => steps[name]!().then(() => void warmed.push(name), () => undefined)));
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  const done = [...warmed];
  const result: WarmUpResult = { warmed: done, cold: Object.keys(steps).filter((n) => !done.includes(n)), ms: Math.round(now() - started) };
  logger.info(result, 'warm-up done');
  return result;
}
