/**
 * A table for the public screens (issue 36): antd's Table markup and classes, drawn by antd's
 * stylesheet, without antd's Table. antd's brought rc-table with its resize observers, its
 * pagination with the page-size Select (popup, virtual list, overflow), Spin, and the tree and
 * checkbox of its filter and selection menus: about 45 KB gzip on every screen with a table.
 *
 * What the portal's tables use, and no more: columns (title, dataIndex or render, width, align,
 * fixed at either side, ellipsis, className, a controlled sorter), row keys and row attributes, a
 * fixed layout, sideways scrolling with the fixed columns' shadows, small and bordered, a spinner
 * over rows being refreshed, an empty state, a summary row and paging through `Pager` (with its
 * total and page-size menu). The props are named as antd's, so a table moves by its import.
 */
import './dataTable.css';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { CSSProperties, HTMLAttributes, KeyboardEvent, ReactNode, TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from '../lib/classNames.ts';
import { Pager, type PagerSizes } from './Pager.tsx';
import { fixedCell, fixedLayout, useScrollEdges } from './tableFixed.ts';

export type SortOrder = 'ascend' | 'descend' | null;
type Align = 'start' | 'end' | 'center' | 'left' | 'right';

export interface DataColumn<T> {
  /** defaults to `dataIndex`, then the column's place */
  key?: string;
  title: ReactNode;
  dataIndex?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the cell's value is the row's field under dataIndex, as antd's
  render?: (value: any, row: T, index: number) => ReactNode;
  width?: number;
  align?: Align;
  fixed?: 'start' | 'end' | 'left' | 'right' | boolean;
  /** one line, cut with an ellipsis; `showTitle: false` leaves out the cell's native tooltip */
  ellipsis?: boolean | { showTitle?: boolean };
  className?: string;
  sorter?: boolean;
  sortOrder?: SortOrder;
  /** the orders a header click steps through before it clears the sort; antd's default order */
  sortDirections?: SortOrder[];
}

export type DataColumns<T> = DataColumn<T>[];

export interface DataPagination {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** the text before the pages ("共 120 条") */
  showTotal?: (total: number) => ReactNode;
  /** the page sizes offered; none, no menu */
  pageSizeOptions?: number[];
  /** each page's address: the pages are real links (see Pager) */
  hrefOf?: (page: number) => string;
}

export interface DataTableProps<T> {
  columns: DataColumns<T>;
  dataSource: readonly T[];
  rowKey: (keyof T & string) | ((row: T) => string | number);
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  size?: 'small' | 'middle';
  bordered?: boolean;
  /** a spinner over the rows (they stay, dimmed) */
  loading?: boolean;
  /** `fixed`: every column keeps its width, whatever its text */
  tableLayout?: 'fixed';
  /** the table's width when it is wider than its box: the box scrolls sideways */
  scroll?: { x?: number | 'max-content' };
  locale?: { emptyText?: ReactNode };
  onRow?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  rowClassName?: (row: T, index: number) => string;
  /** a header click on a sortable column: its key and the order it asks for (null: unsorted) */
  onSort?: (key: string, order: SortOrder) => void;
  /** rows of `<SummaryCell>`s under the body (`<tfoot>`) */
  summary?: ReactNode;
  pagination?: DataPagination | false;
}

const DEFAULT_DIRECTIONS: SortOrder[] = ['ascend', 'descend'];

function keyOf<T>(column: DataColumn<T>, index: number): string {
  return column.key ?? column.dataIndex ?? String(index);
}

function textAlign(align: Align | undefined): CSSProperties | undefined {
  return align ? { textAlign: align } : undefined;
}

/** The order a click on a sortable header asks for: the next of its directions, then none. */
export function nextSortOrder(current: SortOrder, directions: SortOrder[] = DEFAULT_DIRECTIONS): SortOrder {
  if (current === null) return directions[0] ?? null;
  const at = directions.indexOf(current);
  return at >= 0 && at + 1 < directions.length ? (directions[at + 1] ?? null) : null;
}

function SortHeader({ title, order }: { title: ReactNode; order: SortOrder }) {
  return (
    <div className="ant-table-column-sorters">
      <span className="ant-table-column-title">{title}</span>
      <span className="ant-table-column-sorter ant-table-column-sorter-full">
        <span className="ant-table-column-sorter-inner" aria-hidden="true">
          <CaretUpOutlined
            className={classNames('ant-table-column-sorter-up', order === 'ascend' && 'active')}
          />
          <CaretDownOutlined
            className={classNames('ant-table-column-sorter-down', order === 'descend' && 'active')}
          />
        </span>
      </span>
    </div>
  );
}

/** A cell of a `summary` row: `<tr>` rows of these go in DataTable's `summary`. */
export function SummaryCell({
  align,
  className,
  ...rest
}: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: Align }) {
  return <td {...rest} className={classNames('ant-table-cell', className)} style={textAlign(align)} />;
}

function cellValue<T>(row: T, column: DataColumn<T>, index: number): ReactNode {
  const value =
    column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[column.dataIndex];
  if (column.render) return column.render(value, row, index);
  return value as ReactNode;
}

export function DataTable<T>({
  columns,
  dataSource,
  rowKey,
  className,
  style,
  'data-testid': testId,
  size,
  bordered,
  loading = false,
  tableLayout,
  scroll,
  locale,
  onRow,
  rowClassName,
  onSort,
  summary,
  pagination,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const fixed = fixedLayout(columns);
  const hasStart = fixed.some((f) => f?.side === 'start');
  const hasEnd = fixed.some((f) => f?.side === 'end');
  const scrollX = scroll?.x;
  const edges = useScrollEdges(scrollX !== undefined && (hasStart || hasEnd));
  const layoutFixed = tableLayout === 'fixed' || hasStart || hasEnd;
  const tableStyle: CSSProperties | undefined =
    scrollX === undefined
      ? layoutFixed
        ? { tableLayout: 'fixed' }
        : undefined
      : { width: scrollX, minWidth: '100%', tableLayout: layoutFixed ? 'fixed' : 'auto' };
  const keyFor = (row: T): string | number =>
    typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as string | number);

  const sortBy = (column: DataColumn<T>, index: number) => {
    onSort?.(keyOf(column, index), nextSortOrder(column.sortOrder ?? null, column.sortDirections));
  };

  const head = columns.map((column, i) => {
    const place = fixedCell(fixed[i] ?? null, edges);
    const ellipsis = Boolean(column.ellipsis);
    const titleText = ellipsis && typeof column.title === 'string' ? column.title : undefined;
    const cellClass = classNames(
      'ant-table-cell',
      column.className,
      place.className,
      ellipsis && 'ant-table-cell-ellipsis',
    );
    const cellStyle = { ...textAlign(column.align), ...place.style };
    if (!column.sorter)
      return (
        <th key={keyOf(column, i)} className={cellClass} scope="col" title={titleText} style={cellStyle}>
          {ellipsis && place.className ? (
            <span className="ant-table-cell-content">{column.title}</span>
          ) : (
            column.title
          )}
        </th>
      );
    const order = column.sortOrder ?? null;
    return (
      <th
        key={keyOf(column, i)}
        className={classNames(cellClass, 'ant-table-column-has-sorters', order && 'ant-table-column-sort')}
        scope="col"
        style={cellStyle}
        tabIndex={0}
        aria-sort={order === 'ascend' ? 'ascending' : order === 'descend' ? 'descending' : undefined}
        aria-description={order ? undefined : t('table.sortable')}
        onClick={() => sortBy(column, i)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          sortBy(column, i);
        }}
      >
        <SortHeader title={column.title} order={order} />
      </th>
    );
  });

  const body =
    dataSource.length === 0 ? (
      <tr className="ant-table-placeholder">
        <td className="ant-table-cell" colSpan={columns.length}>
          {locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />}
        </td>
      </tr>
    ) : (
      dataSource.map((row, index) => {
        const key = keyFor(row);
        const extra = onRow?.(row, index);
        return (
          <tr
            {...extra}
            key={key}
            data-row-key={key}
            className={classNames(
              'ant-table-row',
              'ant-table-row-level-0',
              rowClassName?.(row, index),
              extra?.className,
            )}
          >
            {columns.map((column, i) => {
              const place = fixedCell(fixed[i] ?? null, edges);
              const ellipsis = column.ellipsis;
              const value = cellValue(row, column, index);
              const showTitle = ellipsis && (ellipsis === true || ellipsis.showTitle !== false);
              return (
                <td
                  key={keyOf(column, i)}
                  className={classNames(
                    'ant-table-cell',
                    column.className,
                    place.className,
                    ellipsis && 'ant-table-cell-ellipsis',
                    column.sortOrder && 'ant-table-column-sort',
                  )}
                  style={{ ...textAlign(column.align), ...place.style }}
                  title={
                    showTitle && (typeof value === 'string' || typeof value === 'number')
                      ? String(value)
                      : undefined
                  }
                >
                  {ellipsis && place.className ? (
                    <span className="ant-table-cell-content">{value}</span>
                  ) : (
                    value
                  )}
                </td>
              );
            })}
          </tr>
        );
      })
    );

  const table = (
    <div
      className={classNames(
        'ant-table',
        size === 'small' && 'ant-table-small',
        size === 'middle' && 'ant-table-middle',
        bordered && 'ant-table-bordered',
        layoutFixed && 'ant-table-layout-fixed',
        (hasStart || hasEnd) && 'ant-table-fixed-column',
        scrollX !== undefined && 'ant-table-scroll-horizontal',
        hasStart && 'ant-table-has-fix-start',
        hasEnd && 'ant-table-has-fix-end',
        edges.fromStart && 'ant-table-fix-start-shadow-show',
        edges.fromEnd && 'ant-table-fix-end-shadow-show',
        dataSource.length === 0 && 'ant-table-empty',
      )}
    >
      <div className="ant-table-container">
        <div
          className="ant-table-content"
          ref={edges.ref}
          style={scrollX === undefined ? undefined : { overflowX: 'auto', overflowY: 'hidden' }}
        >
          <table style={tableStyle}>
            {columns.some((column) => column.width !== undefined) && (
              <colgroup>
                {columns.map((column, i) => (
                  <col
                    key={keyOf(column, i)}
                    style={column.width === undefined ? undefined : { width: column.width }}
                  />
                ))}
              </colgroup>
            )}
            <thead className="ant-table-thead">
              <tr>{head}</tr>
            </thead>
            <tbody className="ant-table-tbody">{body}</tbody>
            {summary && <tfoot className="ant-table-summary">{summary}</tfoot>}
          </table>
        </div>
      </div>
    </div>
  );

  const paged = pagination || null;
  const sizes: PagerSizes | undefined = paged?.pageSizeOptions?.length
    ? { options: paged.pageSizeOptions, onChange: (pageSize) => paged.onChange(1, pageSize) }
    : undefined;

  return (
    <div
      className={classNames('ant-table-wrapper', 'sp-table', className)}
      style={style}
      data-testid={testId}
    >
      <div className={classNames('ant-spin', loading && 'ant-spin-spinning')} aria-busy={loading}>
        {loading && (
          <div className="ant-spin-section">
            <span className="ant-spin-dot-holder">
              <span className="ant-spin-dot ant-spin-dot-spin">
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
              </span>
            </span>
          </div>
        )}
        <div className="ant-spin-container">
          {table}
          {paged && paged.total > 0 && (
            <Pager
              className="sp-table__pager"
              listClassName="ant-table-pagination ant-table-pagination-end"
              size="small"
              current={paged.current}
              pageSize={paged.pageSize}
              total={paged.total}
              hrefOf={paged.hrefOf}
              onChange={(page) => paged.onChange(page, paged.pageSize)}
              totalText={paged.showTotal?.(paged.total)}
              sizes={sizes}
            />
          )}
        </div>
      </div>
    </div>
  );
}
