/**
 * Counts every request of a known partner into usage analytics when its response finishes,
 * including a request refused because the store could not answer (503, or 500): its partner is the
 * one its verified token names, though the partner's state could not be read. Usage counts what
 * the partner was answered, outages included (the recorder holds them until the store is back).
 */
import type { NextFunction, Request, Response } from 'express';
import type { UsageRecorder } from '../usage/recorder.js';

/** Middleware factory: records (partner, operation, series, status) on response finish. */
export function countUsage(options: { recorder: UsageRecorder }) {
  const { recorder } = options;
  if (!recorder) throw new Error('countUsage: recorder is required');
  return function countUsageMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (!req.operation) return next();
    res.once('finish', () => {
      // On authenticate, the partner is known once its key and secret matched: failed attempts are not its usage.
      const partnerId = req.partner?.id ?? (res.statusCode >= 500 ? req.tokenPartnerId : undefined);
      if (!partnerId || !req.operation) return;
      recorder.record({
        partnerId,
        operation: req.operation.operationId,
        seriesId: req.seriesGrants?.seriesId ?? null,
        status: res.statusCode,
        streamResolved: res.streamResolved === true,
      });
    });
    next();
  };
}
