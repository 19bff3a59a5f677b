import { useCallback, useSyncExternalStore } from 'react';

/** The phone layout's breakpoint: below antd's `md`, as the portal's CSS uses (max-width: 768px). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * Whether a media query matches, right from the first render (antd's Grid.useBreakpoint answers
 * only after an effect, which would flash the desktop variant on a phone first).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
