import '../../i18n/workspace.ts';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { TRADER_LIMITS } from '@steelport/contracts';
import { Button, Checkbox, Popconfirm, Table, type TableColumnsType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatPrice, UNIT } from '../../lib/numbers.ts';
import { EditableNumber } from './EditableNumber.tsx';
import { SKELETON_ROWS } from './ownQuery.ts';
import { RowTime } from './RowTime.tsx';
import { SELECTION_WIDTH, tableWidth } from './tableWidth.ts';

/**
 * What the trader's own lists (我的报价, 我的现货, 我的余料) share: the dense table with its
 * selection column and placeholder rows, the columns naming the item, the price and update-time
 * columns, the 修改/删除 buttons, the price as a cell shows it, and a phone's cards with the
 * checkbox in their head. The list around them is `OwnListShell`.
 */

/** The fields every own row has (a lot or a quote). */
export interface OwnRow {
  id: number;
  product: string;
  material: string;
  spec: string;
  origin: string;
  warehouse: string;
  city: string;
  price: number;
  callForPrice: boolean;
}

/** A row of the table: one of the trader's, or a placeholder while the page loads. */
export type TableRow<T extends OwnRow> = T | { id: string };
const isRow = <T extends OwnRow>(row: TableRow<T>): row is T => typeof row.id === 'number';
const placeholders = Array.from({ length: SKELETON_ROWS }, (_, i) => ({ id: `skeleton-${i}` }));
const skeleton = <span className="sp-skeleton-line" />;

/** A cell renderer that draws a placeholder line on placeholder rows. */
export const cellOf =
  <T extends OwnRow>(render: (row: T) => ReactNode) =>
  (_: unknown, row: TableRow<T>) =>
    isRow(row) ? render(row) : skeleton;

/**
 * A text cell on one line, cut with an ellipsis and whole in its tooltip (its column sets
 * `ellipsis: CLIPPED`): the columns are sized so the whole row fits the content column at 1366 px.
 */
export function Clipped({ children }: { children: ReactNode }) {
  return (
    <Tooltip title={children} placement="topLeft">
      <span>{children}</span>
    </Tooltip>
  );
}
/** The column option of a `Clipped` cell: antd cuts it, the tooltip (not a title) shows it whole. */
export const CLIPPED = { showTitle: false } as const;

/** The name a row goes by in labels: 热轧卷板 2.75*1250*C. */
export const rowName = (row: OwnRow) => `${row.product} ${row.spec}`;

/**
 * The columns naming the item: 品名 (pinned left), 材质, 规格, 产地, 仓库 (the city when a lot
 * names no warehouse, unless the table has its own city column).
 */
export function itemColumns<T extends OwnRow>(
  t: TFunction,
  opts: { cityColumn: boolean },
): TableColumnsType<TableRow<T>> {
  const cell = cellOf<T>;
  return [
    {
      key: 'product',
      title: t('trader.col.product'),
      width: 68,
      fixed: 'left',
      ellipsis: CLIPPED,
      render: cell((row) => (
        <Clipped>
          <TradeName kind="products" name={row.product} />
        </Clipped>
      )),
    },
    {
      key: 'material',
      title: t('trader.col.material'),
      width: 64,
      ellipsis: CLIPPED,
      render: cell((row) => <Clipped>{row.material}</Clipped>),
    },
    {
      key: 'spec',
      title: t('trader.col.spec'),
      width: 92,
      ellipsis: CLIPPED,
      render: cell((row) => <Clipped>{row.spec}</Clipped>),
    },
    {
      key: 'origin',
      title: t('trader.col.origin'),
      width: 52,
      ellipsis: CLIPPED,
      render: cell((row) => (
        <Clipped>
          <TradeName kind="mills" name={row.origin} />
        </Clipped>
      )),
    },
    {
      key: 'warehouse',
      title: t('trader.col.warehouse'),
      width: 88,
      ellipsis: CLIPPED,
      render: cell((row) => (
        <Clipped>
          {row.warehouse || opts.cityColumn ? (
            <TradeName kind="warehouses" name={row.warehouse} />
          ) : (
            <TradeName kind="cities" name={row.city} />
          )}
        </Clipped>
      )),
    },
    ...(opts.cityColumn
      ? [
          {
            key: 'city',
            title: t('trader.col.city'),
            width: 52,
            ellipsis: CLIPPED,
            render: cell((row) => (
              <Clipped>
                <TradeName kind="cities" name={row.city} />
              </Clipped>
            )),
          },
        ]
      : []),
  ];
}

/** The price column (单价 of a lot, 报价 of a quote), edited in place; 0 is 电议. */
export function priceColumn<T extends OwnRow>(
  title: string,
  onSave: (row: T, price: number) => Promise<unknown>,
): TableColumnsType<TableRow<T>>[number] {
  return {
    key: 'price',
    title,
    width: 80,
    align: 'right',
    render: cellOf<T>((row) => (
      <EditableNumber
        value={row.callForPrice ? 0 : row.price}
        display={<PriceText row={row} />}
        label={title}
        min={0}
        max={TRADER_LIMITS.priceMax}
        precision={0}
        onSave={(price) => onSave(row, price)}
      />
    )),
  };
}

/** 更新时间, short, with a lot's 过期 tag. */
export function updatedColumn<T extends OwnRow & { updatedAt: string; stale?: boolean }>(
  t: TFunction,
): TableColumnsType<TableRow<T>>[number] {
  return {
    key: 'updatedAt',
    title: t('trader.col.updatedAt'),
    width: 84,
    render: cellOf<T>((row) => <RowTime updatedAt={row.updatedAt} stale={row.stale} short />),
  };
}

/** The 操作 column (pinned right): 修改 and 删除 of the row. */
export function actionsColumn<T extends OwnRow>(
  t: TFunction,
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
): TableColumnsType<TableRow<T>>[number] {
  return {
    key: 'actions',
    title: t('trader.actions'),
    width: 92,
    fixed: 'right',
    render: cellOf<T>((row) => (
      <RowButtons name={rowName(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
    )),
  };
}

/**
 * The desktop's dense table of own rows with a selection column; `rows` null draws a page of
 * placeholder rows of the same height. antd's select-all sits in a hidden measuring row that
 * axe flags, so 全选本页 lives in the bulk bar instead.
 */
export function OwnTable<T extends OwnRow>({
  rows,
  columns,
  selected,
  onSelect,
}: {
  rows: T[] | null;
  columns: TableColumnsType<TableRow<T>>;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<TableRow<T>>
      className="sp-trader__table"
      size="small"
      rowKey="id"
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: tableWidth(columns) }}
      dataSource={rows ?? (placeholders as TableRow<T>[])}
      columns={columns}
      rowSelection={
        rows
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys.map(Number)),
              columnWidth: SELECTION_WIDTH,
              fixed: true,
              hideSelectAll: true,
              columnTitle: <span className="sp-sr-only">{t('trader.selectColumn')}</span>,
              getCheckboxProps: (row) => ({
                'aria-label': t('trader.selectRow', { name: isRow(row) ? rowName(row) : '' }),
              }),
            }
          : undefined
      }
    />
  );
}

/** The price as a cell shows it: 3,860, or 电议. */
export function PriceText({ row }: { row: Pick<OwnRow, 'price' | 'callForPrice'> }) {
  const { t } = useTranslation();
  const text = row.callForPrice ? null : formatPrice(row.price);
  return text === null ? <span className="sp-trader__call">{t('trader.callForPrice')}</span> : <b>{text}</b>;
}

/** The first line of a phone card: its checkbox, the item, and the price (with `after`, e.g. 涨跌). */
export function CardHead({
  row,
  selected,
  onSelect,
  after,
}: {
  row: OwnRow;
  selected: number[];
  onSelect: (ids: number[]) => void;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-trader__card-row">
      <Checkbox
        className="sp-trader__check"
        checked={selected.includes(row.id)}
        onChange={(event) =>
          onSelect(event.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))
        }
        aria-label={t('trader.selectRow', { name: rowName(row) })}
      />
      <span className="sp-trader__card-item">
        <b>
          <TradeName kind="products" name={row.product} />
        </b>{' '}
        {row.material} {row.spec}
      </span>
      <span className="sp-trader__card-price">
        <PriceText row={row} />
        {!row.callForPrice && <small> {UNIT.pricePerTonne}</small>}
        {after}
      </span>
    </div>
  );
}

/**
 * A phone's cards of own rows: the head (checkbox, item, price and `after`), the row's figures
 * and places joined by ·, then its state (`foot`) with 修改 and 删除.
 */
export function OwnCards<T extends OwnRow>({
  rows,
  testId,
  selected,
  onSelect,
  onEdit,
  onDelete,
  after,
  meta,
  foot,
}: {
  rows: T[];
  testId: string;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  after?: (row: T) => ReactNode;
  /** the meta line's parts; empty ones are left out */
  meta: (row: T) => string[];
  foot: (row: T) => ReactNode;
}) {
  return (
    <ol className="sp-trader__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-trader__card" data-testid={testId}>
          <CardHead row={row} selected={selected} onSelect={onSelect} after={after?.(row)} />
          <div className="sp-trader__card-meta">{meta(row).filter(Boolean).join(' · ')}</div>
          <div className="sp-trader__card-row sp-trader__card-foot">
            {foot(row)}
            <RowButtons name={rowName(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** 修改 and 删除 of one row (删除 asks first). */
export function RowButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="sp-trader__rowbtns">
      <Button
        type="link"
        size="small"
        icon={<EditOutlined />}
        aria-label={`${t('trader.edit')} ${name}`}
        onClick={onEdit}
      >
        {t('trader.edit')}
      </Button>
      <Popconfirm
        title={t('trader.bulk.deleteOneConfirm')}
        okText={t('trader.bulk.delete')}
        cancelText={t('trader.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('trader.bulk.delete')} ${name}`}
        />
      </Popconfirm>
    </span>
  );
}
