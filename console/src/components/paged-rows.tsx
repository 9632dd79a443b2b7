/** A cursor-paged list as virtual rows, with its loading, empty and problem states: how every long list in the console looks. */
import type { ComponentChildren } from 'preact';
import type { Pages } from '../load.js';
import { ProblemNotice } from './problem.js';
import { Empty, Loading } from './states.js';
import { VirtualRows, type VirtualRowsProps } from './virtual-rows.js';

export function PagedRows<T>(props: { pages: Pages<T>; what: string; empty: ComponentChildren } & Omit<VirtualRowsProps, 'count' | 'onNearEnd'>) {
  const { pages, what, empty, ...rows } = props;
  return (
    <>
      {pages.problem ? <ProblemNotice problem={pages.problem} onRetry={pages.retry} /> : null}
      {pages.items.length === 0 && pages.loading ? <Loading what={what} /> : null}
      {pages.items.length === 0 && !pages.loading && !pages.problem ? <Empty>{empty}</Empty> : null}
      {pages.items.length > 0 ? <VirtualRows {...rows} count={pages.items.length} onNearEnd={pages.more} /> : null}
    </>
  );
}
