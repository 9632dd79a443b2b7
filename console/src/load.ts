/** Async data for a page: loading, loaded or a problem, reloaded when its inputs change. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { problemOf, type ApiProblem } from './api.js';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'problem'; problem: ApiProblem };

export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): [Loaded<T>, () => void] {
  const [value, setValue] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setValue({ state: 'loading' });
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
  /** Loads the next page unless one is loading or there is none. */
  more: () => void;
  reload: () => void;
}

/** A cursor-paged list loaded page by page as the reader scrolls (never the whole list at once). */
export function usePages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; next_cursor: string | null }>, inputs: unknown[]): Pages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const cursor = useRef<string | null | undefined>(undefined);
  const generation = useRef(0);
  const loadingRef = useRef(false);

  const more = useCallback(() => {
    if (cursor.current === null || loadingRef.current) return;
    const mine = generation.current;
    loadingRef.current = true;
    setLoading(true);
    page(cursor.current).then(
      (result) => {
        if (mine !== generation.current) return;
        cursor.current = result.next_cursor;
        setItems((old) => [...old, ...result.items]);
        loadingRef.current = false;
        setLoading(false);
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        setProblem(problemOf(error));
        loadingRef.current = false;
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, inputs);

  const reload = useCallback(() => {
    generation.current++;
    cursor.current = undefined;
    loadingRef.current = false;
    setItems([]);
    setProblem(undefined);
    more();
  }, [more]);

  useEffect(reload, [reload]);
  return { items, loading, done: cursor.current === null, problem, more, reload };
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
