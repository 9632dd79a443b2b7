/**
 * Child processes for the benchmarks and the test suites alike: each started in a process group
 * of its own (so a stop also reaches the grandchildren npm, tsx and shells spawn), ready when it
 * prints a line matching a pattern or a probe answers, every wait bounded, and no group outliving
 * this process; and a free port for programs that must be told theirs. What the benchmarks read
 * about a running process tree is in process-stats.ts.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export interface StartOptions {
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** Added to (and overriding) this process's environment. */
  env?: Record<string, string | undefined>;
  /**
   * Ready at the first output line (stdout and stderr, colours stripped) this matches; or, for a
   * program that announces nothing, once this probe (polled) returns a match.
   */
  ready: RegExp | (() => Promise<RegExpExecArray | undefined>);
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before it SIGKILLs the whole process group. */
  stopTimeoutMs?: number;
  /** Names the process in error messages; defaults to the command. */
  name?: string;
  /** The output goes to this file, not a pipe: a benchmark must not spend CPU reading what it measures print. */
  logFile?: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopResult extends Exit {
  /** It ignored SIGTERM for stopTimeoutMs and was SIGKILLed. */
  killed: boolean;
  /** It exited but left processes of its group running (which stop() then SIGKILLed). */
  leftStrays: boolean;
}

export interface Child {
  readonly name: string;
  readonly pid: number;
  /** The readiness match, so callers can read a URL or port the program printed from its groups. */
  readonly ready: RegExpExecArray;
  /** Milliseconds from spawn until ready. */
  readonly startMs: number;
  readonly exited: Promise<Exit>;
  /** Everything it has printed so far, stdout and stderr interleaved, for failure messages. */
  output(): string;
  /** Stops it (idempotent): SIGTERM to the process, SIGKILL to its whole group past the bound. */
  stop(): Promise<StopResult>;
}

// Process group id -> its stop(), from spawn until stopped.
const running = new Map<number, () => Promise<StopResult>>();
let exitHookInstalled = false;

// ANSI colour codes would break readiness patterns and clutter failure messages.
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const MAX_OUTPUT = 256 * 1024;
/** How often a log file or a probe is polled for readiness. */
const POLL_MS = 10;

/**
 * The arguments `npm start` gives node (package.json's `start` in root: V8 flags, then the entry
 * file), the entry resolved in checkout: how the benchmarks start a server as a studio does.
 */
export function startNodeArgs(root: string, checkout = root): string[] {
  const argv = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.replace(/^exec /, '').split(' ').slice(1);
  argv[argv.length - 1] = join(checkout, argv[argv.length - 1]!);
  return argv;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts a program and resolves once it is ready; rejects with its output otherwise (and stops it). */
export async function start(options: StartOptions): Promise<Child> {
  const name = options.name ?? options.command;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  installExitHook();

  const started = performance.now();
  const fd = options.logFile === undefined ? undefined : openSync(options.logFile, 'w');
  const proc = spawn(options.command, options.args ?? [], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
    detached: true,
  });
  if (fd !== undefined) closeSync(fd);

  let piped = '';
  const lineListeners = new Set<(line: string) => void>();
  for (const stream of [proc.stdout, proc.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (raw) => {
      const line = raw.replace(ANSI, '');
      piped = (piped + line + '\n').slice(-MAX_OUTPUT);
      for (const listener of lineListeners) listener(line);
    });
  }
  const output = () => (options.logFile === undefined ? piped : readFileSync(options.logFile, 'utf8').replace(ANSI, '').slice(-MAX_OUTPUT));

  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    proc.once('exit', (code, signal) => resolve((exit = { code, signal })));
    // spawn failures (ENOENT, EACCES) emit 'error' and never 'exit'.
    proc.once('error', (error) => {
      piped += `${error.message}\n`;
      resolve((exit = { code: null, signal: null }));
    });
  });

  let stopping: Promise<StopResult> | undefined;
  const stop = (): Promise<StopResult> =>
    (stopping ??= (async () => {
      let killed = false;
      if (exit === undefined && proc.pid !== undefined) {
        // The process alone gets SIGTERM: forwarding it to its own children is its job.
        signal(proc.pid, 'SIGTERM');
        if ((await within(exited, stopTimeoutMs)) === undefined) {
          signal(-proc.pid, 'SIGKILL');
          killed = true;
        }
      }
      const result = await exited;
      const leftStrays = proc.pid !== undefined && groupAlive(proc.pid);
      if (leftStrays && proc.pid !== undefined) signal(-proc.pid, 'SIGKILL');
      if (proc.pid !== undefined) running.delete(proc.pid);
      return { ...result, killed, leftStrays };
    })());

  if (proc.pid !== undefined) running.set(proc.pid, stop);

  let match: RegExpExecArray;
  try {
    match = await new Promise<RegExpExecArray>((resolve, reject) => {
      let settled = false;
      const waitedFor = options.ready instanceof RegExp ? `printed nothing matching ${options.ready}` : 'did not answer its readiness probe';
      const timer = setTimeout(() => settle(new Error(`${name} ${waitedFor} within ${readyTimeoutMs} ms`)), readyTimeoutMs);
      const settle = (result: RegExpExecArray | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        lineListeners.delete(onLine);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const { ready } = options;
      const onLine = (line: string) => {
        const found = ready instanceof RegExp ? ready.exec(line) : null;
        if (found) settle(found);
      };
      if (ready instanceof RegExp && options.logFile === undefined) lineListeners.add(onLine);
      else {
        void (async () => {
          while (!settled) {
            const found = ready instanceof RegExp ? firstMatch(ready, output()) : await ready().catch(() => undefined);
            if (found) settle(found);
            else await sleep(POLL_MS);
          }
        })();
      }
      void exited.then(({ code, signal: sig }) => settle(new Error(`${name} exited (${sig ?? `code ${code}`}) before it was ready`)));
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}. Its output:\n${output()}`, { cause: error });
  }

  return { name, pid: proc.pid ?? -1, ready: match, startMs: Math.round(performance.now() - started), exited, output, stop };
}

/** Stops every child still running; for afterAll hooks that own several, and a benchmark's end. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

function firstMatch(pattern: RegExp, text: string): RegExpExecArray | undefined {
  for (const line of text.split('\n')) {
    const found = pattern.exec(line);
    if (found) return found;
  }
  return undefined;
}

/** The value of promise, or undefined when it takes longer than ms. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone: nothing left to stop.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort when a caller forgets to stop a child, a test runner tears its worker down or a
  // benchmark fails: no process group outlives this process. Only synchronous calls work in 'exit'.
  process.once('exit', () => {
    for (const pid of running.keys()) signal(-pid, 'SIGKILL');
  });
}

/**
 * Returns a TCP port that is free on `host` right now, for programs (Prism, the server's CLI) that
 * must be told their port up front instead of listening on port 0 and reporting it back.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    // Port 0 lets the kernel pick from its ephemeral range, which it cycles through, so the port is
    // unlikely to be handed out again before the caller's program binds it.
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error(`no port assigned on ${host}`))));
    });
  });
}
