/** What a benchmark result records of where it ran: the machine, and the commit of a checkout. */
import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem } from 'node:os';
import { round1 } from './bench-sampling.js';

/** The machine's CPU, cores, memory, kernel and Node, and its load average before and after the run. */
export function machineOf(loadAverageBefore: number, loadAverageAfter: number) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    loadAverageBefore: round1(loadAverageBefore),
    loadAverageAfter: round1(loadAverageAfter),
  };
}

/** The short commit a checkout is at, or undefined when it is not a git checkout. */
export function gitCommit(dir: string): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return undefined;
  }
}
