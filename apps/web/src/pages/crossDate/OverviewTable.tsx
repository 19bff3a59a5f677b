import '../../i18n/steelIndex.ts';
import type { IndexDay } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag, sourceLabel } from '../../components/steelIndex/Disclosure.tsx';
import { renderShown } from '../../i18n/tradeNames.tsx';
import { formatTonnes, MISSING } from '../../lib/numbers.ts';
import type { CompareRow } from './compare.ts';
import { fmtPriceCell, fieldLabel as labelOf } from './figures.ts';
import type { OverviewItem } from './OverviewCards.tsx';

/**
 * The all-index overview on a desktop: price and stock of every index on both dates and their
 * change (OverviewCards on a phone). `absent(date)` says why a figure is missing.
 */
export function OverviewTable({
  items,
  loading,
  a,
  b,
  absent,
}: {
  items: OverviewItem[];
  loading: boolean;
  a: string;
  b: string;
  absent: (date: string) => string;
}) {
  const { t } = useTranslation();
  const fieldLabel = (f: string) => labelOf(t, f);
  return (
    <DataTable
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={items}
      columns={[
        {
          title: t('steelIndex.cross.index'),
          dataIndex: 'name',
          fixed: 'left',
          render: (text: string, item) => renderShown({ text, zh: Boolean(item.zh) }),
        },
        ...(['price', 'stock'] as const).flatMap((key) => {
          const label = fieldLabel(key === 'price' ? 'price' : 'stock_weight');
          const fmt = key === 'price' ? fmtPriceCell : (n: number) => formatTonnes(n);
          type Row = { price?: CompareRow; stock?: CompareRow; dayA?: IndexDay; dayB?: IndexDay };
          // a provisional price says so, and where it came from (samples on hovering the tag)
          const cell = (value: number | null | undefined, day: IndexDay | undefined, date: string) =>
            value == null ? (
              absent(date)
            ) : key === 'price' && day?.provisional ? (
              <span className="sp-disclosure sp-disclosure--nowrap">
                <ProvisionalTag day={day} />
                <span className="sp-disclosure__source">{sourceLabel(t, day.source)}</span>
                {fmt(value)}
              </span>
            ) : (
              fmt(value)
            );
          return [
            {
              title: `${label} ${a}`,
              align: 'right' as const,
              render: (_: unknown, r: Row) => cell(r[key]?.a, r.dayA, a),
            },
            {
              title: `${label} ${b}`,
              align: 'right' as const,
              render: (_: unknown, r: Row) => cell(r[key]?.b, r.dayB, b),
            },
            {
              title: t('steelIndex.cross.change'),
              align: 'right' as const,
              render: (_: unknown, r: Row) =>
                r[key]?.change == null ? (
                  MISSING
                ) : (
                  <ChangeText value={r[key].change} ratio={r[key].ratio} format={fmt} />
                ),
            },
          ];
        }),
      ]}
    />
  );
}
