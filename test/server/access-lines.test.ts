/**
 * Access lines: made without pino's serializer but in pino's format, gathered into few writes on
 * stdout, and never lost when the process ends (process.exit, an uncaught exception, SIGTERM).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { stopAll } from '../../scripts/lib/processes.js';
import { accessLine, type AccessFields, type AccessLevel } from '../../server/platform/access-line.js';
import { accessWriterFor, createLogger } from '../../server/platform/logger.js';
import { ROOT, startEntry } from '../helpers/entry.js';

const fields: AccessFields = {
  requestId: 'req_1',
  partnerId: 'ptn_1',
  operatorId: undefined,
  operationId: 'getCatalog',
  method: 'GET',
  url: '/api/partner/content/catalog?limit=5',
  statusCode: 200,
  responseTime: 3,
};

/** What pino itself writes for the same fields, at a fixed time, through the access writer of a logger createLogger did not make. */
function pinoLine(level: AccessLevel, f: AccessFields, msg: string): string {
  let out = '';
  const logger = pino({ level: 'info', base: { service: 'partner-catalog' }, timestamp: () => ',"time":1700000000000' }, { write: (s: string) => void (out += s) });
  accessWriterFor(logger).write(level, f, msg);
  return out;
}

describe('access lines', () => {
  it.each([
    ['every field', 'info', fields, 'request completed'],
    ['no partner or operation (refused before either was known)', 'warn', { ...fields, partnerId: undefined, operationId: undefined }, 'request aborted'],
    ['an operator, no partner (studio API)', 'info', { ...fields, partnerId: undefined, operatorId: 'opr_1' }, 'request completed'],
    ['a 5xx', 'error', { ...fields, statusCode: 500, responseTime: 0 }, 'request completed'],
    ['characters JSON escapes', 'info', { ...fields, requestId: 'a"b\\c\n\u0001é€😀', url: '/x?q="<\u2028>"&t=\t' }, 'request completed'],
  ] as Array<[string, AccessLevel, AccessFields, string]>)('%s: the line pino would write, key for key', (_name, level, f, msg) => {
    const ours = accessLine(level, 1700000000000, '"service":"partner-catalog"', f, msg);
    const theirs = pinoLine(level, f, msg);
    expect(ours.endsWith('\n')).toBe(true);
    expect(JSON.parse(ours)).toEqual(JSON.parse(theirs));
    expect(Object.keys(JSON.parse(ours) as object)).toEqual(Object.keys(JSON.parse(theirs) as object));
  });

  it('go where the logger writes, at its level', () => {
    let out = '';
    const logger = createLogger('warn', new Writable({ write: (chunk, _enc, done) => void ((out += String(chunk)), done()) }));
    const access = accessWriterFor(logger);
    expect([access.enabled('info'), access.enabled('warn')]).toEqual([false, true]);
    access.write('warn', fields, 'request aborted');
    logger.level = 'info';
    expect(access.enabled('info')).toBe(true);
    expect(JSON.parse(out)).toMatchObject({ level: 40, service: 'partner-catalog', requestId: 'req_1', req: { method: 'GET' }, msg: 'request aborted' });
  });
});

/** Runs a module against the compiled logger in a child node; resolves with its stdout and exit code. */
function runChild(body: string): Promise<{ stdout: string; code: number | null }> {
  const source = `import { accessWriterFor, createLogger } from ${JSON.stringify(join(ROOT, 'dist/server/platform/logger.js'))};
const logger = createLogger('info');
const access = accessWriterFor(logger);
const line = (i) => access.write('info', { requestId: 'req_' + i, partnerId: 'ptn_1', operatorId: undefined, operationId: 'getCatalog', method: 'GET', url: '/c', statusCode: 200, responseTime: 1 }, 'request completed');
${body}`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', source], (error, stdout) => resolve({ stdout, code: error ? (error.code as number) : 0 }));
  });
}

const requestIds = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { requestId?: string; msg: string }).requestId ?? (JSON.parse(l) as { msg: string }).msg);

describe('gathered access lines on stdout', () => {
  it.each([
    ['process.exit()', 'process.exit(3);', 3],
    ['an uncaught exception', "setImmediate(() => { throw new Error('boom'); });", 1],
    ['the event loop running out', '', 0],
  ])('are all written when the process ends by %s', async (_how, ending, code) => {
    const run = await runChild(`for (let i = 0; i < 3; i++) line(i);\n${ending}`);
    expect(run.code).toBe(code);
    expect(requestIds(run.stdout)).toEqual(['req_0', 'req_1', 'req_2']);
  });

  it('come out before any later line of the process logger, in order', async () => {
    const run = await runChild("line(0); line(1); logger.warn('a warning'); line(2); logger.error('an error'); process.exit(0);");
    expect(requestIds(run.stdout)).toEqual(['req_0', 'req_1', 'a warning', 'req_2', 'an error']);
  });
});

describe('access lines of the real server', () => {
  let dir: string | undefined;
  afterEach(async () => {
    await stopAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reach stdout while the server idles, and every one before its shutdown lines', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pcas-access-'));
    const { child, base } = await startEntry({ LOG_LEVEL: 'info', DATABASE_URL: join(dir, 'catalog.db') });
    const ask = (id: string) => fetch(`${base}/healthz`, { headers: { 'X-Request-Id': id } }).then((r) => r.status);
    const lines = () => requestIds(child.output()).filter((l) => l.startsWith('few-') || l.startsWith('last-') || l === 'shutting down' || l === 'stopped');
    // Fewer bytes than a write gathers: only the flush timer writes them.
    expect(await Promise.all([ask('few-1'), ask('few-2')])).toEqual([200, 200]);
    for (let i = 0; i < 400 && lines().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(lines().sort()).toEqual(['few-1', 'few-2']);
    for (const id of ['last-1', 'last-2', 'last-3']) expect(await ask(id)).toBe(200);
    process.kill(child.pid, 'SIGTERM');
    expect((await child.exited).code).toBe(0);
    expect(lines()).toEqual([...lines().slice(0, 2), 'last-1', 'last-2', 'last-3', 'shutting down', 'stopped']);
  });
});
