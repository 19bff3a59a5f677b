/**
 * DataTable's fixed columns: each one's side and offset, and whether the box is scrolled away from
 * either edge (the shadow antd's stylesheet draws beside the fixed columns).
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { classNames } from '../lib/classNames.ts';
import type { DataColumn, DataColumns } from './DataTable.tsx';

function sideOf<T>(column: DataColumn<T>): 'start' | 'end' | null {
  if (column.fixed === 'start' || column.fixed === 'left' || column.fixed === true) return 'start';
  if (column.fixed === 'end' || column.fixed === 'right') return 'end';
  return null;
}

interface Fixed {
  side: 'start' | 'end';
  offset: number;
  /** the last fixed column on its side, which casts the shadow */
  edge: boolean;
}

/** Each fixed column's side and offset (the widths of the fixed columns before it on its side). */
export function fixedLayout<T>(columns: DataColumns<T>): (Fixed | null)[] {
  const out: (Fixed | null)[] = columns.map(() => null);
  let start = 0;
  let lastStart = -1;
  columns.forEach((column, i) => {
    if (sideOf(column) !== 'start') return;
    out[i] = { side: 'start', offset: start, edge: false };
    start += column.width ?? 0;
    lastStart = i;
  });
  let end = 0;
  let firstEnd = -1;
  for (let i = columns.length - 1; i >= 0; i -= 1) {
    if (sideOf(columns[i] as DataColumn<T>) !== 'end') continue;
    out[i] = { side: 'end', offset: end, edge: false };
    end += columns[i]?.width ?? 0;
    firstEnd = i;
  }
  if (lastStart >= 0) (out[lastStart] as Fixed).edge = true;
  if (firstEnd >= 0) (out[firstEnd] as Fixed).edge = true;
  return out;
}

/** Whether the box is scrolled away from its start and from its end: the fixed columns' shadows. */
export function useScrollEdges(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ fromStart: false, fromEnd: false });
  useEffect(() => {
    const box = ref.current;
    if (!enabled || !box) return;
    const measure = () => {
      const left = Math.abs(box.scrollLeft);
      const fromStart = left > 0;
      const fromEnd = left + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) =>
        was.fromStart === fromStart && was.fromEnd === fromEnd ? was : { fromStart, fromEnd },
      );
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [enabled]);
  return { ref, ...edges };
}

export function fixedCell(fixed: Fixed | null, edges: { fromStart: boolean; fromEnd: boolean }) {
  if (!fixed) return { className: undefined, style: undefined };
  const shadow = fixed.side === 'start' ? edges.fromStart : edges.fromEnd;
  return {
    className: classNames(
      'ant-table-cell-fix',
      `ant-table-cell-fix-${fixed.side}`,
      fixed.edge && `ant-table-cell-fix-${fixed.side}-shadow`,
      fixed.edge && shadow && `ant-table-cell-fix-${fixed.side}-shadow-show`,
    ),
    style: (fixed.side === 'start'
      ? { insetInlineStart: fixed.offset }
      : { insetInlineEnd: fixed.offset }) as CSSProperties,
  };
}
