import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import './adminContent.css';
import { AdminListToolbar } from './AdminListToolbar.tsx';
import { AdminTable } from './AdminTable.tsx';
import type { useListState } from './useListState.ts';

/**
 * One console list screen: the toolbar (keyword search, filters, 刷新, 新建) over the dense table
 * of the server's page, with the screen's drawers as children. The keyword, filters and page live
 * in the URL (`useListState`); `rows` is the page's query.
 */
export function AdminListScreen<Row extends { id: number }>({
  title,
  list,
  rows,
  columns,
  searchPlaceholder,
  keywordMax,
  filters,
  createLabel,
  onCreate,
  scrollX,
  children,
}: {
  /** the screen's name: the section's and the table's label */
  title: string;
  list: ReturnType<typeof useListState>;
  rows: UseQueryResult<{ list: Row[]; total: number; page: number; pageSize: number }, Error>;
  columns: ColumnsType<Row>;
  searchPlaceholder: string;
  keywordMax?: number;
  filters?: ReactNode;
  createLabel?: string;
  onCreate?: () => void;
  scrollX?: number;
  children?: ReactNode;
}) {
  return (
    <section className="sp-admin-content" aria-label={title}>
      <AdminListToolbar
        keyword={list.keyword}
        onSearch={list.setKeyword}
        searchPlaceholder={searchPlaceholder}
        keywordMax={keywordMax}
        filters={filters}
        onReload={() => void rows.refetch()}
        reloading={rows.isFetching}
        createLabel={createLabel}
        onCreate={onCreate}
      />
      <AdminTable<Row>
        label={title}
        columns={columns}
        data={rows.data}
        loading={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        onPage={list.setPage}
        scrollX={scrollX}
      />
      {children}
    </section>
  );
}
