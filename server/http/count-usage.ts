/** Counts every request of a known partner into usage analytics when its response finishes. */
import type { NextFunction, Request, Response } from 'express';
import type { PartnerRecord } from '../store/types.js';
import type { UsageRecorder } from '../usage/recorder.js';

/** Middleware factory: records (partner, operation, series, status) on response finish. */
export function countUsage(options: { recorder: UsageRecorder }) {
  const { recorder } = options;
  if (!recorder) throw new Error('countUsage: recorder is required');
  return function countUsageMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (!req.operation) return next();
    res.once('finish', () => {
      // authenticate has no token: its partner is the one behind api_key, when that key is known.
      const partnerId = req.partner?.id ?? (res.locals.authPartner as PartnerRecord | undefined)?.id;
      if (!partnerId || !req.operation) return;
      recorder.record({
        partnerId,
        operation: req.operation.operationId,
        seriesId: req.seriesGrants?.seriesId ?? null,
        status: res.statusCode,
        streamResolved: res.locals.streamResolved === true,
      });
    });
    next();
  };
}
