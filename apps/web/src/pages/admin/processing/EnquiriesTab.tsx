import '../../../i18n/adminServices.ts';
import {
  type AdminEnquiryRow,
  ENQUIRY_STATUS_VALUES,
  type EnquiryStatusValue,
  ADMIN_SERVICES_LIMITS as L,
} from '@steelport/contracts';
import { Button, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminEnquiries, useHandleEnquiry } from '../../../api/adminServices.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { formatTime } from '../../../components/admin/adminForm.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatTonnesText } from '../../../lib/numbers.ts';

const FILTERS = ['view', 'status'] as const;
const PAGE_SIZE = 20;
const STATUS_COLORS: Record<EnquiryStatusValue, string> = {
  new: 'orange',
  contacted: 'blue',
  closed: 'default',
};

const isStatus = (v: string | undefined): v is EnquiryStatusValue =>
  (ENQUIRY_STATUS_VALUES as readonly string[]).includes(v ?? '');

/** 询价与拼单: members' enquiries and group-order shares with the operators' follow-up. */
export function EnquiriesTab() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const list = useListState(FILTERS);
  const status = isStatus(list.filters.status) ? list.filters.status : undefined;
  const rows = useAdminEnquiries({
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(status ? { status } : {}),
  });
  const handle = useHandleEnquiry();
  const [editing, setEditing] = useState<AdminEnquiryRow | null>(null);
  const e = 'adminServices.processing.enquiry';

  const columns: ColumnsType<AdminEnquiryRow> = [
    { key: 'id', title: t('adminServices.inspections.colId'), dataIndex: 'id', width: 64 },
    {
      key: 'member',
      title: t(`${e}.colMember`),
      width: 170,
      render: (_, r) => (
        <span className="sp-admin-table__title">
          {r.memberName}
          <span className="sp-admin-table__muted">{r.memberPhone}</span>
        </span>
      ),
    },
    { key: 'offer', title: t(`${e}.colOffer`), render: (_, r) => `${r.plantName} · ${r.lineType}` },
    { key: 'kind', title: t(`${e}.colKind`), width: 70, render: (_, r) => t(`${e}.kind.${r.kind}`) },
    {
      key: 'tonnes',
      title: t(`${e}.colTonnes`),
      width: 100,
      align: 'right',
      render: (_, r) => (r.tonnes > 0 ? formatTonnesText(r.tonnes) : t('adminServices.none')),
    },
    { key: 'remark', title: t(`${e}.colRemark`), render: (_, r) => r.remark || t('adminServices.none') },
    {
      key: 'status',
      title: t(`${e}.colStatus`),
      width: 80,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`${e}.status.${r.status}`)}</Tag>,
    },
    { key: 'note', title: t(`${e}.colNote`), render: (_, r) => r.handledNote || t('adminServices.none') },
    { key: 'updated', title: t(`${e}.colUpdated`), width: 140, render: (_, r) => formatTime(r.updatedAt) },
    {
      key: 'actions',
      title: t('adminServices.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          aria-label={t(`${e}.handleLabel`, { name: r.memberName || r.memberPhone })}
          onClick={() => setEditing(r)}
        >
          {t(`${e}.handle`)}
        </Button>
      ),
    },
  ];

  return (
    <AdminListScreen<AdminEnquiryRow>
      title={t('adminServices.processing.enquiriesTab')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t(`${e}.searchPlaceholder`)}
      keywordMax={L.keywordMax}
      filters={
        <AdminFilterSelect
          label={t(`${e}.statusFilter`)}
          value={status}
          options={ENQUIRY_STATUS_VALUES.map((s) => ({ value: s, label: t(`${e}.status.${s}`) }))}
          onChange={(value) => list.setFilter('status', value)}
        />
      }
      scrollX={1250}
    >
      <HandleDrawer
        row={editing}
        onClose={() => setEditing(null)}
        onSave={async (id, v) => {
          await handle.mutateAsync({ id, body: { status: v.status, note: (v.note ?? '').trim() } });
          message.success(t(`${e}.saved`));
        }}
      />
    </AdminListScreen>
  );
}

interface HandleForm {
  status: EnquiryStatusValue;
  note?: string;
}

/** 跟进询价: the follow-up state and note. */
function HandleDrawer({
  row,
  onClose,
  onSave,
}: {
  row: AdminEnquiryRow | null;
  onClose: () => void;
  onSave: (id: number, values: HandleForm) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HandleForm>();
  const e = 'adminServices.processing.enquiry';
  const initial = useMemo<Partial<HandleForm>>(
    () => (row ? { status: row.status, note: row.handledNote } : {}),
    [row],
  );
  return (
    <AdminEditorDrawer<HandleForm>
      open={row !== null}
      title={row ? t(`${e}.handleTitle`, { name: row.memberName || row.memberPhone }) : ''}
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={(v) => onSave(row!.id, v)}
      width={480}
    >
      <Form.Item
        name="status"
        label={t(`${e}.colStatus`)}
        rules={[{ required: true, message: t('adminServices.required', { field: t(`${e}.colStatus`) }) }]}
      >
        <Select options={ENQUIRY_STATUS_VALUES.map((s) => ({ value: s, label: t(`${e}.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="note" label={t(`${e}.note`)}>
        <Input.TextArea maxLength={L.noteMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </AdminEditorDrawer>
  );
}
