/**
 * /admin/audit, 审计日志: every console write, newest first, searched by operator (the admins
 * of the platform), entity, entity id, action (by its name) and date range; a row expands to
 * its change, field by field in the console's language, before → after. The log is
 * append-only: nothing here changes it.
 */
import '../../../i18n/admin.ts';
import '../../../i18n/signedInPages.ts';
import { ADMIN_LIMITS, type AuditQuery, type AuditRow } from '@steelport/contracts';
import { Alert, Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers, useAudit } from '../../../api/admin.ts';
import { AdminCardTable } from '../../../components/admin/AdminCardTable.tsx';
import { i18n } from '../../../i18n/index.ts';
import { ChangeTable } from './ChangeTable.tsx';

const PAGE_SIZE = 20;
/** The entities the console writes (issue 18) and the operators' logins; the field also takes any other name typed in. */
export const AUDIT_ENTITIES = [
  'user',
  'account',
  'article',
  'affair',
  'agency',
  'ad',
  'announcement',
  'warehouse_daily',
  'index_correction',
  'inspection',
  'processing_offer',
  'processing_enquiry',
  'service_switch',
  'vip_commodity',
  'order',
  'product_family',
  'product',
  'mill',
  'material',
  'seat',
  'sms',
  'price_table_item',
] as const;

/** The actions the server writes (`<entity>.<verb>`), offered by name in the search. */
export const AUDIT_ACTIONS = [
  ...['role', 'disable', 'enable', 'beans', 'membership', 'company', 'create_admin', 'promote_admin'].map(
    (verb) => `user.${verb}`,
  ),
  'account.login',
  'account.login_failed',
  ...['article', 'affair', 'agency', 'ad', 'announcement', 'processing_offer'].flatMap((entity) =>
    ['create', 'update', 'delete'].map((verb) => `${entity}.${verb}`),
  ),
  'processing_offer.open_group',
  'processing_offer.close_group',
  'processing_enquiry.handle',
  'warehouse_daily.create',
  'warehouse_daily.update',
  'warehouse_daily.import',
  'index_correction.create',
  ...['accept', 'assign', 'step', 'complete', 'cancel'].map((verb) => `inspection.${verb}`),
  'service_switch.open',
  'service_switch.close',
  'vip_commodity.update',
  'order.refund',
  ...['product_family', 'product', 'mill'].flatMap((entity) =>
    ['add_alias', 'remove_alias'].map((verb) => `${entity}.${verb}`),
  ),
  'material.create',
  ...['invite', 'reassign', 'remove', 'seat'].map((verb) => `seat.${verb}`),
  'sms.budget_exhausted',
  ...['pin', 'hide', 'release'].map((verb) => `price_table_item.${verb}`),
];

type AuditEntity = (typeof AUDIT_ENTITIES)[number];
const isKnownEntity = (entity: string): entity is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(entity);

/**
 * An action in words (`order.refund` → 订单 · 退款); a code without words (a new action) reads as
 * itself, so nothing is hidden.
 */
export function actionWords(action: string, t: TFunction): string {
  const dot = action.indexOf('.');
  const entity = dot < 0 ? '' : action.slice(0, dot);
  const verb = dot < 0 ? action : action.slice(dot + 1);
  const verbKey = `admin.audit.verbs.${verb}`;
  if (!isKnownEntity(entity) || !i18n.exists(verbKey)) return action;
  return `${t(`admin.audit.entities.${entity}`)} · ${t(verbKey as 'admin.audit.verbs.create')}`;
}

interface SearchValues {
  operatorId?: number;
  entity?: string;
  entityId?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function AdminAuditPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<AuditQuery>({ page: 1, pageSize: PAGE_SIZE });
  const audit = useAudit(query);
  const admins = useAdminUsers({ role: 'admin', page: 1, pageSize: ADMIN_LIMITS.pageSizeMax });

  const search = (values: SearchValues) => {
    const [from, to] = values.range ?? [];
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      operatorId: values.operatorId,
      entity: values.entity?.trim() || undefined,
      entityId: values.entityId?.trim() || undefined,
      action: values.action?.trim() || undefined,
      from: from?.format('YYYY-MM-DD'),
      to: to?.format('YYYY-MM-DD'),
    });
  };

  const columns: ColumnsType<AuditRow> = [
    {
      key: 'time',
      title: t('admin.audit.colTime'),
      render: (_, row) => dayjs(row.at).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'operator',
      title: t('admin.audit.colOperator'),
      render: (_, row) =>
        row.operatorId === null
          ? t('admin.audit.system')
          : [row.operatorName, row.operatorPhone].filter(Boolean).join(' ') || `#${row.operatorId}`,
    },
    {
      key: 'action',
      title: t('admin.audit.colAction'),
      render: (_, row) => (
        <>
          <div>{actionWords(row.action, t)}</div>
          <div className="sp-muted sp-admin-audit__code">{row.action}</div>
        </>
      ),
    },
    {
      key: 'entity',
      title: t('admin.audit.colEntity'),
      render: (_, row) => {
        const name = isKnownEntity(row.entity) ? t(`admin.audit.entities.${row.entity}`) : row.entity;
        return row.entityId === null ? name : `${name} #${row.entityId}`;
      },
    },
    { key: 'ip', title: t('admin.audit.colIp'), dataIndex: 'ip' },
    { key: 'request', title: t('admin.audit.colRequest'), dataIndex: 'requestId' },
  ];

  return (
    <>
      <Form
        form={form}
        layout="inline"
        className="sp-admin-search"
        onFinish={search}
        aria-label={t('pages.adminAudit.title')}
      >
        <Form.Item name="operatorId" label={t('admin.audit.colOperator')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('admin.audit.allOperators')}
            style={{ width: 200 }}
            loading={admins.isLoading}
            options={(admins.data?.list ?? []).map((admin) => ({
              value: admin.id,
              label: `${admin.linkMan || t('admin.defaultName')} ${admin.phone}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="entity" label={t('admin.audit.entity')}>
          <Select
            allowClear
            placeholder={t('admin.audit.allEntities')}
            style={{ width: 140 }}
            options={AUDIT_ENTITIES.map((entity) => ({
              value: entity,
              label: t(`admin.audit.entities.${entity}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="entityId" label={t('admin.audit.entityId')}>
          <Input allowClear maxLength={ADMIN_LIMITS.auditEntityIdLength} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="action" label={t('admin.audit.action')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('admin.audit.allActions')}
            style={{ width: 200 }}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionWords(action, t) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('admin.audit.dateRange')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('admin.common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('admin.common.reset')}
          </Button>
        </Space>
      </Form>
      {audit.isError && (
        <Alert type="error" showIcon title={audit.error.message} style={{ marginBottom: 12 }} />
      )}
      <div className="sp-admin-panel">
        <AdminCardTable<AuditRow>
          className="sp-admin-table"
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={audit.data?.list ?? []}
          loading={audit.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.audit.empty') }}
          expandable={{
            columnTitle: <span className="sp-sr-only">{t('admin.audit.details')}</span>,
            expandedRowRender: (row) => <ChangeTable before={row.before} after={row.after} t={t} />,
          }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: audit.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (count) => t('admin.common.total', { count }),
            onChange: (page, pageSize) =>
              setQuery({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
          }}
        />
      </div>
    </>
  );
}
