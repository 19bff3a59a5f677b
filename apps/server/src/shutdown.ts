/**
 * Graceful shutdown on SIGINT/SIGTERM, however the process is stopped. A stop often delivers
 * the signal more than once: Ctrl-C or a service manager signals the whole process group, and
 * `npm start` forwards the same signal to its child as well. Copies arriving within
 * DUPLICATE_WINDOW_MS of the first are the same request to stop and are ignored (a library
 * that exits on any second signal would cut in-flight answers off); a signal after that window is
 * an operator insisting, and ends the process at once. The close itself has `timeoutMs` to finish.
 */
import { SECOND_MS } from './dates.ts';

export const DUPLICATE_WINDOW_MS = 3 * SECOND_MS;

export interface ShutdownOptions {
  /** Answers in-flight requests, then closes the store and the database. */
  close: () => Promise<void>;
  log: { info(msg: string): void; error(obj: object, msg: string): void };
  timeoutMs?: number;
  /** For tests: what ends the process. */
  exit?: (code: number) => void;
  now?: () => number;
}

/** Installs the signal handlers; returns the function that runs the shutdown (also for errors). */
export function onShutdownSignals(opts: ShutdownOptions): (reason: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const now = opts.now ?? Date.now;
  let startedAt: number | null = null;

  const shutdown = async (reason: string) => {
    if (startedAt !== null) {
      if (now() - startedAt < DUPLICATE_WINDOW_MS) return;
      opts.log.info(`${reason} again: stopping now`);
      exit(1);
      return;
    }
    startedAt = now();
    opts.log.info(`${reason}: finishing requests in flight, then stopping`);
    const timer = setTimeout(
      () => {
        opts.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown timed out');
        exit(1);
      },
      opts.timeoutMs ?? 10 * SECOND_MS,
    );
    timer.unref();
    try {
      await opts.close();
      clearTimeout(timer);
      opts.log.info('stopped');
      exit(0);
    } catch (err) {
      clearTimeout(timer);
      opts.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch(() => exit(1));
    });
  }
  return shutdown;
}
