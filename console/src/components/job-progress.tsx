/** A job (catalog import, bulk grant change) polled every half second until it ends, and its progress as the operator sees it. */
import { useEffect, useState } from 'preact/hooks';
import { problemOf, type ApiProblem } from '../api.js';

interface JobLike {
  id: string;
  state: 'running' | 'succeeded' | 'failed';
  series_total: number;
  series_done: number;
  error: string | null;
}

/** The job being followed (set it to the started job), re-read while it runs; onEnd once it has ended. */
export function usePolledJob<J extends JobLike>(read: (id: string) => Promise<J>, onEnd: (job: J) => void): [J | undefined, (job: J | undefined) => void, ApiProblem | undefined] {
  const [job, setJob] = useState<J>();
  const [problem, setProblem] = useState<ApiProblem>();
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const timer = setTimeout(() => {
      read(job.id).then(
        (next) => {
          setJob(next);
          if (next.state !== 'running') onEnd(next);
        },
        (error: unknown) => setProblem(problemOf(error)),
      );
    }, 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job]);
  return [job, (next) => { setProblem(undefined); setJob(next); }, problem];
}

/** Progress while the job runs, then its outcome; `summary` says what was done in words. */
export function JobProgress({ job, label, summary }: { job: JobLike; label: string; summary: string }) {
  const outcome = job.state === 'running' ? 'running' : job.state === 'succeeded' ? 'done' : 'failed';
  return (
    <div class="job" role="status" aria-live="polite">
      <progress aria-label={label} max={Math.max(job.series_total, 1)} value={job.state === 'running' ? job.series_done : Math.max(job.series_total, 1)} />{' '}
      <span>
        {job.series_done.toLocaleString('en')} of {job.series_total.toLocaleString('en')} series ({outcome}): {summary}
      </span>
      {job.error ? <p class="error">{job.error}</p> : null}
    </div>
  );
}
