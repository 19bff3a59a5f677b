/**
 * /admin, 概览: today's figures as cards, the last 30 days as a trend chart (ECharts, fetched
 * with the first chart: components/Chart) and the scheduled jobs' health, a job that has not
 * run for over a day or failed in a warning colour. Refreshes every minute.
 */
import '../../../i18n/admin.ts';
import type { Dashboard, DashboardDay } from '@steelport/contracts';
import { Alert, Button, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../../../api/admin.ts';
import { AdminCardTable } from '../../../components/admin/AdminCardTable.tsx';
import { Chart, type ChartOption } from '../../../components/Chart/index.tsx';
import { formatCount, formatFen } from '../../../lib/numbers.ts';
import { type JobState, jobState } from './jobHealth.ts';

type Figure = Exclude<keyof DashboardDay, 'day'>;
const FIGURES: readonly Figure[] = [
  'newUsers',
  'quotations',
  'stockRows',
  'enquiries',
  'payments',
  'revenueYuan',
];
/** The count series the trend draws (revenue has its own axis). */
const TREND: readonly Figure[] = ['newUsers', 'quotations', 'stockRows', 'enquiries', 'payments'];
const FIGURE_TEXT: Record<Figure, string> = {
  newUsers: 'newUsers',
  quotations: 'quotations',
  stockRows: 'stockRows',
  enquiries: 'enquiries',
  payments: 'payments',
  revenueYuan: 'revenue',
};

const formatFigure = (figure: Figure, value: number) =>
  figure === 'revenueYuan' ? formatFen(Math.round(value * 100)) : formatCount(value);

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();

  if (dashboard.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={dashboard.error.message}
        action={<Button onClick={() => dashboard.refetch()}>{t('admin.common.retry')}</Button>}
      />
    );
  }
  const data = dashboard.data;
  return (
    <>
      <section aria-labelledby="admin-today">
        <h2 className="sp-admin-panel__title" id="admin-today">
          {t('admin.dashboard.today')}
          {data && (
            <small className="sp-admin-card__label">
              {' '}
              {t('admin.dashboard.asOf', { time: dayjs(dashboard.dataUpdatedAt).format('HH:mm') })}
            </small>
          )}
        </h2>
        <div className="sp-admin-cards" data-testid="admin-figures">
          {FIGURES.map((figure) => (
            <div className="sp-admin-card" key={figure}>
              <div className="sp-admin-card__label">
                {t(`admin.dashboard.figures.${FIGURE_TEXT[figure]}` as 'admin.dashboard.figures.newUsers')}
              </div>
              <div className="sp-admin-card__value">
                {data ? formatFigure(figure, data.today[figure]) : <Skeleton.Input active size="small" />}
              </div>
            </div>
          ))}
        </div>
      </section>
      <section className="sp-admin-panel" aria-labelledby="admin-trend">
        <h2 className="sp-admin-panel__title" id="admin-trend">
          {t('admin.dashboard.trend')}
        </h2>
        {data ? (
          <TrendChart series={data.series} />
        ) : (
          <Skeleton.Node active style={{ width: '100%', height: 320 }} />
        )}
      </section>
      <section className="sp-admin-panel" aria-labelledby="admin-jobs">
        <h2 className="sp-admin-panel__title" id="admin-jobs">
          {t('admin.dashboard.jobs')}
        </h2>
        <JobTable jobs={data?.jobs ?? null} />
      </section>
    </>
  );
}

/** The series' colours, in the order of TREND then revenue (the chart's and its legend's). */
const COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272'];
const CHART_FIGURES: readonly Figure[] = [...TREND, 'revenueYuan'];

/**
 * The 30-day trend: the counts as lines on the left axis, revenue as bars on the right. Its legend
 * is a row of toggles under the canvas, never over it: on a phone ECharts' own legend wrapped
 * onto the axis names (收入（元）).
 */
function TrendChart({ series }: { series: Dashboard['series'] }) {
  const { t } = useTranslation();
  const [off, setOff] = useState<readonly Figure[]>([]);
  const name = (figure: Figure) =>
    t(`admin.dashboard.figures.${FIGURE_TEXT[figure]}` as 'admin.dashboard.figures.newUsers');
  const option = useMemo<ChartOption>(() => {
    const name = (figure: Figure) =>
      t(`admin.dashboard.figures.${FIGURE_TEXT[figure]}` as 'admin.dashboard.figures.newUsers');
    return {
      color: COLORS,
      tooltip: { trigger: 'axis' },
      legend: {
        show: false,
        selected: Object.fromEntries(CHART_FIGURES.map((figure) => [name(figure), !off.includes(figure)])),
      },
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: series.map((day) => day.day.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        {
          type: 'value',
          name: name('revenueYuan'),
          // Leftwards from the axis: a name centred on the right edge would be cut.
          nameTextStyle: { align: 'right' },
          splitLine: { show: false },
        },
      ],
      series: [
        ...TREND.map((figure) => ({
          name: name(figure),
          type: 'line',
          smooth: true,
          data: series.map((day) => day[figure]),
        })),
        {
          name: name('revenueYuan'),
          type: 'bar',
          yAxisIndex: 1,
          barMaxWidth: 12,
          itemStyle: { opacity: 0.5 },
          data: series.map((day) => day.revenueYuan),
        },
      ],
    };
  }, [series, t, off]);
  return (
    <>
      <Chart option={option} height={320} label={t('admin.dashboard.trendLabel')} />
      <ul className="sp-admin-legend" aria-labelledby="admin-trend" data-testid="trend-legend">
        {CHART_FIGURES.map((figure, i) => (
          <li key={figure}>
            <button
              type="button"
              className="sp-admin-legend__item"
              aria-pressed={!off.includes(figure)}
              onClick={() =>
                setOff(off.includes(figure) ? off.filter((f) => f !== figure) : [...off, figure])
              }
            >
              <span className="sp-admin-legend__swatch" style={{ background: COLORS[i] }} aria-hidden />
              {name(figure)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

const STATE_COLOR: Record<JobState, string> = {
  ok: 'green',
  stale: 'orange',
  never: 'orange',
  failed: 'red',
};

function JobTable({ jobs }: { jobs: Dashboard['jobs'] | null }) {
  const { t } = useTranslation();
  const stateText: Record<JobState, string> = {
    ok: t('admin.dashboard.ok'),
    stale: t('admin.dashboard.stale'),
    never: t('admin.dashboard.never'),
    failed: t('admin.dashboard.failed'),
  };
  return (
    <AdminCardTable
      className="sp-admin-table"
      size="small"
      rowKey="key"
      loading={!jobs}
      pagination={false}
      dataSource={jobs ?? []}
      scroll={{ x: 'max-content' }}
      rowClassName={(job) => {
        const state = jobState(job);
        return state === 'ok' ? '' : state === 'failed' ? 'sp-admin-job--failed' : 'sp-admin-job--stale';
      }}
      columns={[
        { key: 'name', title: t('admin.dashboard.jobName'), render: (_, job) => job.name },
        {
          key: 'lastRun',
          title: t('admin.dashboard.lastRun'),
          render: (_, job) => {
            if (job.lastRunAt) return dayjs(job.lastRunAt).format('YYYY-MM-DD HH:mm');
            return jobState(job) === 'never' ? t('admin.dashboard.never') : t('admin.common.none');
          },
        },
        {
          key: 'status',
          title: t('admin.dashboard.status'),
          render: (_, job) => {
            const state = jobState(job);
            return <Tag color={STATE_COLOR[state]}>{stateText[state]}</Tag>;
          },
        },
        {
          key: 'detail',
          title: t('admin.dashboard.detail'),
          render: (_, job) => job.detail ?? job.lastDay ?? '',
        },
      ]}
    />
  );
}
