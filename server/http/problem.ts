/**
 * The one place errors become RFC 9457 problem+json. Handlers and middleware only throw:
 * ApiError (ours), express-openapi-validator's HttpErrors, body-parser's errors, the service
 * layer's refusals and the store's own errors (StoreUnavailableError, InvalidCursorError) are
 * mapped here; anything else is a 500 whose detail reveals nothing.
 * The refusals Node's HTTP parser makes (server/http/app-server.ts) use the same document.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, problemType, PROBLEMS, type ProblemCode, type ValidationIssue } from './errors.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../services/errors.js';
import { ExpiredCursorError, InvalidCursorError, StoreUnavailableError } from '../store/index.js';

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

/**
 * Why a request body could not be read, for the errors body-parser passes on as a plain 400:
 * zlib's and brotli's (a body that does not match its Content-Encoding) and raw-body's (a body
 * shorter or longer than its Content-Length, or cut off).
 */
function unreadableBody(e: { type?: string; code?: string; status?: number; expose?: boolean; errors?: unknown }): string | undefined {
  if (e.status !== 400 || e.expose !== true || Array.isArray(e.errors)) return undefined;
  if (typeof e.code === 'string' && (e.code.startsWith('Z_') || e.code.startsWith('ERR__ERROR_'))) return 'The request body does not match its Content-Encoding.';
  if (e.type === 'request.size.invalid') return 'The request body does not match its Content-Length.';
  return 'The request body could not be read.';
}

const MAX_INSTANCE = 2048;
const MAX_DETAIL = 2000;
/** What a URI path may hold as it is (RFC 3986 pchar and "/"), besides percent-escapes. */
const PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;

/**
 * The problem's `instance`: the request path as a valid URI reference (anything a path may not
 * hold percent-encoded, byte by byte, as Node read the request line as latin1), or undefined
 * when that is longer than the contract allows.
 */
export function problemInstance(path: string): string | undefined {
  let out = '';
  for (let i = 0; i < path.length && out.length <= MAX_INSTANCE; i++) {
    const ch = path[i]!;
    const code = ch.charCodeAt(0);
    if (PATH_CHAR.test(ch)) out += ch;
    else if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) out += ch;
    else out += code < 0x100 ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(ch);
  }
  // "//x" would read as a host; the path never names one.
  if (out.startsWith('//')) out = '/%2F' + out.slice(2);
  return out.length <= MAX_INSTANCE ? out : undefined;
}

/** The problem document of an error, as every refusal is sent. */
export function problemDocument(apiError: ApiError, at: { instance: string | undefined; requestId: string }): Record<string, unknown> {
  const detail = apiError.message.length > MAX_DETAIL ? `${apiError.message.slice(0, MAX_DETAIL - 1)}…` : apiError.message;
  return {
    type: problemType(apiError.code),
    title: PROBLEMS[apiError.code].title,
    status: apiError.status,
    detail,
    ...(at.instance === undefined ? {} : { instance: at.instance }),
    code: apiError.code,
    request_id: at.requestId,
    ...(apiError.errors ? { errors: apiError.errors } : {}),
  };
}

/** Classifies any thrown value as an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  // The service layer's refusals (server/services/errors.ts), for the studio API.
  if (err instanceof NotFoundError) return new ApiError('not_found', `No ${err.kind} ${err.ids.join(', ')}.`, { cause: err });
  if (err instanceof InvalidInputError) {
    const issue: ValidationIssue = { location: 'body', pointer: `/${err.field}`, message: err.message.slice(0, 500) };
    return new ApiError('validation_failed', `The request does not match the contract: body /${err.field}: ${err.message}`, { errors: [issue], cause: err });
  }
  if (err instanceof ConflictError) return new ApiError('conflict', err.message, { cause: err });
  // The store's errors.
  if (err instanceof ExpiredCursorError) return new ApiError('cursor_expired', err.message, { cause: err });
  if (err instanceof InvalidCursorError) return new ApiError('invalid_cursor', err.message, { cause: err });
  if (err instanceof StoreUnavailableError) {
    return new ApiError('service_unavailable', 'The catalog store is temporarily unavailable; retry shortly.', {
      headers: { 'Retry-After': '5' },
      cause: err,
    });
  }
  const e = err as { type?: string; limit?: number; status?: number; statusCode?: number; errors?: ValidatorIssue[]; message?: string };
  // body-parser
  if (e.type === 'entity.parse.failed') return new ApiError('invalid_json', 'The request body is not valid JSON.', { cause: err });
  if (e.type === 'entity.too.large') return new ApiError('payload_too_large', `The request body is larger than ${e.limit} bytes.`, { cause: err });
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('unsupported_media_type', 'Send the body as UTF-8 application/json.', { cause: err });
  }
  const bodyProblem = unreadableBody(e);
  if (bodyProblem) return new ApiError('malformed_request', bodyProblem, { cause: err });
  // express-openapi-validator HttpError: request validation (4xx) or a response that broke the contract (500).
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && Array.isArray(e.errors)) {
    const code = fromStatus(status);
    if (code === 'validation_failed') {
      const issues = toIssues(e.errors);
      const detail = issues.map((i) => `${i.location} ${i.pointer}: ${i.message}`).join('; ');
      return new ApiError(code, `The request does not match the contract: ${detail}`, { errors: issues, cause: err });
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
 * (PostgreSQL, Redis) or from a drain, which server/platform/outage-log.ts reports once per outage with
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
    const body = problemDocument(apiError, { instance: problemInstance(req.path), requestId: req.id });
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    res.status(apiError.status).type('application/problem+json').json(body);
  };
}
