/**
 * The studio fuzz suite's requests, generated from the studio contract (generated/studio/openapi.json)
 * as test/fuzz/requests.ts does from the partner's: for every operation a valid request as the
 * console sends it (session cookie, CSRF token, the listener's Origin, the contract's example body),
 * then that request with each parameter, header and body field given each hostile value, values
 * that merely look like secrets (`sk_…`, `scrypt$…`), a missing, revoked or forged session or CSRF
 * token, a foreign Origin, other content types and encodings, other methods, and seeded random
 * combinations. Signing out (here or everywhere) always carries another operator's session, so the
 * fuzzing session survives.
 */
import { gzipSync } from 'node:zlib';
import { studioSchemaTools, type Json } from '../helpers/contract-schemas.js';
import { operationOf } from '../helpers/coverage.js';
import { encode, hostileFor, NUMBERS, PATH_IDS, STRINGS } from './hostile-values.js';
import type { RawRequest } from './raw-http.js';
import { seeded } from './requests.js';

export interface StudioFuzzContext {
  /** The fuzzing owner's session: `studio_session=…`, and its CSRF token. */
  cookie: string;
  csrf: string;
  /** Another operator's session, the only one signing out (here or everywhere) uses: ended by the first. */
  signOutCookie: string;
  signOutCsrf: string;
  /** The listener's own origin. */
  origin: string;
  /** An operator to sign in as. */
  email: string;
  password: string;
  partnerId: string;
  seriesId: string;
  operatorId: string;
  jobId: string;
  /** A valid catalog file (the contract's example is abridged). */
  catalog: Record<string, unknown>;
  from: string;
  to: string;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: { type?: string; format?: string; enum?: string[] };
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  session: boolean;
  /** The contract's example request body, when the operation takes one. */
  example: Record<string, unknown> | undefined;
}

interface Parts {
  method: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body?: Buffer | string;
  omitHost?: boolean;
}

type Change = (p: Parts) => void;

const SECRET_LIKE = ['sk_' + 'A1b2C3d4'.repeat(6), 'scrypt$32768$8$1$c2FsdA$aGFzaA', '$argon2id$v=19$m=65536', 'pk_' + 'x'.repeat(24), 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.x'];
const EMAILS = ['scrypt$x@halcyon-studios.example', 'sk_abcdefghijklmnopqrstuvwxyz@halcyon-studios.example', 'a@b', '@halcyon-studios.example', 'a'.repeat(250) + '@x.example', 'MAYA@HALCYON-STUDIOS.EXAMPLE', 'maya@halcyon-studios.example\u0000', 'maya+é@halcyon-studios.example'];

function operations(): Operation[] {
  const { document, deref } = studioSchemaTools();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map((p) => deref<Parameter>(p));
      const media = (deref<Json>(op.requestBody ?? {}).content as Record<string, Json> | undefined)?.['application/json'];
      const security = (op.security ?? document.security ?? []) as unknown[];
      ops.push({ method: method.toUpperCase(), path, parameters, session: security.length > 0, example: media ? (deref<Record<string, unknown>>(media.example ?? {})) : undefined });
    }
  }
  return ops;
}

function validBody(op: Operation, ctx: StudioFuzzContext): Record<string, unknown> | undefined {
  if (!op.example) return undefined;
  if (op.path === '/api/studio/session') return { email: ctx.email, password: ctx.password };
  return op.path === '/api/studio/catalog/imports' ? ctx.catalog : op.example;
}

function base(op: Operation, ctx: StudioFuzzContext): Parts {
  const valid: Record<string, string> = { partner_id: ctx.partnerId, series_id: ctx.seriesId, operator_id: ctx.operatorId, job_id: ctx.jobId, from: ctx.from, to: ctx.to };
  const parts: Parts = { method: op.method, path: {}, query: [], headers: [['Origin', ctx.origin]] };
  for (const p of op.parameters) {
    if (p.in === 'path') parts.path[p.name] = encode(valid[p.name]!);
    else if (p.in === 'query' && p.required) parts.query.push([p.name, encode(valid[p.name]!)]);
  }
  if (op.session) parts.headers.push(['Cookie', ctx.cookie], ['X-CSRF-Token', ctx.csrf]);
  const body = validBody(op, ctx);
  if (body) {
    parts.headers.push(['Content-Type', 'application/json']);
    parts.body = JSON.stringify(body);
  }
  return parts;
}

const setQuery = (name: string, value: string): Change => (p) => void (p.query = [...p.query.filter(([n]) => n !== name), [name, value]]);
const addQuery = (name: string, value: string): Change => (p) => void p.query.push([name, value]);
const setHeader = (name: string, value: string | undefined): Change => (p) => {
  p.headers = p.headers.filter(([n]) => n.toLowerCase() !== name.toLowerCase());
  if (value !== undefined) p.headers.push([name, value]);
};
const setBody = (type: string | undefined, body: Buffer | string | undefined, encoding?: string): Change => (p) => {
  setHeader('Content-Type', type)(p);
  setHeader('Content-Encoding', encoding)(p);
  p.body = body;
};

/** Hostile values for one body field, by what the example holds there. */
function fieldValues(example: unknown): unknown[] {
  const scalars: unknown[] = [...STRINGS, ...SECRET_LIKE, ...EMAILS, ...NUMBERS.slice(0, 8).map(Number), null, true, [], {}, 1e308, -1];
  if (!Array.isArray(example)) return scalars;
  const item = (example[0] ?? {}) as Record<string, unknown>;
  const variants = Object.keys(item).flatMap((k) => [null, '', 'x'.repeat(300), 'sk_' + 'A'.repeat(40), ['read', 'read'], ['write'], 7, 'ser_0000000000'].map((v) => [{ ...item, [k]: v }]));
  return [...scalars.slice(0, 12), [], [null], [{}], [item, item], Array.from({ length: 1001 }, () => item), ...variants];
}

/** Every single change the suite makes to an operation's valid request. */
function changesFor(op: Operation, ctx: StudioFuzzContext): Change[] {
  const changes: Change[] = [];
  for (const p of op.parameters.filter((x) => x.in !== 'header')) {
    const values = p.in === 'path' ? [...PATH_IDS, ...SECRET_LIKE] : [...hostileFor(p.schema, p.name), ...(p.schema.enum ? [] : SECRET_LIKE)];
    for (const v of values) changes.push(p.in === 'path' ? (parts) => void (parts.path[p.name] = encode(v)) : setQuery(p.name, encode(v)));
    for (const v of values.slice(0, 6)) if (!/[\s\u0000]/.test(v)) changes.push(p.in === 'path' ? (parts) => void (parts.path[p.name] = v) : setQuery(p.name, v));
    changes.push(addQuery(p.name, encode(values[0] ?? '')), addQuery(`${p.name}[]`, '1'), addQuery(`${p.name}[a]`, '1'));
  }
  for (const [name, value] of [['unknown', '1'], ['__proto__', 'x'], ['constructor[prototype]', '1'], ['', ''], ['limit', '5'], ['a', '%']]) changes.push(addQuery(name!, value!));
  // The session and the checks on changes.
  for (const cookie of [undefined, 'studio_session=', 'studio_session=forged', `${ctx.signOutCookie}`, `studio_session=${'a'.repeat(5000)}`, `${ctx.cookie}; ${ctx.signOutCookie}`, 'studio_session=\u202E', 'other=1']) {
    changes.push(setHeader('Cookie', cookie));
  }
  for (const csrf of [undefined, '', 'forged', ctx.signOutCsrf, ctx.csrf + 'x', 'x'.repeat(5000), '🎬']) changes.push(setHeader('X-CSRF-Token', csrf));
  for (const origin of [undefined, 'https://evil.example', 'null', '', ctx.origin + '.evil.example', ctx.origin.toUpperCase()]) changes.push(setHeader('Origin', origin));
  changes.push(setHeader('Sec-Fetch-Site', 'cross-site'), setHeader('Sec-Fetch-Site', 'same-origin'), setHeader('Referer', 'https://evil.example/'));
  for (const v of ['', 'x'.repeat(129), '../../x', '\u202E', '🎬']) changes.push(setHeader('X-Request-Id', v));
  for (const v of ['text/html', '*/*', 'application/xml', '', 'application/problem+json']) changes.push(setHeader('Accept', v));
  changes.push(setHeader('If-None-Match', '*'), setHeader('Range', 'bytes=0-1'), setHeader('X-Forwarded-For', '1.2.3.4, \u202E'), setHeader('Expect', 'something-else'));
  changes.push(setHeader('X-Oversized', 'a'.repeat(30 * 1024)), setHeader('Host', 'evil.example'), (p) => void (p.omitHost = true), setHeader('Content-Length', 'abc'), setHeader('X-Nul', 'a\u0000b'));
  const json = JSON.stringify(validBody(op, ctx) ?? {});
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/vnd.api+json', 'APPLICATION/JSON', undefined]) {
    changes.push(setBody(type, json));
  }
  for (const encoding of ['gzip', 'br', 'identity', 'x-unknown']) changes.push(setBody('application/json', json, encoding));
  changes.push(setBody('application/json', gzipSync(json), 'gzip'), setBody('application/json', '\uFEFF' + json), setBody('application/json', ''));
  const example = validBody(op, ctx);
  if (example) {
    for (const body of ['null', '[]', '{}', '"x"', '1', '{"name":', '{'.repeat(5000), '{"__proto__":{"name":1}}', 'x'.repeat(20_000), JSON.stringify({ ...example, extra: 1 })]) {
      changes.push(setBody('application/json', body));
    }
    changes.push(setBody('application/json', JSON.stringify({ ...example, pad: 'x'.repeat(3 * 1024 * 1024) })));
    for (const [field, value] of Object.entries(example)) {
      for (const v of fieldValues(value)) changes.push(setBody('application/json', JSON.stringify({ ...example, [field]: v })));
      const { [field]: _dropped, ...without } = example;
      changes.push(setBody('application/json', JSON.stringify(without)));
    }
  }
  for (const method of ['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) if (method !== op.method) changes.push((p) => void (p.method = method));
  return changes;
}

/** Operations that end sessions: they carry the other operator's session. */
const SIGN_OUTS = new Set(['signOut', 'signOutEverywhere']);

function toRequest(op: Operation, parts: Parts, ctx: StudioFuzzContext): RawRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => parts.path[name] ?? '');
  const query = parts.query.map(([n, v]) => `${n}=${v}`).join('&');
  // Whatever the request became, signing out (here or everywhere) never ends the fuzzing session.
  // As the server routes it (a trailing slash, say): by its operation, not its spelling.
  const headers = SIGN_OUTS.has(operationOf(parts.method, path, 'studio') ?? '')
    ? parts.headers.map(([n, v]): [string, string] => [n, v.replace(ctx.cookie, ctx.signOutCookie).replace(ctx.csrf, ctx.signOutCsrf)])
    : parts.headers;
  const request: RawRequest = { method: parts.method, target: query ? `${path}?${query}` : path, headers, omitHost: parts.omitHost === true };
  if (parts.body !== undefined) request.body = parts.body;
  return request;
}

/** Every request of the suite, for every studio operation: single changes, then `combined` random combinations per operation, shuffled. */
export function studioFuzzRequests(ctx: StudioFuzzContext, seed: number, combined: number): RawRequest[] {
  const random = seeded(seed);
  const requests: RawRequest[] = [];
  for (const op of operations()) {
    const changes = changesFor(op, ctx);
    requests.push(toRequest(op, base(op, ctx), ctx));
    for (const change of changes) {
      const parts = base(op, ctx);
      change(parts);
      requests.push(toRequest(op, parts, ctx));
    }
    for (let i = 0; i < combined; i++) {
      const parts = base(op, ctx);
      const count = 2 + Math.floor(random() * 3);
      for (let j = 0; j < count; j++) changes[Math.floor(random() * changes.length)]!(parts);
      requests.push(toRequest(op, parts, ctx));
    }
  }
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}
