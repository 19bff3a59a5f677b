import '../../../components/admin/adminContent.css';
import '../../../i18n/adminServices.ts';
import './inspections.css';
import '../../../i18n/signedInPages.ts';
import {
  ADMIN_INSPECTION_STATUSES,
  type AdminInspectionRow,
  type AdminInspectionStatus,
  ADMIN_SERVICES_LIMITS as L,
} from '@steelport/contracts';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminInspections } from '../../../api/adminServices.ts';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { InspectionDrawer } from './InspectionDrawer.tsx';
import { STATUS_COLORS } from './inspectionStatus.ts';

const FILTERS = ['status'] as const;
const PAGE_SIZE = 20;

const isStatus = (v: string | undefined): v is AdminInspectionStatus =>
  (ADMIN_INSPECTION_STATUSES as readonly string[]).includes(v ?? '');

/**
 * /admin/inspections, 验货管理: every member's inspection requests, searched by number, member or
 * warehouse and filtered by state, twenty a page (all in the URL); 处理 opens the request's drawer
 * with its trace and the actions its state allows.
 */
export function AdminInspectionsPage() {
  const { t } = useTranslation();
  const list = useListState(FILTERS);
  const status = isStatus(list.filters.status) ? list.filters.status : undefined;
  const rows = useAdminInspections({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(status ? { status } : {}),
  });
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: ColumnsType<AdminInspectionRow> = [
    { key: 'id', title: t('adminServices.inspections.colId'), dataIndex: 'id', width: 70 },
    {
      key: 'member',
      title: t('adminServices.inspections.colMember'),
      width: 170,
      render: (_, r) => (
        <span className="sp-admin-table__title">
          {r.memberName || t('adminServices.none')}
          <span className="sp-admin-table__muted">{r.memberPhone}</span>
        </span>
      ),
    },
    {
      key: 'warehouse',
      title: t('adminServices.inspections.colWarehouse'),
      render: (_, r) => `${r.city} · ${r.warehouseName}`,
    },
    {
      key: 'coils',
      title: t('adminServices.inspections.colCoils'),
      width: 160,
      render: (_, r) => r.coilNumbers.join('、') || t('adminServices.none'),
    },
    { key: 'date', title: t('adminServices.inspections.colDate'), dataIndex: 'requestedDate', width: 110 },
    {
      key: 'status',
      title: t('adminServices.inspections.colStatus'),
      width: 90,
      render: (_, r) => (
        <Tag color={STATUS_COLORS[r.status]}>{t(`adminServices.inspections.status.${r.status}`)}</Tag>
      ),
    },
    {
      key: 'inspector',
      title: t('adminServices.inspections.colInspector'),
      width: 100,
      render: (_, r) => r.inspectorName || t('adminServices.none'),
    },
    {
      key: 'steps',
      title: t('adminServices.inspections.colSteps'),
      width: 60,
      align: 'right',
      render: (_, r) => formatCount(r.steps),
    },
    {
      key: 'beans',
      title: t('adminServices.inspections.colBeans'),
      width: 70,
      align: 'right',
      render: (_, r) => formatCount(r.beansSpent),
    },
    {
      key: 'created',
      title: t('adminServices.inspections.colCreated'),
      width: 140,
      render: (_, r) => formatTime(r.createdAt),
    },
    {
      key: 'actions',
      title: t('adminServices.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          aria-label={t('adminServices.inspections.openLabel', { id: r.id })}
          onClick={() => setOpenId(r.id)}
        >
          {t('adminServices.inspections.open')}
        </Button>
      ),
    },
  ];

  return (
    <AdminListScreen<AdminInspectionRow>
      title={t('pages.adminInspections.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminServices.inspections.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <AdminFilterSelect
          label={t('adminServices.inspections.statusFilter')}
          value={status}
          options={ADMIN_INSPECTION_STATUSES.map((s) => ({
            value: s,
            label: t(`adminServices.inspections.status.${s}`),
          }))}
          onChange={(value) => list.setFilter('status', value)}
        />
      }
      scrollX={1250}
    >
      <InspectionDrawer id={openId} onClose={() => setOpenId(null)} />
    </AdminListScreen>
  );
}
