import '../../i18n/workspace.ts';
import { TRADER_LIMITS } from '@steelport/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LotInputOf, OwnLotKind, OwnLotOf } from '../../api/trader.ts';
import { formatCount, formatLotWeight, UNIT } from '../../lib/numbers.ts';
import { EditableNumber } from './EditableNumber.tsx';
import {
  actionsColumn,
  CLIPPED,
  Clipped,
  cellOf,
  itemColumns,
  OwnCards,
  OwnTable,
  priceColumn,
  type TableRow,
  updatedColumn,
} from './OwnTable.tsx';
import { RowTime, StatusTag } from './RowTime.tsx';
import type { OwnList } from './useOwnList.ts';

/** The rows of 我的现货 and 我的余料: a desktop's dense table, a phone's cards. */

interface RowsProps<K extends OwnLotKind> {
  kind: K;
  list: OwnList<OwnLotOf<K>, LotInputOf<K>>;
}

/** The desktop's dense table; `rows` null draws a page of placeholder rows of the same height. */
export function LotTable<K extends OwnLotKind>({
  kind,
  list,
  rows,
}: RowsProps<K> & { rows: OwnLotOf<K>[] | null }) {
  const { t } = useTranslation();
  const onInline = list.saveInline;
  const cell = cellOf<OwnLotOf<K>>;
  const surplusColumns: TableColumnsType<TableRow<OwnLotOf<K>>> =
    kind === 'surplus'
      ? [
          {
            // One column for both, as on /surplus: the row then fits the content column at 1366 px.
            key: 'grade',
            title: `${t('trader.col.grade')} / ${t('trader.col.defects')}`,
            width: 100,
            ellipsis: CLIPPED,
            render: cell((row) =>
              'grade' in row ? (
                <Clipped>
                  {row.grade} {row.defects}
                </Clipped>
              ) : null,
            ),
          },
        ]
      : [];
  const columns: TableColumnsType<TableRow<OwnLotOf<K>>> = [
    ...itemColumns<OwnLotOf<K>>(t, { cityColumn: false }),
    ...surplusColumns,
    {
      key: 'pieces',
      title: t('trader.col.pieces'),
      width: 44,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.pieces}
          display={formatCount(row.pieces)}
          label={t('trader.col.pieces')}
          min={1}
          max={TRADER_LIMITS.piecesMax}
          precision={0}
          onSave={(pieces) => onInline(row, { pieces } as Partial<LotInputOf<K>>)}
        />
      )),
    },
    {
      key: 'weight',
      title: t('trader.col.weight'),
      width: 80,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.weight}
          display={formatLotWeight(row.weight)}
          label={t('trader.col.weight')}
          min={0.001}
          max={TRADER_LIMITS.weightMax}
          precision={3}
          onSave={(weight) => onInline(row, { weight } as Partial<LotInputOf<K>>)}
        />
      )),
    },
    priceColumn<OwnLotOf<K>>(t('trader.col.price'), (row, price) =>
      onInline(row, { price } as Partial<LotInputOf<K>>),
    ),
    {
      key: 'status',
      title: t('trader.col.status'),
      width: 52,
      render: cell((row) => <StatusTag status={row.status} />),
    },
    updatedColumn<OwnLotOf<K>>(t),
    actionsColumn<OwnLotOf<K>>(t, list.editRow, list.removeRow),
  ];
  return (
    <OwnTable<OwnLotOf<K>>
      rows={rows}
      columns={columns}
      selected={list.selected}
      onSelect={list.setSelected}
    />
  );
}

/** A phone's cards: a checkbox to select, what it is and the price, then figures, state and actions. */
export function LotCards<K extends OwnLotKind>({ list, rows }: RowsProps<K> & { rows: OwnLotOf<K>[] }) {
  return (
    <OwnCards<OwnLotOf<K>>
      rows={rows}
      testId="own-lot-card"
      selected={list.selected}
      onSelect={list.setSelected}
      onEdit={list.editRow}
      onDelete={list.removeRow}
      meta={(row) => [
        `${formatLotWeight(row.weight)} ${UNIT.tonne}`,
        `${formatCount(row.pieces)} ${UNIT.pieces}`,
        row.origin,
        row.warehouse || row.city,
        'grade' in row ? row.grade : '',
        'defects' in row ? row.defects : '',
      ]}
      foot={(row) => (
        <>
          <StatusTag status={row.status} />
          <RowTime updatedAt={row.updatedAt} stale={row.stale} />
        </>
      )}
    />
  );
}
