import '../../i18n/market.ts';
import type { QuotationItem, QuotationSearch, QuotationSort } from '@steelport/contracts';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnglish, renderShown, type ShownName, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatTonnes as formatTonnage } from '../../lib/numbers.ts';
import { type DataColumns, DataTable, type SortOrder } from '../DataTable.tsx';
import { HoverTooltip } from '../HoverTooltip.tsx';
import { formatUpdatedAt } from '../lots/format.ts';
import { PAGE_SIZES } from '../lots/lotQuery.ts';
import { usePageHref } from '../pageLinks.tsx';
import { QuoteChange, QuotePrice } from './QuoteFigures.tsx';
import { type LinkTarget, TraderContact } from './TraderContact.tsx';

/** The paging and sort of a quote list: /beginMain's search or a firm page's tab. */
export type SortedPage = Pick<QuotationSearch, 'page' | 'pageSize' | 'sort' | 'order'>;

/** Sorts a header click walks through: newest, biggest rise first; cheapest first. */
const FIRST_DIRECTION: Record<QuotationSort, SortOrder[]> = {
  time: ['descend', 'ascend'],
  price: ['ascend', 'descend'],
  change: ['descend', 'ascend'],
};

function sortOrderOf(query: SortedPage, sort: QuotationSort): SortOrder {
  // Newest first is the default order: the time column shows it even when the URL is silent.
  const current = query.sort ?? 'time';
  if (current !== sort) return null;
  return query.order === 'asc' ? 'ascend' : 'descend';
}

function ellipsis(text: string, zh = false): ReactNode {
  return (
    <HoverTooltip title={text} placement="topLeft">
      <span lang={zh ? 'zh' : undefined}>{text}</span>
    </HoverTooltip>
  );
}

/**
 * Where a quote lies in the page's language: the warehouse (with its city in front when its name
 * lacks it), or the market city when it names none; Chinese as a whole when a name stays Chinese.
 */
export function useQuoteWhere(): (row: Pick<QuotationItem, 'warehouse' | 'city'>) => ShownName {
  const shown = useShownName();
  return ({ warehouse, city }) => {
    const w = warehouse ? shown('warehouses', warehouse) : null;
    const c = city ? shown('cities', city) : null;
    if (!w) return c ?? { text: '', zh: false };
    if (w.zh || c?.zh)
      return { text: !city || warehouse.includes(city) ? warehouse : `${city} · ${warehouse}`, zh: true };
    return { text: !c || w.text.includes(c.text) ? w.text : `${c.text} · ${w.text}`, zh: false };
  };
}

/** Row heights of the dense table: two lines with the trader cell (name, phone), one without. */
export const QUOTE_ROW_HEIGHT = { withTrader: 45, withoutTrader: 30 } as const;
/** The header row and the pager under the rows. */
const TABLE_FRAME_HEIGHT = 99;

/** Rows of a loading table at their final height, so nothing jumps when the quotes arrive. */
export function QuoteTableSkeleton({ rows, rowHeight }: { rows: number; rowHeight: number }) {
  return (
    <div
      className="sp-quotes__skeleton"
      style={{ minHeight: TABLE_FRAME_HEIGHT + rows * rowHeight }}
      aria-busy="true"
    >
      <Skeleton active title={false} paragraph={{ rows: Math.min(rows, 20), width: '100%' }} />
    </div>
  );
}

export interface QuoteTableProps<Q extends SortedPage> {
  rows: QuotationItem[];
  total: number;
  query: Q;
  loading: boolean;
  /** the 贸易商 column (a firm page lists only its own quotes and leaves it out) */
  showTrader?: boolean;
  /** links open in a new tab (a firm page framed by another site) */
  target?: LinkTarget;
  emptyText: string;
  /** shown in the empty state above the clear button: the wider searches (Relaxations) */
  emptyExtra?: ReactNode;
  onChange: (next: Q) => void;
  onClear: (() => void) | null;
}

/**
 * The dense quotation table: 品名 stays fixed; 价格, 涨跌 and 报价时间 sort by themselves;
 * price 0 reads 电议; the change is in market colours against the trader's previous quote.
 */
export function QuoteTable<Q extends SortedPage>({
  rows,
  total,
  query,
  loading,
  showTrader = true,
  target,
  emptyText,
  emptyExtra,
  onChange,
  onClear,
}: QuoteTableProps<Q>) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const shown = useShownName();
  const whereOf = useQuoteWhere();
  const pageHref = usePageHref();
  const sortable = (sort: QuotationSort) => ({
    sorter: true,
    sortOrder: sortOrderOf(query, sort),
    sortDirections: FIRST_DIRECTION[sort],
  });
  const columns: DataColumns<QuotationItem> = [
    {
      key: 'product',
      dataIndex: 'product',
      title: t('quotes.columns.product'),
      // English product names are longer (Cut-to-length sheet): one line, cut with its tooltip.
      width: english ? 128 : 84,
      fixed: 'start',
      ellipsis: { showTitle: false },
      render: (product: string) => {
        const name = shown('products', product);
        return english ? ellipsis(name.text, name.zh) : renderShown(name);
      },
    },
    {
      key: 'material',
      dataIndex: 'material',
      title: t('quotes.columns.material'),
      width: 76,
      ellipsis: { showTitle: false },
      render: (text: string) => ellipsis(text),
    },
    {
      key: 'spec',
      dataIndex: 'spec',
      title: t('quotes.columns.spec'),
      width: 108,
      ellipsis: { showTitle: false },
      render: (text: string) => ellipsis(text),
    },
    {
      key: 'origin',
      dataIndex: 'origin',
      title: t('quotes.columns.origin'),
      width: english ? 88 : 56,
      ellipsis: { showTitle: false },
      render: (origin: string) => {
        const mill = shown('mills', origin);
        return ellipsis(mill.text, mill.zh);
      },
    },
    {
      key: 'warehouse',
      dataIndex: 'warehouse',
      title: t('quotes.columns.warehouse'),
      width: 120,
      ellipsis: { showTitle: false },
      // Quotes without a warehouse name the market city; most warehouse names start with it.
      render: (_: string, row) => {
        const where = whereOf(row);
        return ellipsis(where.text, where.zh);
      },
    },
    {
      key: 'weight',
      dataIndex: 'weight',
      title: t('quotes.columns.weight'),
      width: 56,
      align: 'end',
      className: 'sp-quotes__num',
      render: (weight: number) => (weight > 0 ? formatTonnage(weight) : '—'),
    },
    {
      key: 'price',
      dataIndex: 'price',
      title: t('quotes.columns.price'),
      width: 96,
      align: 'end',
      className: 'sp-quotes__num',
      render: (price: number) => <QuotePrice price={price} />,
      ...sortable('price'),
    },
    {
      key: 'change',
      dataIndex: 'change',
      title: (
        <HoverTooltip title={t('quotes.changeTitle')}>
          <span>{t('quotes.columns.change')}</span>
        </HoverTooltip>
      ),
      width: 64,
      align: 'end',
      className: 'sp-quotes__num',
      render: (change: number | null) => <QuoteChange change={change} />,
      ...sortable('change'),
    },
    ...(showTrader
      ? [
          {
            key: 'trader',
            title: t('quotes.columns.trader'),
            width: 164,
            render: (_: unknown, row: QuotationItem) => <TraderContact trader={row.trader} target={target} />,
          },
        ]
      : []),
    {
      key: 'time',
      dataIndex: 'time',
      title: t('quotes.columns.time'),
      width: 88,
      className: 'sp-quotes__num',
      render: (iso: string) => formatUpdatedAt(iso),
      ...sortable('time'),
    },
  ];

  // A new sort starts from the first page.
  const handleSort = (key: string, order: SortOrder) => {
    if (!(key in FIRST_DIRECTION) || !order) {
      const { sort: _s, order: _o, ...rest } = query;
      onChange({ ...rest, page: 1 } as Q);
      return;
    }
    onChange({ ...query, sort: key as QuotationSort, order: order === 'ascend' ? 'asc' : 'desc', page: 1 });
  };

  return (
    <DataTable<QuotationItem>
      className="sp-lots__table sp-quotes__table"
      size="small"
      bordered
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      // Fixed widths that fit the space beside the ranking; long names end in an ellipsis.
      tableLayout="fixed"
      scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
      onSort={handleSort}
      locale={{
        emptyText: loading ? (
          ' '
        ) : (
          <Empty description={emptyText}>
            {emptyExtra}
            {onClear && (
              <Button type="primary" onClick={onClear}>
                {t('quotes.clear')}
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
        showTotal: (count) => t('quotes.pageTotal', { total: formatCount(count) }),
        hrefOf: pageHref,
        onChange: (page, pageSize) =>
          onChange({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
      }}
    />
  );
}
