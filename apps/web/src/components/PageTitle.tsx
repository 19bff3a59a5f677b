import type { ReactNode } from 'react';

/** A screen's heading, styled like the section bars of a trade portal. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="sp-pagetitle">{children}</h1>;
}
