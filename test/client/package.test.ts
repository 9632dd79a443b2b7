/**
 * The client as partners get it: `partner-catalog-access/client` through package.json "exports",
 * compiled by `npm run build:client`. Both import paths: TypeScript (types from the .d.ts files)
 * and plain Node.js ESM (the .js files), the latter against the real server.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
// The package's self-reference: `tsc -p tsconfig.json` type-checks this file against dist/client/*.d.ts.
import type { PartnerClient, Series } from 'partner-catalog-access/client';
import { startServer } from '../helpers/server.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('partner-catalog-access/client', () => {
  beforeAll(async () => {
    // Against what the sources are now, not a build left over from earlier.
    await run('npm', ['run', '--silent', 'build:client'], { cwd: root, timeout: 120_000 });
  }, 120_000);

  it('is exported as compiled JavaScript with its declarations', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, Record<string, string>> };
    expect(pkg.name).toBe('partner-catalog-access');
    expect(pkg.exports['./client']).toEqual({ types: './dist/client/index.d.ts', import: './dist/client/index.js' });
    for (const file of Object.values(pkg.exports['./client']!)) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('type-checks a TypeScript consumer, and rejects what the contract does not allow', () => {
    const fixture = join(root, 'test/client/fixtures/typed-consumer.ts');
    const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const program = ts.createProgram([fixture], { ...config!.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    // Resolved through "exports" to the published declarations, not to the sources.
    const files = program.getSourceFiles().map((f) => f.fileName);
    expect(files).toContain(join(root, 'dist/client/index.d.ts'));
    expect(files).not.toContain(join(root, 'client/index.ts'));
  });

  it('imports into TypeScript at run time with the declared types', async () => {
    const mod = await import('partner-catalog-access/client');
    const client: PartnerClient = mod.createPartnerClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'pk_x', apiSecret: 'sk_x' });
    const get: (id: string) => Promise<Series> = client.series.get;
    expect(typeof get).toBe('function');
    expect(mod.defaultRetryConfig.maxRetries).toBe(3);
  });

  it('runs from plain Node.js ESM against the real server', async () => {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'], ser_3fz8w1rtnc: ['read'], ser_9kd4p6vyja: ['read'] });
    const { stdout } = await run(process.execPath, [join(root, 'test/client/fixtures/consumer.mjs')], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, PARTNER_BASE_URL: server.url, PARTNER_API_KEY: partner.apiKey, PARTNER_API_SECRET: partner.apiSecret },
    });
    const seen = JSON.parse(stdout) as { titles: string[]; refused: Record<string, unknown>; retries: number };
    expect(seen.titles).toEqual(['Paper Harbour', 'Small Hours', 'The Lighthouse Keepers']);
    expect(seen.refused).toMatchObject({ api: true, network: false, status: 404, code: 'not_found', requestId: expect.stringMatching(/^\S+$/) });
    expect(seen.retries).toBe(3);
  });
});
