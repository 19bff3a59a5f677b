import '../../i18n/steelIndex.ts';
import '../../i18n/indexParts.ts';
import type { IndexDay } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, SummaryCell } from '../../components/DataTable.tsx';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { DisclosureLine } from '../../components/steelIndex/Disclosure.tsx';
import { formatChangePercent, MISSING } from '../../lib/numbers.ts';
import type { CompareRow } from './compare.ts';
import { fmtField, fieldLabel as labelOf } from './figures.ts';

/**
 * One index's fields on dates `a` and `b` with the change and the ratio, and a last row naming
 * each day's source (`sourceDays`, null while no index is chosen). `absent(date)` says why a
 * figure is missing.
 */
export function CompareTable({
  rows,
  loading,
  a,
  b,
  sourceDays,
  absent,
}: {
  rows: CompareRow[];
  loading: boolean;
  a: string;
  b: string;
  sourceDays: [IndexDay | undefined, IndexDay | undefined] | null;
  absent: (date: string) => string;
}) {
  const { t } = useTranslation();
  const fieldLabel = (f: string) => labelOf(t, f);
  return (
    <ScrollRegion label={t('steelIndex.cross.compareTable')}>
      <DataTable<CompareRow>
        size="small"
        rowKey="field"
        loading={loading}
        pagination={false}
        dataSource={rows}
        style={{ minWidth: 560 }}
        // Columns of equal width whatever the figures: the cells do not move when they arrive.
        tableLayout="fixed"
        // The source row is there from the start (缺失 until the days arrive): the table has
        // its final height while it loads and the overview below does not move.
        summary={
          sourceDays ? (
            <tr className="sp-crossdate__source">
              <SummaryCell className="sp-nowrap">{t('steelIndex.day.sourceTitle')}</SummaryCell>
              {sourceDays.map((day, i) => (
                <SummaryCell key={i === 0 ? 'a' : 'b'} align="right">
                  {day ? <DisclosureLine day={day} /> : absent(i === 0 ? a : b)}
                </SummaryCell>
              ))}
              <SummaryCell colSpan={2} />
            </tr>
          ) : null
        }
        columns={[
          {
            title: t('steelIndex.cross.field'),
            dataIndex: 'field',
            render: fieldLabel,
            className: 'sp-nowrap',
          },
          {
            title: a,
            dataIndex: 'a',
            align: 'right',
            render: (v: number | null, r) => (v === null ? absent(a) : fmtField(r.field, v)),
          },
          {
            title: b,
            dataIndex: 'b',
            align: 'right',
            render: (v: number | null, r) => (v === null ? absent(b) : fmtField(r.field, v)),
          },
          {
            title: t('steelIndex.cross.change'),
            dataIndex: 'change',
            align: 'right',
            render: (v: number | null, r) =>
              v === null ? MISSING : <ChangeText value={v} format={(n) => fmtField(r.field, n)} />,
          },
          {
            title: t('steelIndex.cross.ratio'),
            dataIndex: 'ratio',
            align: 'right',
            render: (v: number | null) => formatChangePercent(v),
          },
        ]}
      />
    </ScrollRegion>
  );
}
