/** Async data for a page: loading, loaded or a problem, reloaded when its inputs change. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { CHANGED_EVENT, problemOf, type ApiProblem } from './api.js';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'problem'; problem: ApiProblem };

/** With keep, what was loaded stays on screen while it loads again (a refresh, not a new page). */
export function useLoad<T>(load: () => Promise<T>, inputs: unknown[], options: { keep?: boolean } = {}): [Loaded<T>, () => void] {
  const [value, setValue] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    if (!options.keep) setValue({ state: 'loading' });
    load().then(
      (data) => current && setValue({ state: 'ok', data }),
      (error: unknown) => current && setValue({ state: 'problem', problem: problemOf(error) }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...inputs, round]);
  return [value, () => setRound((r) => r + 1)];
}

export interface Pages<T> {
  items: T[];
  loading: boolean;
  done: boolean;
  problem: ApiProblem | undefined;
  /** How many match across every page, when the listing says (its first page's total). */
  total: number | undefined;
  /** Loads the next page unless one is loading, there is none, or the last attempt failed. */
  more: () => void;
  /** Asks again for the page that failed, keeping the rows loaded so far. */
  retry: () => void;
  reload: () => void;
}

/** A cursor-paged list loaded page by page as the reader scrolls (never the whole list at once). */
export function usePages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; next_cursor: string | null; total?: number | null }>, inputs: unknown[]): Pages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number>();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const cursor = useRef<string | null | undefined>(undefined);
  const generation = useRef(0);
  const loadingRef = useRef(false);
  const failed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const more = useCallback(() => {
    // After a failure only retry (a click, or Retry-After's end) asks again: scrolling must not hammer a limit.
    if (cursor.current === null || loadingRef.current || failed.current) return;
    const mine = generation.current;
    loadingRef.current = true;
    setLoading(true);
    page(cursor.current).then(
      (result) => {
        if (mine !== generation.current) return;
        cursor.current = result.next_cursor;
        if (typeof result.total === 'number') setTotal(result.total);
        setItems((old) => [...old, ...result.items]);
        loadingRef.current = false;
        setLoading(false);
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        const problem = problemOf(error);
        setProblem(problem);
        failed.current = true;
        loadingRef.current = false;
        setLoading(false);
        // Past a rate limit, the rows resume by themselves once the limit's window allows.
        if ((problem.status === 429 || problem.status === 503) && problem.retry_after !== undefined) {
          timer.current = setTimeout(() => retryRef.current(), Math.min(problem.retry_after, 120) * 1000);
        }
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, inputs);

  const retry = useCallback(() => {
    clearTimeout(timer.current);
    failed.current = false;
    setProblem(undefined);
    more();
  }, [more]);
  const retryRef = useRef(retry);
  retryRef.current = retry;

  const reload = useCallback(() => {
    generation.current++;
    clearTimeout(timer.current);
    failed.current = false;
    cursor.current = undefined;
    loadingRef.current = false;
    setItems([]);
    setTotal(undefined);
    setProblem(undefined);
    more();
  }, [more]);

  useEffect(reload, [reload]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { items, loading, done: cursor.current === null, problem, total, more, retry, reload };
}

/** The value after it has stopped changing for `ms`: one request per pause in typing, not per key. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** A number that grows after every change the studio API accepted from this console (CHANGED_EVENT): an input of what must read again. */
export function useChanges(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const bump = () => setCount((n) => n + 1);
    addEventListener(CHANGED_EVENT, bump);
    return () => removeEventListener(CHANGED_EVENT, bump);
  }, []);
  return count;
}
