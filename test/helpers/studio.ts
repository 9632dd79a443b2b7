/**
 * Studio API helpers over a test server (test/helpers/server.ts): operators of each role created
 * through the same function as `npm run admin -- operator create`, signed in over HTTP, and
 * requests carrying their session cookie, CSRF token and the listener's own Origin.
 */
import type { Role } from '../../server/contract/load.js';
import { createOperator } from '../../server/services/operators.js';
import type { TestServer } from './server.js';

export interface SignedIn {
  email: string;
  password: string;
  operatorId: string;
  /** `__Host-studio_session=<token>` as a Cookie header. */
  cookie: string;
  csrf: string;
  /** The Set-Cookie header of the sign-in. */
  setCookie: string;
}

let counter = 0;

/** Creates an operator with a fresh initial password (as the CLI does); nothing signed in. */
export async function newOperator(server: TestServer, role: Role): Promise<{ email: string; password: string; operatorId: string }> {
  const email = `op${++counter}-${role}@halcyon-studios.example`;
  const now = new Date(server.clock.now()).toISOString();
  const created = await createOperator({ store: server.store, actor: { kind: 'cli', user: 'test' }, now }, email, role, 'operator.create');
  if (!created) throw new Error('operator exists');
  return { email, password: created.initialPassword, operatorId: created.operator.id };
}

/** Signs in over HTTP; throws unless it answers 200. */
export async function signIn(server: TestServer, credentials: { email: string; password: string }): Promise<Omit<SignedIn, 'email' | 'password' | 'operatorId'>> {
  const res = await studio(server, undefined, 'POST', '/api/studio/session', { email: credentials.email, password: credentials.password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const body = (await res.json()) as { csrf_token: string };
  return { cookie: setCookie.split(';')[0]!, csrf: body.csrf_token, setCookie };
}

/** A new operator of the role, signed in. */
export async function operatorSession(server: TestServer, role: Role): Promise<SignedIn> {
  const operator = await newOperator(server, role);
  return { ...operator, ...(await signIn(server, operator)) };
}

export interface StudioRequestOptions {
  /** Headers to add or (with undefined) leave out: Origin and X-CSRF-Token are sent by default. */
  headers?: Record<string, string | undefined>;
}

/** A request to the studio listener as the operator's dashboard would send it. */
export function studio(server: TestServer, session: Pick<SignedIn, 'cookie' | 'csrf'> | undefined, method: string, path: string, body?: unknown, options: StudioRequestOptions = {}): Promise<Response> {
  const headers: Record<string, string | undefined> = {
    Origin: server.studioUrl,
    ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } : {}),
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...options.headers,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  return fetch(server.studioUrl + path, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
}
