/**
 * The fuzz suite's requests, generated from the contract (generated/openapi.json): for every
 * operation a valid request, then that request with each parameter, header and body field given
 * each hostile value (test/fuzz/hostile-values.ts), repeated and unknown parameters, wrong and
 * mismatched content types and encodings, other methods, conditional and oversized requests,
 * and random combinations of several changes drawn from a seeded generator: the same seed gives
 * the same requests.
 */
import { gzipSync } from 'node:zlib';
import { contract, deref, type Json } from '../helpers/contract-schemas.js';
import { encode, hostileFor, NUMBERS, PATH_IDS, STRINGS } from './hostile-values.js';
import type { RawRequest } from './raw-http.js';

export interface FuzzContext {
  token: string;
  otherToken: string;
  apiKey: string;
  apiSecret: string;
  seriesId: string;
  episodeId: string;
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
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  bearer: boolean;
  hasBody: boolean;
}

/** A request as parts, so a change replaces one part of it. */
interface Parts {
  method: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body?: Buffer | string;
  omitHost?: boolean;
}

type Change = (p: Parts) => void;

/** Mulberry32: a small, fast, seeded PRNG. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of ['get', 'post']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map((p) => deref<Parameter>(p));
      const security = (op.security ?? contract.security) as unknown[];
      ops.push({ operationId: op.operationId as string, method: method.toUpperCase(), path, parameters, bearer: security.length > 0, hasBody: op.requestBody !== undefined });
    }
  }
  return ops;
}

function base(op: Operation, ctx: FuzzContext): Parts {
  const valid: Record<string, string> = { series_id: ctx.seriesId, episode_id: ctx.episodeId, q: 'light', from: ctx.from, to: ctx.to };
  const parts: Parts = { method: op.method, path: {}, query: [], headers: [] };
  for (const p of op.parameters) {
    if (p.in === 'path') parts.path[p.name] = encode(valid[p.name]!);
    else if (p.in === 'query' && p.required) parts.query.push([p.name, encode(valid[p.name]!)]);
  }
  if (op.bearer) parts.headers.push(['Authorization', `Bearer ${ctx.token}`]);
  if (op.hasBody) {
    parts.headers.push(['Content-Type', 'application/json']);
    parts.body = JSON.stringify({ api_key: ctx.apiKey, api_secret: ctx.apiSecret });
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

/** Every single change the suite makes to an operation's valid request. */
function changesFor(op: Operation, ctx: FuzzContext): Change[] {
  const changes: Change[] = [];
  for (const p of op.parameters.filter((x) => x.in !== 'header')) {
    const values = p.in === 'path' ? PATH_IDS : hostileFor(p.schema, p.name);
    for (const v of values) changes.push(p.in === 'path' ? (parts) => void (parts.path[p.name] = encode(v)) : setQuery(p.name, encode(v)));
    // Unencoded, as a careless client sends them (spaces and NUL break the request line: the parser refuses those).
    for (const v of values.slice(0, 6)) if (!/[\s\u0000]/.test(v)) changes.push(p.in === 'path' ? (parts) => void (parts.path[p.name] = v) : setQuery(p.name, v));
    changes.push(addQuery(p.name, encode(values[0] ?? '')), addQuery(`${p.name}[]`, '1'), addQuery(`${p.name}[a]`, '1'));
  }
  for (const [name, value] of [['unknown', '1'], ['__proto__', 'x'], ['constructor[prototype]', '1'], ['', ''], ['limit', '5'], ['a', '%']]) changes.push(addQuery(name!, value!));
  const auth = (v: string | undefined) => setHeader('Authorization', v);
  changes.push(
    auth(undefined), auth('Bearer'), auth('Bearer '), auth(`bearer ${ctx.token}`), auth(`Bearer ${ctx.token}=`), auth(`Bearer ${ctx.token}==`),
    auth(`Bearer  ${ctx.token} `), auth(`Bearer ${ctx.token} extra`), auth('Basic dXNlcjpwYXNz'), auth('Bearer a.b.c'), auth(`Bearer ${'a'.repeat(5000)}`),
    auth(`Bearer ${ctx.otherToken}`), auth(`Bearer ${ctx.token.split('.').reverse().join('.')}`), auth('Bearer \u202Eevil'), auth('Bearer 🎬'),
  );
  for (const v of ['', 'x'.repeat(129), 'ok-id', '../../x', '\u202E', '🎬', 'a b']) changes.push(setHeader('X-Request-Id', v));
  for (const v of ['text/html', '*/*', 'application/xml', '', 'application/problem+json', 'application/json;q=0']) changes.push(setHeader('Accept', v));
  for (const v of ['*', 'W/"x"', '"x", W/"y"', 'garbage']) changes.push(setHeader('If-None-Match', v));
  for (const v of ['100-continue', 'something-else']) changes.push(setHeader('Expect', v));
  changes.push(setHeader('If-Modified-Since', 'Thu, 01 Jan 1970 00:00:00 GMT'), setHeader('Range', 'bytes=0-1'), setHeader('X-Forwarded-For', '1.2.3.4, \u202E'));
  changes.push(setHeader('Accept-Encoding', 'gzip, br'), setHeader('Cookie', 'a=b'), setHeader('X-Oversized', 'a'.repeat(30 * 1024)), setHeader('Host', 'evil.example'), (p) => void (p.omitHost = true));
  changes.push(setHeader('Content-Length', 'abc'), setHeader('X-Nul', 'a\u0000b'), setHeader('X-Dup', 'a'), (p) => void p.headers.push(['Authorization', 'Bearer x.y.z']));
  const json = JSON.stringify({ api_key: ctx.apiKey, api_secret: ctx.apiSecret });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/vnd.api+json', 'APPLICATION/JSON', undefined]) {
    changes.push(setBody(type, json));
  }
  for (const encoding of ['gzip', 'deflate', 'br', 'identity', 'gzip, gzip', 'x-unknown', 'GZIP']) changes.push(setBody('application/json', json, encoding));
  changes.push(setBody('application/json', gzipSync(json), 'gzip'), setBody('application/json', '\uFEFF' + json), setBody('application/json', ''));
  if (op.hasBody) {
    for (const body of ['null', '[]', '{}', '"x"', '1', '{"api_key":', '{'.repeat(5000), `{"api_key":"${ctx.apiKey}","api_key":"x","api_secret":"${ctx.apiSecret}"}`, '{"__proto__":{"api_key":1}}', 'x'.repeat(20_000)]) {
      changes.push(setBody('application/json', body));
    }
    for (const field of ['api_key', 'api_secret']) {
      const values: unknown[] = [...STRINGS, ...NUMBERS.map(Number), null, true, [], {}, 1e308, ctx.apiSecret, ctx.apiKey];
      for (const v of values) changes.push(setBody('application/json', JSON.stringify({ api_key: ctx.apiKey, api_secret: ctx.apiSecret, [field]: v })));
    }
  }
  for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'GET']) if (method !== op.method) changes.push((p) => void (p.method = method));
  return changes;
}

function toRequest(op: Operation, parts: Parts): RawRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => parts.path[name] ?? '');
  const query = parts.query.map(([n, v]) => `${n}=${v}`).join('&');
  const request: RawRequest = { method: parts.method, target: query ? `${path}?${query}` : path, headers: parts.headers, omitHost: parts.omitHost === true };
  if (parts.body !== undefined) request.body = parts.body;
  return request;
}

/** Every request of the suite, for every operation of the contract: single changes, then `combined` random combinations per operation. */
export function fuzzRequests(ctx: FuzzContext, seed: number, combined: number): RawRequest[] {
  const random = seeded(seed);
  const requests: RawRequest[] = [];
  for (const op of operations()) {
    const changes = changesFor(op, ctx);
    requests.push(toRequest(op, base(op, ctx)));
    for (const change of changes) {
      const parts = base(op, ctx);
      change(parts);
      requests.push(toRequest(op, parts));
    }
    for (let i = 0; i < combined; i++) {
      const parts = base(op, ctx);
      const count = 2 + Math.floor(random() * 3);
      for (let j = 0; j < count; j++) changes[Math.floor(random() * changes.length)]!(parts);
      requests.push(toRequest(op, parts));
    }
  }
  // A seeded shuffle, so neighbouring requests hit different operations and limits.
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}
