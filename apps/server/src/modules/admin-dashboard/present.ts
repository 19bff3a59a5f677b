/** The dashboard's rows -> contracts' Dashboard (fen -> 元). Pure. */
import type { Dashboard, DashboardDay, JobHealth } from '@steelport/contracts';
import { SHANGHAI_OFFSET_MS } from '../../dates.ts';
import { toYuan } from '../../present.ts';
import type { dailyFigures, jobTraces } from './repo.ts';

type Figures = Awaited<ReturnType<typeof dailyFigures>>;
type Traces = Awaited<ReturnType<typeof jobTraces>>;

const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));

/** The Shanghai day of an instant. */
const dayOf = (at: Date | null): string | null =>
  at ? new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10) : null;

/** One DashboardDay per day of `days` (oldest first), zero where nothing happened. */
export function presentSeries(days: string[], f: Figures): DashboardDay[] {
  const users = byDay(f.newUsers);
  const quotes = byDay(f.quotes);
  const cargo = byDay(f.cargoRows);
  const surplus = byDay(f.surplusRows);
  const enquiries = byDay(f.enquiryRows);
  const paid = new Map(f.paidRows.map((r) => [r.day, { n: Number(r.n), fen: Number(r.fen) }]));
  return days.map((day) => ({
    day,
    newUsers: users.get(day) ?? 0,
    quotations: quotes.get(day) ?? 0,
    stockRows: (cargo.get(day) ?? 0) + (surplus.get(day) ?? 0),
    enquiries: enquiries.get(day) ?? 0,
    payments: paid.get(day)?.n ?? 0,
    revenueYuan: toYuan(paid.get(day)?.fen ?? 0),
  }));
}

/** The three jobs' health from what they leave behind; null where a job records nothing. */
export function presentJobs(t: Traces): JobHealth[] {
  return [
    {
      key: 'indexDaily',
      name: '指数日计算',
      lastRunAt: t.indexLastRunAt ? t.indexLastRunAt.toISOString() : null,
      lastDay: t.indexLastDay,
      // The job keeps no run log: the newest computed index day is its trace.
      ok: null,
      detail: t.indexLastDay ? `最新指数日 ${t.indexLastDay}` : '尚无指数数据',
    },
    {
      key: 'paymentClose',
      name: '超时支付单关闭',
      lastRunAt: null,
      lastDay: null,
      // Runs every minute; a pending payment well past its deadline means it is not running.
      ok: t.overduePayments === 0,
      detail: t.overduePayments === 0 ? '无超时未关闭的支付单' : `${t.overduePayments} 笔支付单超时未关闭`,
    },
    {
      key: 'reports',
      name: '市场日报生成',
      lastRunAt: t.reportLastRunAt ? t.reportLastRunAt.toISOString() : null,
      lastDay: dayOf(t.reportLastPublishedAt),
      ok: null,
      detail: t.reportLastRunAt ? null : '尚无市场日报',
    },
  ];
}

/** The whole dashboard: today is the series' last day. */
export function presentDashboard(series: DashboardDay[], jobs: JobHealth[]): Dashboard {
  const today = series[series.length - 1];
  if (!today) throw new Error('dashboard series is empty');
  return { today, series, jobs };
}
