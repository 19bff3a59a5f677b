import '../../i18n/market.ts';
import type { CargoItem, LotSort } from '@steelport/contracts';
import { Button, Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnglish, renderShown, type ShownName, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatLotWeight, formatPrice } from '../../lib/numbers.ts';
import { type DataColumns, DataTable, type SortOrder } from '../DataTable.tsx';
import { HoverTooltip } from '../HoverTooltip.tsx';
import { formatUpdatedAt } from './format.ts';
import { type LotQuery, lotQueryToParams, PAGE_SIZES } from './lotQuery.ts';

/** The columns a header click sorts by, and the key the search sends for each. */
const SORTABLE: Record<string, LotSort> = {
  spec: 'thickness',
  weight: 'weight',
  price: 'price',
  updatedAt: 'updatedAt',
};

/** 过期: the lot was not updated for TRADER_LIMITS.staleDays days (the API's `stale`). */
export function StaleTag() {
  const { t } = useTranslation();
  return (
    <HoverTooltip title={t('lots.staleHint')}>
      <Tag className="sp-lots__stale">{t('lots.stale')}</Tag>
    </HoverTooltip>
  );
}

function sortOrderOf(query: LotQuery, sort: LotSort): SortOrder {
  if (query.sort !== sort) return null;
  return query.order === 'asc' ? 'ascend' : 'descend';
}

/**
 * Placeholder rows while the first page of a search loads: as many as the page holds, each as
 * tall as a real row (the 供应商 cell's two lines), so the table has its final size before the
 * data arrives and nothing under it moves.
 */
function skeletonRows<T>(count: number): T[] {
  return Array.from({ length: count }, (_, i) => ({ id: `skeleton-${i}` }) as T);
}

const skeletonCell = <span className="sp-skeleton-line" />;
// Each line holds a space as well as the bar: a text line is as tall as the real name and phone.
const skeletonContact = (
  <div className="sp-contact">
    <span className="sp-contact__line">
      <span className="sp-skeleton-line" />
      {'\u00a0'}
    </span>
    <span className="sp-contact__line">
      <span className="sp-skeleton-line" />
      {'\u00a0'}
    </span>
  </div>
);

/** A cell's text cut with an ellipsis, whole in its tooltip; `zh` marks text that stays Chinese. */
function ellipsis(text: string, zh = false): ReactNode {
  return (
    <HoverTooltip title={text} placement="topLeft">
      <span lang={zh ? 'zh' : undefined}>{text}</span>
    </HoverTooltip>
  );
}

/** Where a lot lies: most warehouse names start with their city; the others get it in front. */
export function warehouseText(row: Pick<CargoItem, 'warehouse' | 'city'>): string {
  return !row.city || row.warehouse.includes(row.city) ? row.warehouse : `${row.city} · ${row.warehouse}`;
}

/** `warehouseText` in the page's language: Chinese as a whole when either name stays Chinese. */
export function useWarehouseText(): (row: Pick<CargoItem, 'warehouse' | 'city'>) => ShownName {
  const shown = useShownName();
  return (row) => {
    const warehouse = shown('warehouses', row.warehouse);
    const city = row.city ? shown('cities', row.city) : null;
    if (warehouse.zh || city?.zh) return { text: warehouseText(row), zh: true };
    return {
      text: !city || warehouse.text.includes(city.text) ? warehouse.text : `${city.text} · ${warehouse.text}`,
      zh: false,
    };
  };
}

export interface LotTableProps<T extends CargoItem> {
  rows: T[];
  total: number;
  query: LotQuery;
  loading: boolean;
  /** the 供应商 cell (ContactCell with the unlock flow) */
  renderContact: (row: T) => ReactNode;
  /** columns only one market has (等级, 缺陷说明 on /surplus), placed after 规格 */
  extraColumns?: DataColumns<T>;
  onChange: (next: LotQuery) => void;
  onClear: (() => void) | null;
  /** shown in the empty state above the clear button: the wider searches (Relaxations) */
  emptyExtra?: ReactNode;
}

/**
 * The dense lot table: 品名 stays fixed while the rest scrolls sideways on a phone; 规格 sorts
 * by thickness, 重量, 单价 and 更新时间 by themselves; price 0 reads 电议.
 */
export function LotTable<T extends CargoItem>({
  rows,
  total,
  query,
  loading,
  renderContact,
  extraColumns = [],
  onChange,
  onClear,
  emptyExtra,
}: LotTableProps<T>) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  // A market with columns of its own (/surplus) makes room for them in the places' and remark's
  // columns (cut with their tooltips) and keeps every column at its width (a fixed layout: cut
  // text no longer widens its column), so the row fits the 1200 px container and 更新时间 stays in
  // view at 1366 px without scrolling sideways.
  const roomy = extraColumns.length === 0;
  // English names (warehouses above all) would widen their columns the same way: cut too.
  const fixedLayout = !roomy || english;
  const shown = useShownName();
  const whereText = useWarehouseText();
  const sortable = (key: string) => {
    const sort = SORTABLE[key] as LotSort;
    return {
      sorter: true,
      sortOrder: sortOrderOf(query, sort),
      // Newest and heaviest first; cheapest and thinnest first.
      sortDirections: (sort === 'price' || sort === 'thickness'
        ? ['ascend', 'descend']
        : ['descend', 'ascend']) as SortOrder[],
    };
  };
  const columns: DataColumns<T> = [
    {
      key: 'product',
      dataIndex: 'product',
      title: t('lots.columns.product'),
      // English product names are longer (Cut-to-length sheet): one line, cut with its tooltip.
      width: english ? 128 : 76,
      fixed: 'start',
      ellipsis: { showTitle: false },
      render: (product: string) => {
        const name = shown('products', product);
        return english ? ellipsis(name.text, name.zh) : renderShown(name);
      },
    },
    { key: 'material', dataIndex: 'material', title: t('lots.columns.material'), width: 80 },
    { key: 'spec', dataIndex: 'spec', title: t('lots.columns.spec'), width: 108, ...sortable('spec') },
    ...extraColumns,
    {
      key: 'origin',
      dataIndex: 'origin',
      title: t('lots.columns.origin'),
      width: roomy ? 80 : 64,
      ellipsis: { showTitle: false },
      render: (origin: string) => {
        const mill = shown('mills', origin);
        return ellipsis(mill.text, mill.zh);
      },
    },
    {
      key: 'warehouse',
      dataIndex: 'warehouse',
      title: t('lots.columns.warehouse'),
      width: roomy ? 124 : 104,
      ellipsis: { showTitle: false },
      render: (_: string, row) => {
        const where = whereText(row);
        return ellipsis(where.text, where.zh);
      },
    },
    { key: 'pieces', dataIndex: 'pieces', title: t('lots.columns.pieces'), width: 48, align: 'end' },
    {
      key: 'weight',
      dataIndex: 'weight',
      title: t('lots.columns.weight'),
      width: 86,
      align: 'end',
      className: 'sp-lots__num',
      render: (weight: number) => formatLotWeight(weight),
      ...sortable('weight'),
    },
    {
      key: 'price',
      dataIndex: 'price',
      title: t('lots.columns.price'),
      width: 100,
      align: 'end',
      className: 'sp-lots__num',
      render: (price: number) => {
        const text = formatPrice(price);
        // 电议: the seller quotes on the phone; it is not a price of zero.
        return text === null ? (
          <span className="sp-lots__call">{t('lots.callForPrice')}</span>
        ) : (
          <span className="sp-lots__price">{text}</span>
        );
      },
      ...sortable('price'),
    },
    {
      key: 'supplier',
      title: t('lots.columns.supplier'),
      width: roomy ? 168 : 172,
      render: (_: unknown, row) => renderContact(row),
    },
    {
      // Lot remarks as the sellers write them (可开平, 钢厂直发); the export carries them too.
      key: 'remark',
      dataIndex: 'remark',
      title: t('lots.columns.remark'),
      width: roomy ? 120 : 88,
      ellipsis: { showTitle: false },
      // The seller's own words stay Chinese.
      render: (remark: string) => (remark ? ellipsis(remark, true) : null),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('lots.columns.updatedAt'),
      width: 92,
      className: 'sp-lots__num',
      render: (iso: string, row: T) => (
        <>
          {formatUpdatedAt(iso)}
          {row.stale && <StaleTag />}
        </>
      ),
      ...sortable('updatedAt'),
    },
  ];

  // A search's first page shows skeleton rows; a refresh keeps the rows it has under the spinner.
  const skeleton = loading && rows.length === 0;
  const skeletonColumns: DataColumns<T> = columns.map((column) => ({
    ...column,
    render: () => (column.key === 'supplier' ? skeletonContact : skeletonCell),
  }));

  // A new sort starts from the first page.
  const handleSort = (key: string, order: SortOrder) => {
    const sort = SORTABLE[key];
    if (!sort || !order) {
      const { sort: _s, order: _o, ...rest } = query;
      onChange({ ...rest, page: 1 });
      return;
    }
    onChange({ ...query, sort, order: order === 'ascend' ? 'asc' : 'desc', page: 1 });
  };

  return (
    <DataTable<T>
      className="sp-lots__table"
      size="small"
      bordered
      rowKey="id"
      columns={skeleton ? skeletonColumns : columns}
      dataSource={skeleton ? skeletonRows<T>(query.pageSize) : rows}
      loading={loading && !skeleton}
      tableLayout={fixedLayout ? 'fixed' : undefined}
      scroll={{
        x: fixedLayout ? columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) : 'max-content',
      }}
      onSort={handleSort}
      locale={{
        emptyText: loading ? (
          ' '
        ) : (
          <Empty description={t('lots.empty')}>
            {emptyExtra}
            {onClear && (
              <Button type="primary" onClick={onClear}>
                {t('lots.clear')}
              </Button>
            )}
          </Empty>
        ),
      }}
      pagination={{
        current: query.page,
        pageSize: query.pageSize,
        total,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (count) => t('lots.pageTotal', { total: formatCount(count) }),
        hrefOf: (page) => `?${lotQueryToParams({ ...query, page })}`,
        onChange: (page, pageSize) =>
          onChange({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
      }}
    />
  );
}
