/**
 * Rows of a long list (10,000 partners, 100,000 series) rendered only where they are visible, with
 * TanStack Virtual's framework-free core: the DOM holds a screenful of rows whatever the count.
 * The list is an ARIA table whose body scrolls; rows keep their index for screen readers (aria-rowindex).
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualItem } from '@tanstack/virtual-core';
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

export interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  /** The height of the scrolling area in pixels. */
  height: number;
  label: string;
  header: ComponentChildren;
  row: (index: number) => ComponentChildren;
  /** Called when the last rendered row is within a screenful of the end: load the next page. */
  onNearEnd?: () => void;
}

export function VirtualRows(props: VirtualRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [virtualizer] = useState(
    () =>
      new Virtualizer<HTMLDivElement, HTMLDivElement>({
        count: props.count,
        getScrollElement: () => scroller.current,
        estimateSize: () => props.rowHeight,
        overscan: 8,
        observeElementRect,
        observeElementOffset,
        scrollToFn: elementScroll,
        onChange: () => rerender(0),
      }),
  );
  virtualizer.setOptions({ ...virtualizer.options, count: props.count, estimateSize: () => props.rowHeight });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());

  const items: VirtualItem[] = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useLayoutEffect(() => {
    if (props.onNearEnd && last && last.index >= props.count - 20) props.onNearEnd();
  }, [last?.index, props.count]);

  return (
    <div class="virtual" role="table" aria-label={props.label} aria-rowcount={props.count + 1}>
      <div role="rowgroup" class="virtual-header">
        {props.header}
      </div>
      <div role="rowgroup" ref={scroller} class="virtual-scroll" style={{ height: `${props.height}px` }} tabIndex={0} aria-label={`${props.label}, scrollable`}>
        <div style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative' }}>
          {items.map((item) => (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              class="virtual-row"
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: `${item.size}px`, transform: `translateY(${item.start}px)` }}
            >
              {props.row(item.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
