/**
 * A small daily scheduler: runs the index job every day at `indexJobTime` (HH:MM, Asia/Shanghai,
 * when the day's warehouse figures are in). Every instance schedules it; the job's advisory lock
 * (in the steel index service) lets one of them compute. A failure is logged and the next day
 * runs as usual. This folder only schedules: what a run computes is the module's business.
 */

import { DAY_MS, HOUR_MS, MINUTE_MS, SHANGHAI_OFFSET_MS } from '../dates.ts';
import type { Database } from '../db/client.ts';
import { steelIndexService } from '../modules/steel-index/service.ts';

/** Milliseconds from `now` until the next `HH:MM` in Shanghai (a full day when it is exactly now). */
export function msUntilNext(time: string, now: Date = new Date()): number {
  const [h, m] = time.split(':').map(Number);
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  let next = midnight + (h ?? 0) * HOUR_MS + (m ?? 0) * MINUTE_MS;
  if (next <= local) next += DAY_MS;
  return next - local;
}

export interface Scheduler {
  stop(): void;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Starts the daily index run; `stop()` cancels the pending timer (call it on close). */
export function startIndexScheduler(
  database: Pick<Database, 'db' | 'engine'>,
  time: string,
  log: Logger,
): Scheduler {
  const index = steelIndexService(database);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const result = await index.runIndexJob();
        log.info({ result }, 'index job finished');
      } catch (err) {
        log.error({ err }, 'index job failed');
      }
      arm();
    }, msUntilNext(time));
    timer.unref();
  };
  arm();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
