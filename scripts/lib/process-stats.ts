/**
 * What the benchmarks read about a running process tree from /proc (Linux): its processes, their
 * resident memory and the CPU time they used.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ on Linux: the unit of CPU times in /proc/<pid>/stat. */
export const CLOCK_TICKS = 100;

/** pid and every descendant of it, parents first. */
export function descendants(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** Resident memory now and at its peak (VmHWM), in KiB; zeros for a process that is gone. */
export function memory(pid: number): { rssKb: number; hwmKb: number } {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return { rssKb: 0, hwmKb: 0 };
  }
}

/** CPU time (user + system) the process has used, in CLOCK_TICKS. */
export function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0;
  }
}

/** The process of the tree with the largest RSS: the server behind a launcher such as tsx. */
export function servingPid(rootPid: number): number {
  let best = rootPid;
  let bestRss = -1;
  for (const p of descendants(rootPid)) {
    const { rssKb } = memory(p);
    if (rssKb > bestRss) [best, bestRss] = [p, rssKb];
  }
  return best;
}

export const mb = (kb: number) => Math.round(kb / 102.4) / 10;
