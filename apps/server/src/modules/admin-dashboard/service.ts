/**
 * The operator console's dashboard (issue 18): today's and the last 30 days' new users,
 * quotations, stock rows updated, enquiries, payments and revenue, and the health of the
 * scheduled jobs as far as they leave traces (the jobs keep no run log: what is not recorded is
 * null). Not cached: few operators open it, and one right after a write must see it.
 */
import { ADMIN_LIMITS, type Dashboard } from '@steelport/contracts';
import { atDay, dayString, daysBetween, MINUTE_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { presentDashboard, presentJobs, presentSeries } from './present.ts';
import * as repo from './repo.ts';

/** A pending payment this long past its deadline means the closing job is not running. */
const PAYMENT_CLOSE_GRACE_MS = 10 * MINUTE_MS;

export interface DashboardService {
  dashboard(now?: Date): Promise<Dashboard>;
}

/** The dashboard over the database. */
export function dashboardService(deps: { db: Db }): DashboardService {
  const { db } = deps;
  const load = async (now: Date): Promise<Dashboard> => {
    const span = ADMIN_LIMITS.dashboardDays;
    const fromDay = dayString(now, -(span - 1));
    const from = atDay(now, -(span - 1));
    const figures = await repo.dailyFigures(db, from, fromDay);
    const traces = await repo.jobTraces(db, new Date(now.getTime() - PAYMENT_CLOSE_GRACE_MS));
    const series = presentSeries(daysBetween(fromDay, dayString(now)), figures);
    return presentDashboard(series, presentJobs(traces));
  };
  return { dashboard: (now = new Date()) => load(now) };
}
