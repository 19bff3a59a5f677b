import { useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

/**
 * True while the frame is rendered at build time (prerender.tsx, no browser and no session),
 * false in the app. What depends on the visitor (login links or greeting) renders nothing then,
 * so a logged-in user never sees 请登录 flash before the app has started.
 */
export function usePrerendering(): boolean {
  return useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
}
