/**
 * A small scheduler: runs the index job every day at `indexJobTime` (HH:MM, Asia/Shanghai,
 * when the day's warehouse figures are in), and every minute closes the VIP payments left unpaid
 * past their 15 minutes, returning their held beans. Every instance schedules both; the index
 * job's advisory lock lets one of them compute, and each payment closes under its row lock, so
 * two instances closing at once close each payment once. A failure is logged and the next run
 * goes on as usual. This folder only schedules: what a run computes is the module's business.
 */

import { DAY_MS, HOUR_MS, MINUTE_MS, SHANGHAI_OFFSET_MS } from '../dates.ts';
import type { Database } from '../db/client.ts';
import { writeMarketReports } from '../modules/article/reports.ts';
import { steelIndexService } from '../modules/steel-index/service.ts';
import { closeExpiredPayments, reconcilePayments } from '../modules/vip/service.ts';
import type { Payments } from '../providers/payment/index.ts';

/** How often unpaid payments past their time are closed. */
export const PAYMENT_CLOSE_EVERY_MS = MINUTE_MS;

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

/** Told of each job run and whether it failed (the metrics' job counters). */
export type OnJobRun = (job: 'payments' | 'index' | 'reports' | 'hourly', failed: boolean) => void;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Starts the minutely payment job: payments opened at a provider over 5 minutes ago without a
 * notification are asked about (a lost notification still credits), and unpaid ones past their
 * time are closed (at the provider first); `stop()` cancels it.
 */
export function startPaymentCloser(
  database: Pick<Database, 'db'>,
  payments: Payments,
  log: Logger,
  everyMs: number = PAYMENT_CLOSE_EVERY_MS,
  onRun?: OnJobRun,
): Scheduler {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    let failed = false;
    try {
      const credited = await reconcilePayments(database.db, payments, log);
      if (credited > 0) log.info({ credited }, 'payments credited by query');
      const closed = await closeExpiredPayments(database.db, payments, log);
      if (closed > 0) log.info({ closed }, 'unpaid payments closed');
    } catch (err) {
      failed = true;
      log.error({ err }, 'closing unpaid payments failed');
    } finally {
      onRun?.('payments', failed);
      running = false;
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Starts the daily index run and the payment closer; `stop()` cancels both (call it on close).
 */
export function startIndexScheduler(
  database: Pick<Database, 'db' | 'engine'>,
  time: string,
  log: Logger,
  hooks: {
    /** the payment providers the payment job queries and closes at */
    payments: Payments;
    /** after the index days are committed: the index alerts (modules/subscription) */
    afterIndexJob?: () => Promise<unknown>;
    /** after the 市场日报 are written: the report alerts (modules/subscription) */
    afterReports?: () => Promise<unknown>;
    /** every hour: the subscriptions' SMS digests (each member's at most daily, outside quiet hours) */
    hourly?: () => Promise<unknown>;
    /** each run of a job and whether it failed (the metrics) */
    onRun?: OnJobRun;
  },
): Scheduler {
  const index = steelIndexService(database);
  const closer = startPaymentCloser(database, hooks.payments, log, PAYMENT_CLOSE_EVERY_MS, hooks.onRun);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const result = await index.runIndexJob();
        log.info({ result }, 'index job finished');
        if (result.ran && hooks.afterIndexJob)
          log.info({ alerts: await hooks.afterIndexJob() }, 'index alerts evaluated');
        hooks.onRun?.('index', false);
      } catch (err) {
        hooks.onRun?.('index', true);
        log.error({ err }, 'index job failed');
      }
      // The 市场日报 quote the index days just computed: written after them (issue 15).
      try {
        const reports = await writeMarketReports(database.db);
        log.info({ reports }, 'market daily reports written');
        if (hooks.afterReports) log.info({ alerts: await hooks.afterReports() }, 'report alerts delivered');
        hooks.onRun?.('reports', false);
      } catch (err) {
        hooks.onRun?.('reports', true);
        log.error({ err }, 'market daily reports failed');
      }
      arm();
    }, msUntilNext(time));
    timer.unref();
  };
  arm();
  const hourly = hooks.hourly
    ? setInterval(async () => {
        try {
          log.info({ result: await hooks.hourly!() }, 'hourly job finished');
          hooks.onRun?.('hourly', false);
        } catch (err) {
          hooks.onRun?.('hourly', true);
          log.error({ err }, 'hourly job failed');
        }
      }, HOUR_MS)
    : null;
  hourly?.unref();
  return {
    stop: () => {
      stopped = true;
      if (hourly) clearInterval(hourly);
      closer.stop();
      if (timer) clearTimeout(timer);
    },
  };
}
