/**
 * Operator sessions across instances: two real `npm start` servers on one fresh PostgreSQL
 * schema, each with its own studio listener (STUDIO_PORT=0), and the real admin CLI. Signing out
 * everywhere on one instance ends the operator's sessions on both at their next request; a reset
 * link printed by `npm run admin -- operator reset-password` sets the password through either
 * instance, once, and ends every session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { startEntry } from '../helpers/entry.js';
import { createTestSchema, reportSkipped, skipReason, type TestSchema } from '../helpers/services.js';

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('Studio sessions across instances (PostgreSQL)', skipped);

interface Session {
  base: string;
  cookie: string;
  csrf: string;
}

describe.skipIf(skipped)('operator sessions on two instances sharing one PostgreSQL', () => {
  let schema: TestSchema;
  const children: Child[] = [];
  const studios: string[] = [];

  const admin = async <T>(...args: string[]): Promise<T> => {
    const result = await runCli([...args, '--json'], { DATABASE_URL: schema.url });
    if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };

  const call = (base: string, session: Omit<Session, 'base'> | undefined, method: string, path: string, body?: unknown) =>
    fetch(base + path, {
      method,
      headers: {
        Origin: base,
        ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const signIn = async (base: string, email: string, password: string): Promise<Session> => {
    const res = await call(base, undefined, 'POST', '/api/studio/session', { email, password });
    expect(res.status).toBe(200);
    return { base, cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: ((await res.json()) as { csrf_token: string }).csrf_token };
  };

  beforeAll(async () => {
    schema = await createTestSchema();
    const started = await Promise.allSettled([0, 1].map(() => startEntry({ DATABASE_URL: schema.url })));
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value.child);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    for (const child of children) {
      // The studio listener prints its own line once it listens, right after the partner API's.
      for (let i = 0; i < 100 && !/Studio API listening on (http:\S+)/.test(child.output()); i++) await new Promise((r) => setTimeout(r, 50));
      studios.push(/Studio API listening on (http:\S+)/.exec(child.output())![1]!);
    }
    expect(new Set(studios).size).toBe(2);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await schema?.drop();
  });

  it('signs out everywhere from one instance, ending the sessions started on both', async () => {
    const { email, initial_password: password } = await admin<{ email: string; initial_password: string }>('operator', 'create', '--email', 'everywhere@halcyon-studios.example', '--role', 'editor');
    const [a, b] = [await signIn(studios[0]!, email, password), await signIn(studios[1]!, email, password)];
    for (const base of studios) for (const s of [a, b]) expect((await call(base, s, 'GET', '/api/studio/session')).status).toBe(200);
    const listed = (await (await call(studios[0]!, a, 'GET', '/api/studio/account/sessions')).json()) as { items: unknown[] };
    expect(listed.items).toHaveLength(2);

    expect((await call(studios[1]!, b, 'DELETE', '/api/studio/account/sessions')).status).toBe(204);
    for (const base of studios) for (const s of [a, b]) expect((await call(base, s, 'GET', '/api/studio/session')).status).toBe(401);
  });

  it('sets a new password through a reset link the CLI printed, on either instance, once', async () => {
    const { email, initial_password: password } = await admin<{ email: string; initial_password: string }>('operator', 'create', '--email', 'reset@halcyon-studios.example', '--role', 'viewer');
    const before = await signIn(studios[0]!, email, password);
    const link = await admin<{ reset_url: string; expires_at: string }>('operator', 'reset-password', email.toUpperCase());
    expect(link.reset_url).toMatch(/^http:\/\/127\.0\.0\.1:3001\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const token = link.reset_url.split('#token=')[1]!;
    expect((await call(studios[1]!, undefined, 'POST', '/api/studio/password-reset', { token, new_password: 'a brand new long password' })).status).toBe(204);
    expect((await call(studios[0]!, before, 'GET', '/api/studio/session')).status).toBe(401);
    await signIn(studios[0]!, email, 'a brand new long password');
    const again = await call(studios[0]!, undefined, 'POST', '/api/studio/password-reset', { token, new_password: 'yet another long password' });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([400, 'reset_link_invalid']);

    const unknown = await runCli(['operator', 'reset-password', 'nobody@halcyon-studios.example'], { DATABASE_URL: schema.url });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no operator/);
  });
});
