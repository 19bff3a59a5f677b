import '../../../i18n/workspace.ts';
import { type OwnQuotation, type QuotationInput, TRADER_LIMITS } from '@steelport/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuoteChange } from '../../../components/quotes/QuoteFigures.tsx';
import { EditableNumber } from '../../../components/trader/EditableNumber.tsx';
import { EditableText } from '../../../components/trader/EditableText.tsx';
import {
  actionsColumn,
  cellOf,
  itemColumns,
  OwnCards,
  OwnTable,
  priceColumn,
  type TableRow,
  updatedColumn,
} from '../../../components/trader/OwnTable.tsx';
import { RowTime } from '../../../components/trader/RowTime.tsx';
import type { OwnList } from '../../../components/trader/useOwnList.ts';
import { formatLotWeight, UNIT } from '../../../lib/numbers.ts';

/** The rows of 我的报价: a desktop's dense table, a phone's cards. */

interface RowsProps {
  list: OwnList<OwnQuotation, QuotationInput>;
}

/** The desktop's dense table; `rows` null draws a page of placeholder rows of the same height. */
export function QuoteTable({ list, rows }: RowsProps & { rows: OwnQuotation[] | null }) {
  const { t } = useTranslation();
  const onInline = list.saveInline;
  const cell = cellOf<OwnQuotation>;
  const columns: TableColumnsType<TableRow<OwnQuotation>> = [
    ...itemColumns<OwnQuotation>(t, { cityColumn: true }),
    priceColumn<OwnQuotation>(t('trader.col.quotePrice'), (row, price) => onInline(row, { price })),
    {
      key: 'change',
      title: t('trader.col.change'),
      width: 56,
      align: 'right',
      render: cell((row) => (
        <span className="sp-trader__change" data-testid="quote-change">
          <QuoteChange change={row.change} />
        </span>
      )),
    },
    {
      key: 'weight',
      title: t('trader.col.quoteWeight'),
      width: 80,
      align: 'right',
      render: cell((row) => (
        <EditableNumber
          value={row.weight}
          display={row.weight ? formatLotWeight(row.weight) : '—'}
          label={t('trader.col.quoteWeight')}
          min={0}
          max={TRADER_LIMITS.weightMax}
          precision={3}
          onSave={(weight) => onInline(row, { weight })}
        />
      )),
    },
    {
      key: 'remark',
      title: t('trader.col.remark'),
      width: 64,
      render: cell((row) => (
        <EditableText
          value={row.remark}
          label={t('trader.col.remark')}
          maxLength={TRADER_LIMITS.remarkLength}
          onSave={(remark) => onInline(row, { remark })}
        />
      )),
    },
    updatedColumn<OwnQuotation>(t),
    actionsColumn<OwnQuotation>(t, list.editRow, list.removeRow),
  ];
  return (
    <OwnTable<OwnQuotation>
      rows={rows}
      columns={columns}
      selected={list.selected}
      onSelect={list.setSelected}
    />
  );
}

/** A phone's cards: a checkbox, the item and its price with 涨跌, then where and when. */
export function QuoteCards({ list, rows }: RowsProps & { rows: OwnQuotation[] }) {
  return (
    <OwnCards<OwnQuotation>
      rows={rows}
      testId="own-quote-card"
      selected={list.selected}
      onSelect={list.setSelected}
      onEdit={list.editRow}
      onDelete={list.removeRow}
      after={(row) => (
        <>
          {' '}
          <QuoteChange change={row.change} />
        </>
      )}
      meta={(row) => [
        row.origin,
        row.warehouse,
        row.city,
        row.weight ? `${formatLotWeight(row.weight)} ${UNIT.tonne}` : '',
        row.remark,
      ]}
      foot={(row) => <RowTime updatedAt={row.updatedAt} />}
    />
  );
}
