import type { ReactNode } from 'react';

/**
 * A wide table's own sideways-scrolling box that the keyboard can reach and scroll (axe's
 * scrollable-region-focusable: antd's `scroll.x` box takes no focus). Give the table a
 * `minWidth` and no `scroll` prop: this box does the scrolling, under the label it is given.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
    <section className="sp-scroll-region" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
