/**
 * The one error registry: every problem the API can answer, with its stable code, status and
 * title. Handlers and middleware throw ApiError; server/http/problem.ts turns it into
 * RFC 9457 problem+json. Codes match the `code` enum of the contract's Problem schema.
 */
import type { components } from '../../generated/api.js';
import type { components as studio } from '../../generated/studio/api.js';

/** Every code of either contract's Problem schema (the studio API adds a few of its own). */
export type ProblemCode = components['schemas']['Problem']['code'] | studio['schemas']['Problem']['code'];
export type ValidationIssue = components['schemas']['ValidationIssue'];

interface ProblemKind {
  status: number;
  title: string;
}

export const PROBLEMS: Record<ProblemCode, ProblemKind> = {
  validation_failed: { status: 400, title: 'Bad Request' },
  malformed_request: { status: 400, title: 'Malformed Request' },
  invalid_json: { status: 400, title: 'Malformed JSON' },
  invalid_cursor: { status: 400, title: 'Invalid Cursor' },
  cursor_expired: { status: 410, title: 'Cursor Expired' },
  invalid_date_range: { status: 400, title: 'Invalid Date Range' },
  invalid_credentials: { status: 401, title: 'Invalid Credentials' },
  oidc_state_invalid: { status: 401, title: 'Sign-In State Invalid' },
  email_not_verified: { status: 403, title: 'Email Not Verified' },
  identity_conflict: { status: 409, title: 'Identity Conflict' },
  partner_disabled: { status: 403, title: 'Partner Disabled' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  token_expired: { status: 401, title: 'Token Expired' },
  token_revoked: { status: 401, title: 'Token Revoked' },
  forbidden: { status: 403, title: 'Forbidden' },
  csrf_rejected: { status: 403, title: 'CSRF Check Failed' },
  mfa_required: { status: 401, title: 'Second Factor Required' },
  invalid_mfa_code: { status: 401, title: 'Invalid Second Factor Code' },
  mfa_enrolment_required: { status: 403, title: 'Second Factor Enrolment Required' },
  wrong_password: { status: 400, title: 'Wrong Password' },
  enrolment_code_wrong: { status: 400, title: 'Enrolment Code Wrong' },
  reset_link_invalid: { status: 400, title: 'Reset Link Invalid' },
  webhook_url_refused: { status: 400, title: 'Webhook URL Refused' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  request_timeout: { status: 408, title: 'Request Timeout' },
  misdirected_request: { status: 421, title: 'Misdirected Request' },
  payload_too_large: { status: 413, title: 'Payload Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  too_many_concurrent_searches: { status: 429, title: 'Too Many Concurrent Searches' },
  request_header_fields_too_large: { status: 431, title: 'Request Header Fields Too Large' },
  outside_availability_window: { status: 451, title: 'Outside Availability Window' },
  internal_error: { status: 500, title: 'Internal Server Error' },
  service_unavailable: { status: 503, title: 'Service Unavailable' },
  search_capacity_exhausted: { status: 503, title: 'Search Capacity Exhausted' },
};

/** Base URL of the pages that document each problem type. */
export const PROBLEM_TYPE_BASE = 'https://partners.halcyon-studios.example/problems/';

/** The `type` URI of a problem code. */
export function problemType(code: ProblemCode): string {
  return PROBLEM_TYPE_BASE + code.replaceAll('_', '-');
}

export interface ApiErrorOptions {
  errors?: ValidationIssue[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error the API reports to the partner as a problem document. */
export class ApiError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly errors: ValidationIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ProblemCode, detail: string, options: ApiErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = PROBLEMS[code].status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}
