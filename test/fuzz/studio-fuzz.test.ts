/**
 * The studio contract through the same contract fuzzing as the partner's (test/fuzz/contract-fuzz.test.ts):
 * thousands of requests generated from generated/studio/openapi.json with a fixed seed (FUZZ_SEED
 * overrides it), sent raw to one real server on SQLite, as a signed-in owner with the session's CSRF
 * token (test/fuzz/studio-requests.ts). Every answer must be one the studio contract documents for
 * the operation addressed, nothing may answer 5xx, and the fuzzing session still works afterwards.
 *
 * The operator limits stay on: requests go in chunks smaller than every group's limit and the
 * injected clock opens a new window between chunks; the session's lifetime is raised so the
 * clock's travel does not end it.
 */
import { describe, expect, it } from 'vitest';
import { loadStudioContract } from '../../server/contract/studio.js';
import { studioContractViolations } from '../helpers/contract-responses.js';
import { operationOf, recordCoverage } from '../helpers/coverage.js';
import { catalogFile } from '../cli/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { newOperator, operatorSession, studio } from '../helpers/studio.js';
import { send, type RawRequest } from './raw-http.js';
import { studioFuzzRequests, type StudioFuzzContext } from './studio-requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const COMBINED = 40;
/** Below the smallest operator group limit (Imports, 10 a minute). */
const CHUNK = 9;
const SERIES = 'ser_7hx2k9qmbd';

interface Outcome {
  request: RawRequest;
  problem: string;
}

async function context(server: TestServer): Promise<StudioFuzzContext> {
  const owner = await operatorSession(server, 'owner');
  const second = await operatorSession(server, 'viewer');
  const signer = await newOperator(server, 'viewer');
  const editor = await newOperator(server, 'editor');
  const partner = await server.partner({ [SERIES]: ['read'] }, 'Fuzz');
  const catalog = catalogFile(1) as unknown as Record<string, unknown>;
  const imported = await studio(server, owner, 'POST', '/api/studio/catalog/imports', catalog);
  expect(imported.status, await imported.clone().text()).toBe(202);
  const today = new Date(server.clock.now()).toISOString().slice(0, 10);
  return {
    cookie: owner.cookie,
    csrf: owner.csrf,
    signOutCookie: second.cookie,
    signOutCsrf: second.csrf,
    origin: server.studioUrl,
    email: signer.email,
    password: signer.password,
    partnerId: partner.id,
    seriesId: SERIES,
    operatorId: editor.operatorId,
    jobId: ((await imported.json()) as { id: string }).id,
    catalog,
    from: '2026-01-01',
    to: today < '2026-03-01' ? today : '2026-03-01',
  };
}

describe('studio contract fuzzing', () => {
  it('answers thousands of hostile studio requests within the contract and never with a 5xx, and the session still works', { timeout: 600_000 }, async () => {
    const contract = loadStudioContract();
    const server = await startServer({ studioContract: { ...contract, sessionTtlMs: 30 * 24 * 3600 * 1000 } });
    const ctx = await context(server);
    const port = Number(new URL(server.studioUrl).port);
    const requests = studioFuzzRequests(ctx, SEED, COMBINED);
    const outcomes: Outcome[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < requests.length; i += CHUNK) {
      const chunk = requests.slice(i, i + CHUNK);
      const responses = await Promise.all(chunk.map((r) => send(port, r, 20_000).catch(() => 'timeout' as const)));
      responses.forEach((response, j) => {
        const request = chunk[j]!;
        if (response === 'timeout') return void outcomes.push({ request, problem: 'no response within 20 s' });
        if (!response) return void outcomes.push({ request, problem: 'no response' });
        statuses.push(response.status);
        // A 421 (a Host not allowed) is answered before any operation is resolved, whatever the path.
        const operationId = response.status === 421 ? undefined : operationOf(request.method, request.target.split('?')[0], 'studio');
        recordCoverage(operationId, response.status);
        if (response.status >= 500) outcomes.push({ request, problem: `answered ${response.status}: ${response.body.slice(0, 300)}` });
        for (const v of studioContractViolations({ operationId, method: request.method, ...response })) outcomes.push({ request, problem: `${response.status} ${v}` });
      });
      await server.advance(61_000);
      if (process.env.FUZZ_DEBUG === 'session' && (await studio(server, { cookie: ctx.cookie, csrf: ctx.csrf }, 'GET', '/api/studio/session')).status !== 200) {
        console.log('SESSION ENDED after', chunk.map((r) => `${r.method} ${r.target.slice(0, 80)} ${String(r.body ?? '').slice(0, 80)}`).join('\n'));
        break;
      }
    }

    const me = await studio(server, { cookie: ctx.cookie, csrf: ctx.csrf }, 'GET', '/api/studio/session');
    expect(me.status).toBe(200);

    const total = statuses.length + outcomes.filter((o) => o.problem.startsWith('no response')).length;
    const fivexx = statuses.filter((s) => s >= 500).length;
    const outside = new Set(outcomes.filter((o) => !o.problem.startsWith('answered 5')).map((o) => o.request)).size;
    if (process.env.FUZZ_DEBUG) console.log(JSON.stringify(Object.entries(statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {}))));
    if (process.env.FUZZ_DEBUG) {
      const kinds = outcomes.map((o) => `${o.request.method} ${operationOf(o.request.method, o.request.target.split('?')[0], 'studio') ?? '-'} ${o.problem.replace(/\d{3} /, (m) => m).slice(0, 160)}`);
      console.log(Object.entries(kinds.reduce<Record<string, number>>((m, k) => ((m[k] = (m[k] ?? 0) + 1), m), {})).map(([k, n]) => `${n} ${k}`).join('\n'));
    }
    console.log(`studio fuzz: ${total} requests, ${fivexx} answered 5xx, ${outside} responses outside the contract`);
    const report = outcomes.slice(0, 25).map((o) => `${o.request.method} ${o.request.target.slice(0, 160)} ${JSON.stringify(o.request.headers).slice(0, 200)} ${String(o.request.body ?? '').slice(0, 160)}\n    ${o.problem.slice(0, 400)}`);
    expect(report, `seed ${SEED}`).toEqual([]);
    expect(total).toBeGreaterThan(2000);
  });
});
