/**
 * /admin/users, 用户: a dense list of users searched by phone, name or company, filtered by role
 * and status, twenty a page. Row actions open a modal form: change the role, disable (with a
 * reason; the user's tokens stop working at once) or enable, adjust beans (a non-zero amount and
 * a mandatory reason, written to the ledger) and grant a membership (days and a reason). Every
 * write leaves an audit row on the server; the form shows the server's refusal in place.
 */
import '../../../i18n/admin.ts';
import '../../../i18n/signedInPages.ts';
import {
  ADMIN_LIMITS,
  type AdminUser,
  type AdminUserQuery,
  USER_ROLES,
  type UserRoleName,
} from '@steelport/contracts';
import { Alert, Button, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../../../api/admin.ts';
import { AdminCardTable } from '../../../components/admin/AdminCardTable.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { type UserActionKind, UserActionModal } from './UserActionModal.tsx';

const PAGE_SIZE = 20;
const ROLE_COLORS: Record<UserRoleName, string> = { member: 'default', trader: 'blue', admin: 'purple' };

interface SearchValues {
  keyword?: string;
  role?: UserRoleName;
  status?: 'enabled' | 'disabled';
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<AdminUserQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [action, setAction] = useState<{ kind: UserActionKind; user: AdminUser } | null>(null);
  const users = useAdminUsers(query);
  const isPhone = useMediaQuery(PHONE_QUERY);

  const search = (values: SearchValues) =>
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      keyword: values.keyword?.trim() || undefined,
      role: values.role,
      disabled: values.status === undefined ? undefined : values.status === 'disabled',
    });

  const act = (kind: UserActionKind, user: AdminUser) => setAction({ kind, user });
  const columns: ColumnsType<AdminUser> = [
    { key: 'id', title: t('admin.users.colId'), dataIndex: 'id', width: 64 },
    { key: 'phone', title: t('admin.users.colPhone'), dataIndex: 'phone' },
    {
      key: 'name',
      title: t('admin.users.colName'),
      render: (_, user) => user.linkMan || t('admin.common.none'),
    },
    {
      key: 'company',
      title: t('admin.users.colCompany'),
      render: (_, user) => user.company?.name ?? t('admin.common.none'),
    },
    {
      key: 'role',
      title: t('admin.users.colRole'),
      render: (_, user) => <Tag color={ROLE_COLORS[user.role]}>{t(`admin.users.roles.${user.role}`)}</Tag>,
    },
    {
      key: 'beans',
      title: t('admin.users.colBeans'),
      align: 'right',
      render: (_, user) => formatCount(user.beans),
    },
    {
      key: 'vip',
      title: t('admin.users.colVip'),
      render: (_, user) => {
        const active = user.memberships.filter((entry) => entry.active);
        if (active.length === 0) return t('admin.common.none');
        return active.map((entry) => (
          <div key={entry.commodityId}>
            {entry.name} {dayjs(entry.expireAt).format('YYYY-MM-DD')}
          </div>
        ));
      },
    },
    {
      key: 'created',
      title: t('admin.users.colCreated'),
      render: (_, user) => dayjs(user.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'status',
      title: t('admin.users.colStatus'),
      render: (_, user) =>
        user.disabledAt ? (
          <Tooltip title={user.disabledReason}>
            <Tag color="red">{t('admin.users.disabled')}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t('admin.users.enabled')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('admin.common.actions'),
      // A phone scrolls the whole row: a fixed column would cover the phone number.
      fixed: isPhone ? undefined : 'right',
      render: (_, user) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => act('role', user)}>
            {t('admin.users.changeRole')}
          </Button>
          {user.disabledAt ? (
            <Button type="link" size="small" onClick={() => act('enable', user)}>
              {t('admin.users.enable')}
            </Button>
          ) : (
            <Button type="link" size="small" danger onClick={() => act('disable', user)}>
              {t('admin.users.disable')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => act('beans', user)}>
            {t('admin.users.adjustBeans')}
          </Button>
          <Button type="link" size="small" onClick={() => act('membership', user)}>
            {t('admin.users.grantVip')}
          </Button>
          {user.company && (
            <Button type="link" size="small" onClick={() => act('company', user)}>
              {t('admin.users.renameCompany')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Form
        form={form}
        layout="inline"
        className="sp-admin-search"
        onFinish={search}
        aria-label={t('pages.adminUsers.title')}
      >
        <Form.Item name="keyword" label={t('admin.users.keyword')}>
          <Input allowClear maxLength={ADMIN_LIMITS.keywordLength} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="role" label={t('admin.users.role')}>
          <Select
            allowClear
            placeholder={t('admin.users.allRoles')}
            style={{ width: 120 }}
            options={USER_ROLES.map((role) => ({ value: role, label: t(`admin.users.roles.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('admin.users.status')}>
          <Select
            allowClear
            placeholder={t('admin.users.allStatus')}
            style={{ width: 110 }}
            options={[
              { value: 'enabled', label: t('admin.users.enabled') },
              { value: 'disabled', label: t('admin.users.disabled') },
            ]}
          />
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
      {users.isError && (
        <Alert type="error" showIcon title={users.error.message} style={{ marginBottom: 12 }} />
      )}
      <div className="sp-admin-panel">
        <AdminCardTable<AdminUser>
          className="sp-admin-table"
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={users.data?.list ?? []}
          loading={users.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.users.empty') }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (count) => t('admin.common.total', { count }),
            onChange: (page, pageSize) =>
              setQuery({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
          }}
        />
      </div>
      {action && <UserActionModal kind={action.kind} user={action.user} onClose={() => setAction(null)} />}
    </>
  );
}
