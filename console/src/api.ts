/**
 * The studio API as the console calls it: openapi-fetch typed by the studio contract's generated
 * types, so the contract reaches the browser too. Same origin (the studio listener serves the
 * console), the session cookie goes along by itself, and every change carries the session's CSRF
 * token. Failures come back as problem documents; a network failure becomes one without a request id.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../generated/studio/api.js';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

/** A problem document, or the console's own description of a failure that produced none. */
export interface ApiProblem {
  title: string;
  detail: string;
  status: number;
  code?: string;
  request_id?: string;
  errors?: { where: string; message: string }[];
  /** Seconds to wait before asking again (Retry-After of a 429 or 503). */
  retry_after?: number;
}

let csrfToken: string | undefined;
/** The token of the current session (GET /api/studio/session or sign-in), sent with every change. */
export function useCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

const csrf: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD' && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

let sessionEnded: (() => void) | undefined;
/** Called when a call that needed the session answers 401: it expired, went idle, the operator was disabled or it was ended elsewhere. */
export function onSessionEnded(listener: (() => void) | undefined): void {
  sessionEnded = listener;
}

/** Sent after every change the studio API accepted, so what shows changes (recent audit entries) reads again. */
export const CHANGED_EVENT = 'studio:changed';

// Signing in and setting a password with a reset link answer 401 or 400 on their own terms, with no session to lose.
const NO_SESSION = new Set(['/api/studio/session', '/api/studio/password-reset']);
const watch: Middleware = {
  onResponse({ request, response }) {
    const path = new URL(request.url, location.origin).pathname;
    if (response.status === 401 && !(request.method === 'POST' && NO_SESSION.has(path))) sessionEnded?.();
    if (response.ok && request.method !== 'GET' && !path.startsWith('/api/studio/session')) dispatchEvent(new Event(CHANGED_EVENT));
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(csrf, watch);

function asProblem(error: unknown, response: Response | undefined): ApiProblem {
  const doc = error as Partial<Problem> | undefined;
  const wait = Number(response?.headers.get('Retry-After') ?? NaN);
  if (doc && typeof doc === 'object' && typeof doc.title === 'string') {
    return {
      ...(Number.isFinite(wait) && wait >= 0 ? { retry_after: wait } : {}),
      title: doc.title,
      detail: doc.detail ?? '',
      status: doc.status ?? response?.status ?? 0,
      ...(doc.code ? { code: doc.code } : {}),
      ...(doc.request_id ? { request_id: doc.request_id } : {}),
      ...(doc.errors ? { errors: doc.errors.map((e) => ({ where: `${e.location} ${e.pointer}`, message: e.message })) } : {}),
    };
  }
  return { title: 'The studio API did not answer', detail: `HTTP ${response?.status ?? 'no response'}. Check your connection and try again.`, status: response?.status ?? 0 };
}

/** Thrown by `ok` for every failed call; pages show it with ProblemNotice. */
export class ProblemError extends Error {
  constructor(readonly problem: ApiProblem) {
    super(problem.title);
  }
}

/** The data of a successful openapi-fetch result, or a ProblemError. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw new ProblemError({ title: 'The studio API could not be reached', detail: (error as Error).message, status: 0 });
  }
  if (result.error !== undefined || !result.response.ok) throw new ProblemError(asProblem(result.error, result.response));
  return result.data as T;
}

export function problemOf(error: unknown): ApiProblem {
  return error instanceof ProblemError ? error.problem : { title: 'Something went wrong in the console', detail: String((error as Error)?.message ?? error), status: 0 };
}
