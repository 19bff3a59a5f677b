import { useState } from 'react';

/**
 * `load` run once: every call returns the same promise (a module fetched on a click and on the
 * pointer's way to it is fetched once); after a failure the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load().catch((error: unknown) => {
      promise = undefined;
      throw error;
    });
    return promise;
  };
}

/**
 * A part that opens on a click and whose code loads on that click (issue 36: a dialog is not in
 * its screen's first load). `open(value)` fetches the code (`load`, a `loadOnce`), marks `pending`
 * with the value meanwhile (the clicked button shows its loading state), then makes it `shown`;
 * `preload` starts the fetch early (a pointer or the focus reaching the button). A failed fetch
 * clears `pending`, and the next click tries again.
 */
export function useOnDemand<T>(load: () => Promise<unknown>) {
  const [shown, setShown] = useState<T | null>(null);
  const [pending, setPending] = useState<T | null>(null);
  const open = (value: T) => {
    setPending(value);
    load().then(
      () => {
        setPending((current) => (current === value ? null : current));
        setShown(value);
      },
      () => setPending((current) => (current === value ? null : current)),
    );
  };
  return {
    shown,
    pending,
    open,
    close: () => setShown(null),
    preload: () => void load().catch(() => undefined),
  };
}
