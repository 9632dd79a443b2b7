/**
 * The one place errors become RFC 9457 problem+json. Handlers and middleware only throw:
 * ApiError (ours), express-openapi-validator's HttpErrors, body-parser's errors and the store's
 * StoreUnavailableError are mapped here; anything else is a 500 whose detail reveals nothing.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, problemType, PROBLEMS, StoreUnavailableError, type ProblemCode, type ValidationIssue } from '../errors.js';

interface ValidatorIssue {
  path?: string;
  message?: string;
}

const LOCATIONS: Record<string, ValidationIssue['location']> = {
  body: 'body',
  query: 'query',
  params: 'path',
  path: 'path',
  headers: 'header',
  header: 'header',
};

/** Turns express-openapi-validator's `/query/limit`-style paths into contract ValidationIssues. */
function toIssues(errors: ValidatorIssue[] | undefined): ValidationIssue[] {
  return (errors ?? []).slice(0, 100).map((e) => {
    const [, where = 'body', ...rest] = (e.path ?? '').split('/');
    const location = LOCATIONS[where] ?? 'body';
    const pointer = location === 'body' ? '/' + rest.join('/') : rest.join('/') || where;
    return { location, pointer: pointer.slice(0, 512), message: (e.message ?? 'is invalid').slice(0, 500) };
  });
}

function fromStatus(status: number): ProblemCode {
  switch (status) {
    case 400: return 'validation_failed';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 405: return 'method_not_allowed';
    case 413: return 'payload_too_large';
    case 415: return 'unsupported_media_type';
    case 503: return 'service_unavailable';
    default: return 'internal_error';
  }
}

/** Classifies any thrown value as an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) {
    return new ApiError('service_unavailable', 'The catalog store is temporarily unavailable; retry shortly.', {
      headers: { 'Retry-After': '5' },
      cause: err,
    });
  }
  const e = err as { type?: string; status?: number; statusCode?: number; errors?: ValidatorIssue[]; message?: string };
  // body-parser
  if (e.type === 'entity.parse.failed') return new ApiError('invalid_json', 'The request body is not valid JSON.', { cause: err });
  if (e.type === 'entity.too.large') return new ApiError('payload_too_large', 'The request body is larger than 16384 bytes.', { cause: err });
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('unsupported_media_type', 'Send the body as UTF-8 application/json.', { cause: err });
  }
  // express-openapi-validator HttpError: request validation (4xx) or a response that broke the contract (500).
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && Array.isArray(e.errors)) {
    const code = fromStatus(status);
    if (code === 'validation_failed') {
      const issues = toIssues(e.errors);
      const detail = issues.map((i) => `${i.location} ${i.pointer}: ${i.message}`).join('; ');
      return new ApiError(code, `The request does not match the contract: ${detail}`.slice(0, 2000), { errors: issues, cause: err });
    }
    if (code === 'unsupported_media_type') return new ApiError(code, 'Send the body as application/json.', { cause: err });
    if (code === 'method_not_allowed' || code === 'not_found') return new ApiError(code, 'No such operation; see the API reference at /docs.', { cause: err });
    return new ApiError(code, PROBLEMS[code].title, { cause: err });
  }
  return new ApiError('internal_error', 'The server could not complete the request.', { cause: err });
}

export interface ProblemHandlerOptions {
  logger: Logger;
  /** Called for each partner request refused because the store is unavailable (counted by the outage log). */
  onStoreUnavailable?: () => void;
}

/**
 * Error middleware factory: answers every error as problem+json and logs server-side failures
 * with their cause. A 503 is not logged here: each comes from a dependency that is down
 * (PostgreSQL, Redis) or from a drain, which server/outage-log.ts reports once per outage with
 * counts, and the access log still records every request.
 */
export function problemHandler(options: ProblemHandlerOptions) {
  const { logger, onStoreUnavailable } = options;
  if (!logger) throw new Error('problemHandler: logger is required');
  return function problemHandlerMiddleware(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    const apiError = toApiError(err);
    if (err instanceof StoreUnavailableError && req.operation) onStoreUnavailable?.();
    if (apiError.status >= 500 && apiError.status !== 503) {
      // The partner sees a generic problem; the log keeps what broke (e.g. a response that violated the contract).
      logger.error(
        { err: apiError.cause ?? err, requestId: req.id, operationId: req.operation?.operationId, status: apiError.status },
        'request failed',
      );
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = {
      type: problemType(apiError.code),
      title: PROBLEMS[apiError.code].title,
      status: apiError.status,
      detail: apiError.message,
      instance: req.path,
      code: apiError.code,
      request_id: req.id,
      ...(apiError.errors ? { errors: apiError.errors } : {}),
    };
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    res.status(apiError.status).type('application/problem+json').json(body);
  };
}
