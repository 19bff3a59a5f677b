import { Alert, Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { AdminCardTable } from './AdminCardTable.tsx';

export interface AdminTableProps<T extends { id: number }> {
  /** what the table lists, for screen readers */
  label: string;
  columns: ColumnsType<T>;
  data: { list: T[]; total: number; page: number; pageSize: number } | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onPage: (page: number) => void;
  /** the table's scroll width: a dense list scrolls sideways on a narrow window */
  scrollX?: number;
}

/**
 * A dense console list (cards on a phone): small rows, the server's page with its total, the failure with 重试
 * in place of the rows. The previous page stays while the next loads (the query keeps it).
 */
export function AdminTable<T extends { id: number }>({
  label,
  columns,
  data,
  loading,
  error,
  onRetry,
  onPage,
  scrollX = 1000,
}: AdminTableProps<T>) {
  const { t } = useTranslation();
  if (error && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={error.message}
        action={<Button onClick={onRetry}>{t('adminContent.retry')}</Button>}
      />
    );
  }
  return (
    <AdminCardTable<T>
      className="sp-admin-table"
      aria-label={label}
      size="small"
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      scroll={{ x: scrollX }}
      locale={{ emptyText: t('adminContent.empty') }}
      pagination={{
        current: data?.page ?? 1,
        pageSize: data?.pageSize ?? 20,
        total: data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (count) => t('adminContent.total', { count }),
        onChange: onPage,
      }}
    />
  );
}
