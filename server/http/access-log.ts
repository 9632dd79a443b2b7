/**
 * One JSON log line per request when its response closes: request id, partner, contract
 * operation, method and URL, status and latency. Written here rather than with pino-http, whose
 * per-request child logger serialized and redacted the request on every call even when the line
 * was not going to be written (about 12% of a cached catalog page's CPU); the line itself is
 * made by access-line.ts and gathered into few writes (logger.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { accessWriterFor, redactQuerySecrets } from '../platform/logger.js';

export interface AccessLogOptions {
  logger: Logger;
  /** The partner a request was made for, once its API knows it. */
  partnerId?: (req: Request) => string | undefined;
  /** The signed-in operator who made a request, once its API knows it. */
  operatorId?: (req: Request) => string | undefined;
}

/** Middleware factory: logs every request at info (error for 5xx but 503, warn for 503 and aborts) once it is answered or aborted. */
export function accessLog(options: AccessLogOptions) {
  if (!options.logger) throw new Error('accessLog: logger is required');
  const { partnerId, operatorId } = options;
  // Its lines hold only the fields set here, so they skip the process logger's redaction (server/platform/logger.ts).
  const access = accessWriterFor(options.logger);
  return function accessLogMiddleware(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    res.once('close', () => {
      // 503 is a dependency outage or a drain, reported once by server/platform/outage-log.ts: warn, not an error per request.
      const level = res.statusCode === 503 ? 'warn' : res.statusCode >= 500 ? 'error' : res.writableFinished ? 'info' : 'warn';
      if (!access.enabled(level)) return;
      access.write(
        level,
        {
          requestId: req.id,
          partnerId: partnerId?.(req),
          operatorId: operatorId?.(req),
          operationId: req.operation?.operationId,
          method: req.method,
          url: redactQuerySecrets(req.originalUrl),
          statusCode: res.statusCode,
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
