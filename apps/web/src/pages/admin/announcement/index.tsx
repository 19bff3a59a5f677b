import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import {
  type AdminAnnouncementBody,
  type AdminAnnouncementRow,
  ADMIN_CONTENT_LIMITS as L,
} from '@steelport/contracts';
import { Checkbox, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminList, useAdminWrites } from '../../../api/adminContent.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { useAdminColumns } from '../../../components/admin/adminColumns.tsx';
import { useRequiredRule, WindowFields } from '../../../components/admin/adminFields.tsx';
import { formatTime, linkIsValid, toDayjs, toIso } from '../../../components/admin/adminForm.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';

const PAGE_SIZE = 20;

interface AnnouncementForm {
  text: string;
  linkUrl: string;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  active: boolean;
}

/** The whole announcement as a write takes it, from the listed row. */
function bodyOfRow(row: AdminAnnouncementRow, active: boolean): AdminAnnouncementBody {
  return { text: row.text, linkUrl: row.linkUrl, startsAt: row.startsAt, endsAt: row.endsAt, active };
}

/**
 * /admin/announcement, 首页公告: the home page's notice. The home page shows the newest enabled
 * announcement within its window; the list says which one is showing (展示中). 新建/编辑 in a
 * drawer: text, link, window, 启用; 停用/启用 and 删除 ask first.
 */
export function AdminAnnouncementPage() {
  const { t } = useTranslation();
  const col = useAdminColumns();
  const list = useListState([]);
  const rows = useAdminList('announcements', {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
  });
  const writes = useAdminWrites('announcements');
  const editor = useAdminEditing<AdminAnnouncementRow, AdminAnnouncementBody>(writes);

  const setActive = (row: AdminAnnouncementRow, next: boolean) =>
    editor.update(row.id, bodyOfRow(row, next), col.enabledText(next));
  const columns: ColumnsType<AdminAnnouncementRow> = [
    col.id(),
    { key: 'text', title: t('adminContent.announcement.colText'), dataIndex: 'text' },
    {
      key: 'link',
      title: t('adminContent.announcement.colLink'),
      width: 180,
      render: (_, row) => row.linkUrl || t('adminContent.none'),
    },
    {
      key: 'window',
      title: t('adminContent.announcement.colWindow'),
      width: 270,
      render: (_, row) =>
        t('adminContent.windowText', {
          from: row.startsAt ? formatTime(row.startsAt) : t('adminContent.unlimited'),
          to: row.endsAt ? formatTime(row.endsAt) : t('adminContent.unlimited'),
        }),
    },
    {
      key: 'live',
      title: t('adminContent.announcement.colLive'),
      width: 100,
      render: (_, row) =>
        row.live ? (
          <Tag color="green">{t('adminContent.announcement.live')}</Tag>
        ) : row.active ? (
          <Tag>{t('adminContent.announcement.notLive')}</Tag>
        ) : (
          <Tag color="red">{t('adminContent.disabled')}</Tag>
        ),
    },
    col.actions((row) => (
      <AdminRowActions
        name={row.text}
        onEdit={() => editor.openEdit(row)}
        toggle={col.enableToggle(row.text, row.active, (next) => setActive(row, next))}
        onDelete={() => editor.remove(row.id)}
      />
    )),
  ];

  return (
    <AdminListScreen<AdminAnnouncementRow>
      title={t('adminContent.announcement.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminContent.announcement.searchPlaceholder')}
      keywordMax={L.keywordMax}
      createLabel={t('adminContent.announcement.create')}
      onCreate={editor.openCreate}
    >
      <AnnouncementDrawer editing={editor.editing} onClose={editor.close} onSave={editor.save} />
    </AdminListScreen>
  );
}

/** 新建/编辑公告. */
function AnnouncementDrawer({
  editing,
  onClose,
  onSave,
}: {
  editing: AdminAnnouncementRow | 'new' | null;
  onClose: () => void;
  onSave: (id: number | null, body: AdminAnnouncementBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnouncementForm>();
  const required = useRequiredRule();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = useMemo<Partial<AnnouncementForm>>(
    () =>
      row
        ? {
            text: row.text,
            linkUrl: row.linkUrl,
            startsAt: toDayjs(row.startsAt),
            endsAt: toDayjs(row.endsAt),
            active: row.active,
          }
        : { text: '', linkUrl: '', startsAt: null, endsAt: null, active: true },
    [row],
  );

  const submit = async (values: AnnouncementForm) => {
    await onSave(row?.id ?? null, {
      text: values.text.trim(),
      linkUrl: (values.linkUrl ?? '').trim(),
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
      active: Boolean(values.active),
    });
  };

  return (
    <AdminEditorDrawer<AnnouncementForm>
      open={editing !== null}
      title={row ? t('adminContent.announcement.editTitle') : t('adminContent.announcement.createTitle')}
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
      width={560}
    >
      <Form.Item
        name="text"
        label={t('adminContent.announcement.fieldText')}
        rules={[required(t('adminContent.announcement.fieldText'))]}
      >
        <Input.TextArea maxLength={L.announcementMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        name="linkUrl"
        label={t('adminContent.announcement.fieldLink')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              linkIsValid(value) ? Promise.resolve() : Promise.reject(new Error(t('adminContent.badLink'))),
          },
        ]}
      >
        <Input maxLength={L.linkMax} placeholder={t('adminContent.announcement.linkPlaceholder')} />
      </Form.Item>
      <WindowFields
        startLabel={t('adminContent.announcement.fieldStart')}
        endLabel={t('adminContent.announcement.fieldEnd')}
        hint={t('adminContent.announcement.windowHint')}
      />
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>{t('adminContent.announcement.fieldActive')}</Checkbox>
      </Form.Item>
    </AdminEditorDrawer>
  );
}
