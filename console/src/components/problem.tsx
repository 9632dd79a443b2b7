/** A studio API problem document (RFC 9457) shown in words, with the request id to quote to support. */
import type { ApiProblem } from '../api.js';

export function ProblemNotice({ problem, onRetry }: { problem: ApiProblem; onRetry?: () => void }) {
  return (
    <div role="alert" class="notice notice-error">
      <strong>{problem.title}</strong>
      <p>{problem.detail}</p>
      {problem.status === 429 && problem.retry_after !== undefined ? <p>The console asks again by itself in {problem.retry_after} s.</p> : null}
      {problem.errors?.length ? (
        <ul>
          {problem.errors.map((e) => (
            <li key={`${e.where}:${e.message}`}>
              <code>{e.where}</code> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p class="muted small">
        {problem.code ? <>Code <code>{problem.code}</code> · </> : null}
        {problem.request_id ? <>Request id <code>{problem.request_id}</code></> : 'No request id (the studio API could not be reached)'}
      </p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
