import '../../../components/admin/adminContent.css';
import '../../../i18n/adminServices.ts';
import '../../../i18n/signedInPages.ts';
import { type AdminSwitch, ADMIN_SERVICES_LIMITS as L, type ServiceKey } from '@steelport/contracts';
import { Button, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSwitches, useSetSwitch } from '../../../api/adminServices.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { AdminTable } from '../../../components/admin/AdminTable.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { useFeedback } from '../../../lib/feedback.ts';

type SwitchRow = AdminSwitch & { id: number };

/**
 * /admin/switches, 服务开关: each trade service (验货, 仓库自助, 共享加工, 在线支付) with its state
 * and the note the portal shows while it is closed. 关闭 asks first; the portal's menu and the
 * service's requests follow at once (the server forgets its cached openCheck answer).
 */
export function AdminSwitchesPage() {
  const { t } = useTranslation();
  const act = useAdminAct();
  const { message } = useFeedback();
  const switches = useAdminSwitches();
  const setSwitch = useSetSwitch();
  const [editing, setEditing] = useState<SwitchRow | null>(null);
  const s = 'adminServices.switches';
  const data = useMemo(() => {
    const list = (switches.data?.list ?? []).map((row, i) => ({ ...row, id: i + 1 }));
    return switches.data
      ? { list, total: list.length, page: 1, pageSize: Math.max(list.length, 1) }
      : undefined;
  }, [switches.data]);

  const columns: ColumnsType<SwitchRow> = [
    { key: 'name', title: t(`${s}.colName`), dataIndex: 'name', width: 140 },
    { key: 'key', title: t(`${s}.colKey`), dataIndex: 'key', width: 140 },
    {
      key: 'state',
      title: t(`${s}.colState`),
      width: 90,
      render: (_, r) =>
        r.open ? <Tag color="green">{t(`${s}.open`)}</Tag> : <Tag color="red">{t(`${s}.closed`)}</Tag>,
    },
    { key: 'note', title: t(`${s}.colNote`), render: (_, r) => r.note || t('adminServices.none') },
    { key: 'updated', title: t(`${s}.colUpdated`), width: 150, render: (_, r) => formatTime(r.updatedAt) },
    {
      key: 'actions',
      title: t('adminServices.actions'),
      width: 160,
      render: (_, r) => (
        <span className="sp-admin-table__actions">
          <AdminRowActions
            name={r.name}
            toggle={{
              on: r.open,
              offLabel: t(`${s}.turnOff`),
              offQuestion: t(`${s}.offQuestion`, { name: r.name }),
              onLabel: t(`${s}.turnOn`),
              onToggle: (next) =>
                act(
                  () => setSwitch.mutateAsync({ key: r.key as ServiceKey, body: { open: next } }),
                  next ? t(`${s}.opened`) : t(`${s}.closedDone`),
                ),
            }}
          />
          <Button
            type="link"
            size="small"
            aria-label={`${t(`${s}.editNote`)} ${r.name}`}
            onClick={() => setEditing(r)}
          >
            {t(`${s}.editNote`)}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="sp-admin-content" aria-label={t('pages.adminSwitches.title')}>
      <p className="sp-admin-content__intro">{t(`${s}.intro`)}</p>
      <AdminTable<SwitchRow>
        label={t('pages.adminSwitches.title')}
        columns={columns}
        data={data}
        loading={switches.isFetching}
        error={switches.error}
        onRetry={() => void switches.refetch()}
        onPage={() => undefined}
        scrollX={800}
      />
      <NoteDrawer
        row={editing}
        onClose={() => setEditing(null)}
        onSave={async (row, note) => {
          await setSwitch.mutateAsync({ key: row.key as ServiceKey, body: { open: row.open, note } });
          message.success(t(`${s}.saved`));
        }}
      />
    </section>
  );
}

/** 说明: what the portal shows while the service is closed. */
function NoteDrawer({
  row,
  onClose,
  onSave,
}: {
  row: SwitchRow | null;
  onClose: () => void;
  /** resolves when saved; rejects with the server's message, shown in the drawer */
  onSave: (row: SwitchRow, note: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const initial = useMemo(() => ({ note: row?.note ?? '' }), [row]);
  return (
    <AdminEditorDrawer<{ note: string }>
      open={row !== null}
      title={row ? t('adminServices.switches.noteTitle', { name: row.name }) : ''}
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={(v) => (row ? onSave(row, (v.note ?? '').trim()) : Promise.resolve())}
      width={480}
    >
      <Form.Item name="note" label={t('adminServices.switches.note')}>
        <Input maxLength={L.switchNoteMax} showCount />
      </Form.Item>
    </AdminEditorDrawer>
  );
}
