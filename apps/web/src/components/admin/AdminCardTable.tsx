import './adminCards.css';
import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';

/**
 * A console list as the portal's lot screens show theirs: the dense table on a desktop, cards on a
 * phone (PHONE_QUERY), so no list scrolls sideways at 390 px. The cards read the table's own
 * columns: the first column heads the card, the others follow as 标题 值 lines (a column
 * without a title, the actions, ends the card), an expandable row's details close it.
 */
export function AdminCardTable<T extends object>(props: CardTableProps<T>) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return isPhone ? <AdminCards<T> {...props} /> : <Table<T> {...props} />;
}

type Leaf<T> = ColumnType<T>;
type CardTableProps<T> = TableProps<T> & { 'aria-label'?: string };

/** The columns that draw cells, groups flattened. */
function leaves<T>(columns: TableProps<T>['columns'] = []): Leaf<T>[] {
  return columns.flatMap((column) =>
    'children' in column ? leaves((column as ColumnGroupType<T>).children) : [column as Leaf<T>],
  );
}

/** What a column draws for a row, as the table would. */
function cellOf<T>(column: Leaf<T>, row: T, index: number): ReactNode {
  const path =
    column.dataIndex === undefined ? [] : ([] as (string | number)[]).concat(column.dataIndex as never);
  const value = path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], row);
  if (column.render) {
    const drawn = column.render(value, row, index);
    // A render may answer antd's { children, props } cell shape.
    return drawn && typeof drawn === 'object' && 'children' in drawn && !('$$typeof' in drawn)
      ? (drawn as { children: ReactNode }).children
      : (drawn as ReactNode);
  }
  return value === null || value === undefined ? null : String(value);
}

const titleOf = <T,>(column: Leaf<T>): ReactNode =>
  typeof column.title === 'function' ? column.title({}) : (column.title as ReactNode);

function keyOf<T>(row: T, index: number, rowKey: TableProps<T>['rowKey']): string {
  if (typeof rowKey === 'function') return String(rowKey(row, index));
  return String((row as Record<string, unknown>)[(rowKey as string | undefined) ?? 'key'] ?? index);
}

function AdminCards<T extends object>({
  columns,
  dataSource = [],
  rowKey,
  loading,
  locale,
  pagination,
  expandable,
  className,
  'aria-label': label,
}: CardTableProps<T>) {
  const cells = leaves<T>(columns).filter((column) => !column.hidden);
  const [head, ...rest] = cells;
  const busy = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const pager = pagination && typeof pagination === 'object' ? pagination : null;
  return (
    <div className={`sp-admin-rows ${className ?? ''}`} data-testid="admin-row-cards">
      <Spin spinning={busy}>
        {dataSource.length === 0 ? (
          <div className="sp-admin-rows__empty">
            {(locale?.emptyText as ReactNode) ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </div>
        ) : (
          <ol className="sp-admin-rows__list" aria-label={label}>
            {dataSource.map((row, index) => (
              <li key={keyOf(row, index, rowKey)} className="sp-admin-row" data-testid="admin-card">
                {head && <div className="sp-admin-row__head">{cellOf(head, row, index)}</div>}
                <dl className="sp-admin-row__fields">
                  {rest.map((column, i) => {
                    const title = titleOf(column);
                    const value = cellOf(column, row, index);
                    if (!title) return null;
                    return (
                      <div key={String(column.key ?? i)} className="sp-admin-row__field">
                        <dt>{title}</dt>
                        <dd>{value ?? '—'}</dd>
                      </div>
                    );
                  })}
                </dl>
                {rest
                  .filter((column) => !titleOf(column))
                  .map((column, i) => (
                    <div key={String(column.key ?? `untitled-${i}`)} className="sp-admin-row__actions">
                      {cellOf(column, row, index)}
                    </div>
                  ))}
                {expandable?.expandedRowRender && (
                  <div className="sp-admin-row__more">
                    {expandable.expandedRowRender(row, index, 0, true)}
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </Spin>
      {pager && (pager.total ?? 0) > 0 && (
        <Pagination
          className="sp-admin-rows__pager"
          simple
          current={pager.current}
          pageSize={pager.pageSize}
          total={pager.total}
          showTotal={pager.showTotal}
          onChange={pager.onChange}
        />
      )}
    </div>
  );
}
