/**
 * Runs a Postman collection with the newman CLI, as a partner's CI would (`npx newman run
 * <collection> --env-var …`), and reads back what it did from newman's JSON report: each
 * request's status and each failed test.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const NEWMAN = resolve(import.meta.dirname, '../../node_modules/.bin/newman');

export interface NewmanRun {
  code: number;
  output: string;
  executions: Array<{ request: string; status: number | undefined }>;
  failures: Array<{ request: string; test: string; message: string }>;
  /** Tests run, passed or not. */
  assertions: number;
}

type Json = Record<string, any>;

export async function newman(cwd: string, collection: string, variables: Record<string, string>): Promise<NewmanRun> {
  const dir = await mkdtemp(join(tmpdir(), 'newman-'));
  const report = join(dir, 'report.json');
  const args = ['run', collection, '--reporters', 'cli,json', '--reporter-json-export', report, '--color', 'off'];
  for (const [key, value] of Object.entries(variables)) args.push('--env-var', `${key}=${value}`);
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((done) =>
      execFile(NEWMAN, args, { cwd, timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? -1) : 0, output: stdout + stderr })),
    );
    const { run } = JSON.parse(await readFile(report, 'utf8')) as { run: Json };
    return {
      code,
      output,
      executions: (run.executions as Json[]).map((e) => ({ request: e.item.name as string, status: e.response?.code as number | undefined })),
      failures: (run.failures as Json[]).map((f) => ({ request: f.source?.name as string, test: f.error?.test as string, message: f.error?.message as string })),
      assertions: run.stats.assertions.total as number,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
