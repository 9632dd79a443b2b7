import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface StartOptions {
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** Added to (and overriding) the test process's environment. */
  env?: Record<string, string | undefined>;
  /** Tested against every output line (stdout and stderr, colours stripped); the first match means ready. */
  ready: RegExp;
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before it SIGKILLs the whole process group. */
  stopTimeoutMs?: number;
  /** Names the process in error messages; defaults to the command. */
  name?: string;
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

/** Starts a program and resolves once it prints a line matching `ready`; rejects with its output otherwise. */
export async function start(options: StartOptions): Promise<Child> {
  const name = options.name ?? options.command;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  installExitHook();

  const proc = spawn(options.command, options.args ?? [], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() can also reach the grandchildren that npm, tsx and shells spawn.
    detached: true,
  });

  let output = '';
  const lineListeners = new Set<(line: string) => void>();
  for (const stream of [proc.stdout, proc.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (raw) => {
      const line = raw.replace(ANSI, '');
      output = (output + line + '\n').slice(-MAX_OUTPUT);
      for (const listener of lineListeners) listener(line);
    });
  }

  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    proc.once('exit', (code, signal) => resolve((exit = { code, signal })));
    // spawn failures (ENOENT, EACCES) emit 'error' and never 'exit'.
    proc.once('error', (error) => {
      output += `${error.message}\n`;
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
      const timer = setTimeout(
        () => reject(new Error(`${name} printed nothing matching ${options.ready} within ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );
      const settle = () => {
        clearTimeout(timer);
        lineListeners.delete(onLine);
      };
      const onLine = (line: string) => {
        const found = options.ready.exec(line);
        if (found) {
          settle();
          resolve(found);
        }
      };
      lineListeners.add(onLine);
      void exited.then(({ code, signal: sig }) => {
        settle();
        reject(new Error(`${name} exited (${sig ?? `code ${code}`}) before it was ready`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}. Its output:\n${output}`, { cause: error });
  }

  return { name, pid: proc.pid ?? -1, ready: match, exited, output: () => output, stop };
}

/** Stops every child still running; for afterAll hooks that own several. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
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
  // Last resort when a test file forgets to stop a child or the runner tears the worker down:
  // no process group outlives the test process. Only synchronous calls work in 'exit'.
  process.once('exit', () => {
    for (const pid of running.keys()) signal(-pid, 'SIGKILL');
  });
}
