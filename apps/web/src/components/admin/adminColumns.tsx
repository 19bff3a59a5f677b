import type { ContentStatus } from '@steelport/contracts';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { formatCount } from '../../lib/numbers.ts';
import type { AdminRowToggle } from './AdminRowActions.tsx';
import { formatTime } from './adminForm.ts';

const CONTENT_STATUS_COLORS: Record<ContentStatus | 'scheduled', string> = {
  draft: 'default',
  published: 'green',
  hidden: 'red',
  scheduled: 'blue',
};

/**
 * The columns and row switches the console's content lists share (编号, 操作, 状态; 上线/下线
 * and 启用/停用), so each screen lists only what is its own.
 */
export function useAdminColumns() {
  const { t } = useTranslation();
  return {
    /** 编号 */
    id: <Row,>(): ColumnType<Row> => ({
      key: 'id',
      title: t('adminContent.colId'),
      dataIndex: 'id',
      width: 70,
    }),
    /** 操作, pinned right */
    actions: <Row,>(render: (row: Row) => ReactNode, width = 200): ColumnType<Row> => ({
      key: 'actions',
      title: t('adminContent.actions'),
      width,
      fixed: 'right',
      render: (_, row) => render(row),
    }),
    /** 状态 of an article or market item: 定时发布 for a published one whose time is ahead */
    contentStatus: <Row extends { status: ContentStatus; scheduled: boolean }>(): ColumnType<Row> => ({
      key: 'status',
      title: t('adminContent.colStatus'),
      width: 100,
      render: (_, row) => {
        const shown = row.status === 'published' && row.scheduled ? 'scheduled' : row.status;
        return <Tag color={CONTENT_STATUS_COLORS[shown]}>{t(`adminContent.status.${shown}`)}</Tag>;
      },
    }),
    /** 发布时间 of an article or market item */
    publishedAt: <Row extends { publishedAt: string | null }>(title: string): ColumnType<Row> => ({
      key: 'publishedAt',
      title,
      width: 150,
      render: (_, row) => formatTime(row.publishedAt),
    }),
    /** 阅读量 */
    views: <Row extends { views: number }>(title: string): ColumnType<Row> => ({
      key: 'views',
      title,
      width: 80,
      align: 'right',
      render: (_, row) => formatCount(row.views),
    }),
    /** 下线 (asks first) / 发布 */
    publishToggle: (
      name: string,
      on: boolean,
      onToggle: (next: boolean) => Promise<unknown>,
    ): AdminRowToggle => ({
      on,
      offLabel: t('adminContent.withdraw'),
      offQuestion: t('adminContent.confirmWithdraw', { name }),
      onLabel: t('adminContent.publish'),
      onToggle,
    }),
    /** 停用 (asks first) / 启用 */
    enableToggle: (
      name: string,
      on: boolean,
      onToggle: (next: boolean) => Promise<unknown>,
    ): AdminRowToggle => ({
      on,
      offLabel: t('adminContent.disable'),
      offQuestion: t('adminContent.confirmDisable', { name }),
      onLabel: t('adminContent.enable'),
      onToggle,
    }),
    /** what an enabled switch says when it has moved */
    enabledText: (next: boolean) => (next ? t('adminContent.enabled') : t('adminContent.disabled')),
    /** the options of an enabled filter (`active=true|false`) */
    activeOptions: () => [
      { value: 'true', label: t('adminContent.enabled') },
      { value: 'false', label: t('adminContent.disabled') },
    ],
  };
}
