import type { ReactNode } from 'react';

/**
 * A wide table's own sideways-scrolling box that the keyboard can reach and scroll (axe's
 * scrollable-region-focusable: antd's `scroll.x` box takes no focus). Give the table a
 * `minWidth` (or cells that do not wrap) and no `scroll` prop: this box does the scrolling. It is
 * named by `label`, or by the element `labelledBy` points at (a heading already on screen).
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  children,
}: {
  children: ReactNode;
  className?: string;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never })) {
  return (
    <section
      className={className ? `sp-scroll-region ${className}` : 'sp-scroll-region'}
      aria-label={label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
      tabIndex={0}
    >
      {children}
    </section>
  );
}
