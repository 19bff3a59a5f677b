import { useEffect } from 'react';

// The function keys F5-F8 are blocked while the portal layout is shown
// (docs/portal.md#function-keys). Only the keydown default is prevented; the browser's menu and
// toolbar still reload if a user insists.
const BLOCKED_KEYS = new Set(['F5', 'F6', 'F7', 'F8']);

/** Whether a keydown's `key` is one of the blocked function keys. */
export function isBlockedFunctionKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}

/** Prevents the default action of F5-F8 while the layout is mounted. */
export function useBlockFunctionKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isBlockedFunctionKey(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
