/**
 * GET /readyz for the load balancer: ready when the instance is not draining and the store
 * answers. It answers within timeoutMs whatever the store does: a stalled database makes it 503
 * after timeoutMs, not after the store's own (longer) bounds, which would outlast the probe's
 * timeout and read to a load balancer as a dead instance rather than an unready one.
 *
 * Probes that arrive while a ping is under way wait for that ping instead of starting another,
 * so a stalled store never collects a queue of pings, however often the load balancers ask.
 */
import type { Request, Response } from 'express';
import { StoreUnavailableError, type Health } from '../store/index.js';
import { ApiError } from './errors.js';
import { toApiError } from './problem.js';

export interface ReadinessOptions {
  store: Health;
  /** The longest a probe waits for the store before answering 503. */
  timeoutMs: number;
  /** True while shutting down: not ready, whatever the store says. */
  isDraining?: () => boolean;
}

/** Resolves true when the store answered within ms, false when it failed or did not answer in time. */
function answeredWithin(ping: Promise<boolean>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void ping.then((ok) => {
      clearTimeout(timer);
      resolve(ok);
    });
  });
}

/** The /readyz handler. */
export function readinessProbe(options: ReadinessOptions) {
  const { store, timeoutMs, isDraining } = options;
  if (!store || !Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('readinessProbe: store and a positive timeoutMs are required');
  let pending: Promise<boolean> | undefined;
  const ping = (): Promise<boolean> => {
    if (pending) return pending;
    const current = store.ping().then(
      () => true,
      () => false,
    );
    pending = current;
    void current.then(() => {
      if (pending === current) pending = undefined;
    });
    return current;
  };
  return async function readyz(_req: Request, res: Response): Promise<void> {
    if (isDraining?.()) throw new ApiError('service_unavailable', 'The instance is shutting down.');
    // Mapped as any store outage is (503, Retry-After), without counting as a refused partner request.
    if (!(await answeredWithin(ping(), timeoutMs))) throw toApiError(new StoreUnavailableError(`the store did not answer within ${timeoutMs} ms`));
    res.json({ status: 'ready' });
  };
}
