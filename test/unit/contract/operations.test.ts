import { describe, expect, it } from 'vitest';
import { contract as doc, deref, validatorFor, type Json } from '../../helpers/contract-schemas.js';

interface Operation extends Json {
  operationId: string;
  security?: Json[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  servers?: { url: string }[];
  'x-rate-limit-group'?: string;
  'x-required-grant'?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => ({
    method: method.toUpperCase(),
    path,
    item,
    op: item[method] as Operation,
  })),
);

const EXPECTED: [operationId: string, method: string, path: string, group: string, grant: string | undefined][] = [
  ['authenticate', 'POST', '/api/partner/auth', 'Authentication', undefined],
  ['verifyToken', 'GET', '/api/partner/auth/verify', 'TokenVerification', undefined],
  ['listEntitlements', 'GET', '/api/partner/content/entitlements', 'Content', undefined],
  ['getCatalog', 'GET', '/api/partner/content/catalog', 'Content', 'read'],
  ['listChanges', 'GET', '/api/partner/content/changes', 'Content', undefined],
  ['searchCatalog', 'GET', '/api/partner/content/search', 'Content', 'read'],
  ['getSeries', 'GET', '/api/partner/content/series/{series_id}', 'Content', 'read'],
  ['listEpisodes', 'GET', '/api/partner/content/series/{series_id}/episodes', 'Content', 'read'],
  ['getEpisode', 'GET', '/api/partner/content/episodes/{episode_id}', 'Content', 'read'],
  ['resolveStream', 'GET', '/api/partner/streaming/episodes/{episode_id}', 'Streaming', 'stream'],
  ['getUsage', 'GET', '/api/partner/analytics/usage', 'Content', undefined],
  ['listWebhookDeliveries', 'GET', '/api/partner/webhooks/deliveries', 'Content', undefined],
];

const responsesOf = (op: Operation) => Object.entries(op.responses).map(([status, r]) => [status, deref(r)] as const);

describe('the bundled contract (generated/openapi.json)', () => {
  it('holds exactly the twelve partner operations, no more', () => {
    const found = operations.map(({ method, path, op }) => `${op.operationId} ${method} ${path}`).sort();
    expect(found).toEqual(EXPECTED.map(([id, method, path]) => `${id} ${method} ${path}`).sort());
  });

  it.each(
    EXPECTED.map(([operationId, method, path, group, grant]) => ({ operationId, method, path, group, grant, needs: grant ?? 'no' })),
  )(
    '$operationId is $method $path in rate-limit group $group and needs $needs grant',
    ({ operationId, method, path, group, grant }) => {
      const found = operations.find(({ op }) => op.operationId === operationId);
      expect(found, `${operationId} is missing`).toBeDefined();
      expect({ method: found?.method, path: found?.path }).toEqual({ method, path });
      expect(found?.op['x-rate-limit-group']).toBe(group);
      expect(found?.op['x-required-grant']).toBe(grant);
    },
  );

  it('states the rate-limit groups: Authentication 10 (closed while Redis is down), TokenVerification 60, Content 100 and Streaming 100 (open) per 60 s', () => {
    expect(doc.info['x-rate-limit-groups']).toEqual({
      Authentication: { limit: 10, window_seconds: 60, fail_mode: 'closed' },
      TokenVerification: { limit: 60, window_seconds: 60, fail_mode: 'open' },
      Content: { limit: 100, window_seconds: 60, fail_mode: 'open' },
      Streaming: { limit: 100, window_seconds: 60, fail_mode: 'open' },
    });
  });

  it('states the limit of failed authentications per client address: 20 per 60 s, open while Redis is down', () => {
    expect(doc.info['x-failed-authentication-limit']).toEqual({ limit: 20, window_seconds: 60, fail_mode: 'open' });
  });

  it('marks the reads whose 200 body may be reused while the catalog and grants are unchanged, and the longest usage range', () => {
    const cached = operations.filter(({ op }) => op['x-response-cache'] === true).map(({ op }) => op.operationId);
    expect(cached.sort()).toEqual(['getCatalog', 'getEpisode', 'getSeries', 'listEntitlements', 'listEpisodes', 'searchCatalog']);
    expect(operations.find(({ op }) => op.operationId === 'getUsage')?.op['x-max-range-days']).toBe(92);
  });

  it.each(EXPECTED.map(([id]) => id))('%s documents 408 and 431, the refusals of the HTTP parser', (operationId) => {
    const op = operations.find(({ op }) => op.operationId === operationId)?.op;
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['408', '431']));
  });

  it('lets authenticate alone go without a bearer token', () => {
    const scheme = doc.components.securitySchemes.bearerAuth;
    expect({ type: scheme?.type, scheme: scheme?.scheme }).toEqual({ type: 'http', scheme: 'bearer' });
    for (const { op } of operations) {
      const effective = op.security ?? doc.security;
      expect(effective, op.operationId).toEqual(op.operationId === 'authenticate' ? [] : [{ bearerAuth: [] }]);
    }
  });

  it('answers every 4xx and 5xx with an application/problem+json Problem document', () => {
    const errors = operations.flatMap(({ op }) =>
      responsesOf(op)
        .filter(([status]) => /^[45]/.test(status))
        .map(([status, response]) => ({ at: `${op.operationId} ${status}`, content: response.content as Json | undefined })),
    );
    expect(errors.length).toBeGreaterThanOrEqual(operations.length * 4);
    for (const { at, content } of errors) {
      expect(Object.keys(content ?? {}), at).toEqual(['application/problem+json']);
      expect((content?.['application/problem+json'] as Json).schema, at).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });

  it.each(EXPECTED.map(([id]) => id))('%s documents 400, 401, 429 and 500', (operationId) => {
    const op = operations.find(({ op }) => op.operationId === operationId)?.op;
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '429', '500']));
  });

  it('sends Retry-After with every 429, and RateLimit and RateLimit-Policy with every 2xx and 4xx a limit has counted', () => {
    // 408 and 431 are the HTTP parser's refusals (server/http/app-server.ts), made before any limit counts the request.
    const beforeAnyLimit = ['408', '431'];
    for (const { op } of operations) {
      for (const [status, response] of responsesOf(op)) {
        const headers = Object.keys((response.headers as Json | undefined) ?? {});
        if (status === '429') expect(headers, `${op.operationId} ${status}`).toContain('Retry-After');
        if (/^[24]/.test(status) && !beforeAnyLimit.includes(status)) {
          expect(headers, `${op.operationId} ${status}`).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
        }
      }
    }
  });

  it('names no plain-http server', () => {
    const servers = [
      ...(doc.servers ?? []),
      ...operations.flatMap(({ item, op }) => [...((item.servers as { url: string }[]) ?? []), ...(op.servers ?? [])]),
    ];
    expect(servers.length).toBeGreaterThan(0);
    expect(servers.map((s) => s.url).filter((url) => !url.startsWith('https://'))).toEqual([]);
  });
});

// Every example must validate against its schema with a JSON Schema 2020-12 validator, independently
// of the Redocly rules that check the same: partners copy these examples, and Prism serves them.
interface ExampleCase {
  where: string;
  schema: Json;
  value: unknown;
}

function examplesOf(where: string, holder: Json, schema: unknown): ExampleCase[] {
  if (schema === undefined) return [];
  const cases: ExampleCase[] = [];
  if ('example' in holder) cases.push({ where: `${where} example`, schema: schema as Json, value: holder.example });
  for (const [name, example] of Object.entries((holder.examples as Json | undefined) ?? {})) {
    const resolved = deref<{ value?: unknown; externalValue?: string }>(example);
    if (resolved.externalValue !== undefined) throw new Error(`${where} example "${name}" is external: inline it`);
    cases.push({ where: `${where} example "${name}"`, schema: schema as Json, value: resolved.value });
  }
  return cases;
}

const exampleCases: ExampleCase[] = operations.flatMap(({ item, op }) => {
  const cases: ExampleCase[] = [];
  for (const p of [...((item.parameters as Json[]) ?? []), ...(op.parameters ?? [])]) {
    const param = deref(p);
    cases.push(...examplesOf(`${op.operationId} parameter ${param.name as string}`, param, param.schema));
  }
  for (const [type, media] of Object.entries((deref(op.requestBody ?? {}).content as Record<string, Json>) ?? {})) {
    cases.push(...examplesOf(`${op.operationId} request ${type}`, media, media.schema));
  }
  for (const [status, response] of responsesOf(op)) {
    for (const [type, media] of Object.entries((response.content as Record<string, Json>) ?? {})) {
      cases.push(...examplesOf(`${op.operationId} ${status} ${type}`, media, media.schema));
    }
    for (const [name, h] of Object.entries((response.headers as Json | undefined) ?? {})) {
      const header = deref(h);
      cases.push(...examplesOf(`${op.operationId} ${status} header ${name}`, header, header.schema));
    }
  }
  return cases;
});
const schemaCases: ExampleCase[] = Object.entries(doc.components.schemas).flatMap(([name, schema]) =>
  ((schema.examples as unknown[] | undefined) ?? []).map((value, i) => ({
    where: `schema ${name} examples[${i}]`,
    schema: { $ref: `#/components/schemas/${name}` },
    value,
  })),
);

/** Shared responses and headers repeat the same example under every operation: check each once. */
function distinct(cases: ExampleCase[]): ExampleCase[] {
  const groups = new Map<string, ExampleCase[]>();
  for (const c of cases) {
    const key = JSON.stringify([c.schema, c.value]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].map(([first, ...rest]) => ({
    ...(first as ExampleCase),
    where: rest.length > 0 ? `${first?.where} (and ${rest.length} more places)` : `${first?.where}`,
  }));
}

describe('the contract examples', () => {
  it('cover every operation: each has a documented success body', () => {
    for (const { op } of operations) {
      const success = new RegExp(`^${op.operationId} 2\\d\\d application/json example`);
      expect(exampleCases.some((c) => success.test(c.where)), op.operationId).toBe(true);
    }
    expect(exampleCases.some((c) => c.where.startsWith('authenticate request application/json example'))).toBe(true);
  });

  it.each(distinct([...exampleCases, ...schemaCases]).map((c) => [c.where, c] as const))('%s validates against its schema', (_, c) => {
    const validate = validatorFor(c.schema);
    expect(validate(c.value) ? [] : validate.errors).toEqual([]);
  });
});
