import '../../../i18n/steelIndex.ts';
import '../../../i18n/indexParts.ts';
import type { IndexDay } from '@steelport/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndexDays } from '../../../api/steelIndex.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ChangeText } from '../../../components/steelIndex/ChangeText.tsx';
import { dayBefore } from '../../../components/steelIndex/format.ts';
import { formatPriceText, formatTonnes } from '../../../lib/numbers.ts';

const PERIODS = [
  { key: 'yesterday', amount: 1, unit: 'day' },
  { key: 'week', amount: 1, unit: 'week' },
  { key: 'month', amount: 1, unit: 'month' },
  { key: 'year', amount: 1, unit: 'year' },
] as const;

/**
 * The latest day of one index against yesterday, last week, last month and last year (the
 * same calendar day back): price then, the change since, and the stock change since.
 */
export function PeriodCompare({
  indexId,
  indexName,
  latest,
}: {
  indexId: number;
  /** in the page's language (components/steelIndex/names.tsx) */
  indexName: ReactNode;
  latest: string;
}) {
  const { t } = useTranslation();
  const dates = [latest, ...PERIODS.map((p) => dayBefore(latest, p.amount, p.unit))];
  const { data, isPending } = useIndexDays({ indexIds: [indexId], dates });
  const byDate = new Map<string, IndexDay>((data?.list ?? []).map((d) => [d.date, d]));
  const now = byDate.get(latest);
  // A day before the caller's window says what would show it, not "no data".
  const hidden = (date: string) =>
    data?.earliestAllowed && date < data.earliestAllowed && data.limitedBy
      ? t(`steelIndex.gate.${data.limitedBy}`)
      : t('steelIndex.compare.unavailable');
  const rows = PERIODS.map((p, i) => ({
    key: p.key,
    date: dates[i + 1] as string,
    earlier: byDate.get(dates[i + 1] as string),
  }));
  return (
    <section className="sp-box sp-index-section">
      <h2 className="sp-box__title">
        <span>
          {t('steelIndex.compare.title')} · {indexName}
        </span>
      </h2>
      <div className="sp-box__body">
        <DataTable
          rowKey="key"
          size="small"
          loading={isPending}
          pagination={false}
          dataSource={rows}
          // No sideways scroll box (axe: a scrollable region must be focusable): the four columns
          // fit a 375 px phone, their text wraps.
          columns={[
            {
              title: t('steelIndex.compare.period'),
              dataIndex: 'key',
              render: (k: string) => t(`steelIndex.compare.${k}` as 'steelIndex.compare.week'),
            },
            { title: t('steelIndex.compare.date'), dataIndex: 'date' },
            {
              title: t('steelIndex.compare.earlier'),
              align: 'right',
              render: (_, r) => (r.earlier ? formatPriceText(r.earlier.price) : hidden(r.date)),
            },
            {
              title: t('steelIndex.compare.change'),
              align: 'right',
              render: (_, r) =>
                r.earlier && now ? (
                  <ChangeText
                    value={Math.round((now.price - r.earlier.price) * 100) / 100}
                    ratio={r.earlier.price ? (now.price - r.earlier.price) / r.earlier.price : null}
                  />
                ) : (
                  '—'
                ),
            },
            {
              title: t('steelIndex.compare.stockChange'),
              align: 'right',
              render: (_, r) =>
                r.earlier && now ? (
                  <ChangeText
                    value={Math.round(now.stock_weight - r.earlier.stock_weight)}
                    format={formatTonnes}
                  />
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </div>
    </section>
  );
}
