import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import {
  ADMIN_AFFAIR_KINDS,
  type AdminAffairBody,
  type AdminAffairDetail,
  type AdminAffairRow,
  type AffairKind,
  CONTENT_STATUSES,
  type ContentStatus,
  ADMIN_CONTENT_LIMITS as L,
} from '@steelport/contracts';
import { App, DatePicker, Form, Input, Radio, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdminOne, useAdminList, useAdminOne, useAdminWrites } from '../../../api/adminContent.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import {
  type AdminImage,
  formatTime,
  imageOf,
  imageUploadIdFor,
  isBlankHtml,
  toDayjs,
  toIso,
} from '../../../components/admin/adminForm.ts';
import { ImageUploadField } from '../../../components/admin/ImageUploadField.tsx';
import { RichTextEditor } from '../../../components/admin/RichTextEditor.tsx';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { formatCount } from '../../../lib/numbers.ts';

const FILTERS = ['kind', 'status'] as const;
const PAGE_SIZE = 20;

interface AffairForm {
  kind: AffairKind;
  title: string;
  summary: string;
  cover: AdminImage;
  contentHtml: string;
  city: string;
  source: string;
  publishedAt: Dayjs | null;
  status: ContentStatus;
}

const STATUS_COLORS: Record<ContentStatus | 'scheduled', string> = {
  draft: 'default',
  published: 'green',
  hidden: 'red',
  scheduled: 'blue',
};

/** The whole item as a write takes it (PUT replaces everything), from the stored one. */
function bodyOfDetail(detail: AdminAffairDetail, status: ContentStatus): AdminAffairBody {
  return {
    kind: detail.kind,
    title: detail.title,
    summary: detail.summary,
    contentHtml: detail.contentHtml,
    city: detail.city,
    source: detail.source,
    publishedAt: detail.publishedAt,
    status,
  };
}

/**
 * /admin/affairs, 市场动态管理: market dynamics (钢厂调价, 新库开业, 会展活动, 市场快讯) with search,
 * kind and status filters and paging in the URL; 新建/编辑 in a drawer with the rich-text editor,
 * a cover picture and a publish time; 下线/发布 and 删除 ask first.
 */
export function AdminAffairsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = useAdminAct();
  const list = useListState(FILTERS);
  const kind = (ADMIN_AFFAIR_KINDS as readonly string[]).includes(list.filters.kind ?? '')
    ? (list.filters.kind as AffairKind)
    : undefined;
  const status = (CONTENT_STATUSES as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as ContentStatus)
    : undefined;
  const rows = useAdminList('affairs', {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  });
  const writes = useAdminWrites('affairs');
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const setStatus = (row: AdminAffairRow, next: ContentStatus) =>
    act(
      async () => {
        const detail = await fetchAdminOne('affairs', row.id);
        await writes.update.mutateAsync({ id: row.id, body: bodyOfDetail(detail, next) });
      },
      next === 'hidden' ? t('adminContent.withdrawn') : t('adminContent.published'),
    );
  const kindOptions = ADMIN_AFFAIR_KINDS.map((k) => ({
    value: k,
    label: t(`adminContent.affairs.kinds.${k}`),
  }));
  const statusOptions = CONTENT_STATUSES.map((s) => ({ value: s, label: t(`adminContent.status.${s}`) }));

  const columns: ColumnsType<AdminAffairRow> = [
    { key: 'id', title: t('adminContent.colId'), dataIndex: 'id', width: 70 },
    { key: 'title', title: t('adminContent.affairs.colTitle'), dataIndex: 'title' },
    {
      key: 'kind',
      title: t('adminContent.affairs.colKind'),
      width: 100,
      render: (_, row) => t(`adminContent.affairs.kinds.${row.kind}`),
    },
    { key: 'city', title: t('adminContent.affairs.colCity'), dataIndex: 'city', width: 80 },
    {
      key: 'status',
      title: t('adminContent.colStatus'),
      width: 100,
      render: (_, row) => {
        const shown = row.status === 'published' && row.scheduled ? 'scheduled' : row.status;
        return <Tag color={STATUS_COLORS[shown]}>{t(`adminContent.status.${shown}`)}</Tag>;
      },
    },
    {
      key: 'publishedAt',
      title: t('adminContent.affairs.colPublished'),
      width: 150,
      render: (_, row) => formatTime(row.publishedAt),
    },
    {
      key: 'views',
      title: t('adminContent.affairs.colViews'),
      width: 80,
      align: 'right',
      render: (_, row) => formatCount(row.views),
    },
    {
      key: 'actions',
      title: t('adminContent.actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <AdminRowActions
          name={row.title}
          onEdit={() => setEditing(row.id)}
          toggle={{
            on: row.status === 'published',
            offLabel: t('adminContent.withdraw'),
            offQuestion: t('adminContent.confirmWithdraw', { name: row.title }),
            onLabel: t('adminContent.publish'),
            onToggle: (next) => setStatus(row, next ? 'published' : 'hidden'),
          }}
          onDelete={() => act(() => writes.remove.mutateAsync(row.id), t('adminContent.deleted'))}
        />
      ),
    },
  ];

  return (
    <AdminListScreen<AdminAffairRow>
      title={t('adminContent.affairs.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminContent.affairs.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <>
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t('adminContent.affairs.kind')}
            placeholder={t('adminContent.affairs.kind')}
            value={kind}
            options={kindOptions}
            onChange={(value?: AffairKind) => list.setFilter('kind', value)}
          />
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t('adminContent.statusFilter')}
            placeholder={t('adminContent.statusFilter')}
            value={status}
            options={statusOptions}
            onChange={(value?: ContentStatus) => list.setFilter('status', value)}
          />
        </>
      }
      createLabel={t('adminContent.affairs.create')}
      onCreate={() => setEditing('new')}
    >
      <AffairDrawer
        editing={editing}
        kindOptions={kindOptions}
        onClose={() => setEditing(null)}
        onSave={async (id, body) => {
          if (id === null) await writes.create.mutateAsync(body);
          else await writes.update.mutateAsync({ id, body });
          message.success(t('adminContent.saved'));
        }}
      />
    </AdminListScreen>
  );
}

/** 新建/编辑市场动态: the drawer; an edit first loads the item's HTML. */
function AffairDrawer({
  editing,
  kindOptions,
  onClose,
  onSave,
}: {
  editing: number | 'new' | null;
  kindOptions: { value: AffairKind; label: string }[];
  onClose: () => void;
  onSave: (id: number | null, body: AdminAffairBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AffairForm>();
  const id = typeof editing === 'number' ? editing : null;
  const detail = useAdminOne('affairs', id);
  const loaded = id === null ? null : (detail.data ?? null);
  const initial = useMemo<Partial<AffairForm>>(
    () =>
      loaded
        ? {
            kind: loaded.kind,
            title: loaded.title,
            summary: loaded.summary,
            cover: imageOf(loaded.cover, loaded.coverUploadId),
            contentHtml: loaded.contentHtml,
            city: loaded.city,
            source: loaded.source,
            publishedAt: toDayjs(loaded.publishedAt),
            status: loaded.status,
          }
        : {
            kind: 'market',
            title: '',
            summary: '',
            cover: null,
            contentHtml: '',
            city: '',
            source: '',
            publishedAt: null,
            status: 'published',
          },
    [loaded],
  );
  const open = editing !== null && (id === null || loaded !== null);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('adminContent.required', { field }),
  });

  const submit = async (values: AffairForm) => {
    const coverUploadId = imageUploadIdFor(initial.cover ?? null, values.cover);
    const publishedAt = toIso(values.publishedAt);
    await onSave(id, {
      kind: values.kind,
      title: values.title.trim(),
      summary: (values.summary ?? '').trim(),
      contentHtml: values.contentHtml ?? '',
      city: (values.city ?? '').trim(),
      source: (values.source ?? '').trim(),
      status: values.status,
      ...(coverUploadId !== undefined ? { coverUploadId } : {}),
      ...(publishedAt ? { publishedAt } : {}),
    });
  };

  return (
    <AdminEditorDrawer<AffairForm>
      open={open}
      title={
        id === null
          ? t('adminContent.affairs.createTitle')
          : t('adminContent.affairs.editTitle', { title: loaded?.title ?? '' })
      }
      form={form}
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
      width={820}
    >
      <div className="sp-admin-form__grid">
        <Form.Item
          className="sp-admin-form__wide"
          name="title"
          label={t('adminContent.affairs.fieldTitle')}
          rules={[required(t('adminContent.affairs.fieldTitle'))]}
        >
          <Input maxLength={L.titleMax} showCount />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('adminContent.affairs.fieldKind')}
          rules={[
            {
              required: true,
              message: t('adminContent.requiredPick', { field: t('adminContent.affairs.fieldKind') }),
            },
          ]}
        >
          <Select options={kindOptions} />
        </Form.Item>
        <Form.Item name="status" label={t('adminContent.affairs.fieldStatus')}>
          <Radio.Group
            optionType="button"
            options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`adminContent.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="summary"
          label={t('adminContent.affairs.fieldSummary')}
        >
          <Input.TextArea maxLength={L.summaryMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="cover" label={t('adminContent.affairs.fieldCover')}>
          <ImageUploadField label={t('adminContent.affairs.fieldCover')} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="contentHtml"
          label={t('adminContent.affairs.fieldContent')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isBlankHtml(value)
                  ? Promise.reject(
                      new Error(
                        t('adminContent.required', { field: t('adminContent.affairs.fieldContent') }),
                      ),
                    )
                  : value && value.length > L.htmlMax
                    ? Promise.reject(
                        new Error(
                          t('adminContent.tooLong', {
                            field: t('adminContent.affairs.fieldContent'),
                            max: L.htmlMax,
                          }),
                        ),
                      )
                    : Promise.resolve(),
            },
          ]}
        >
          <RichTextEditor label={t('adminContent.affairs.fieldContent')} />
        </Form.Item>
        <Form.Item name="city" label={t('adminContent.affairs.fieldCity')}>
          <Input maxLength={L.cityMax} />
        </Form.Item>
        <Form.Item name="source" label={t('adminContent.affairs.fieldSource')}>
          <Input maxLength={L.sourceMax} />
        </Form.Item>
        <Form.Item
          name="publishedAt"
          label={t('adminContent.affairs.fieldPublishedAt')}
          extra={t('adminContent.affairs.publishedAtHint')}
        >
          <DatePicker
            className="sp-admin-form__full"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('adminContent.affairs.fieldPublishedAt')}
          />
        </Form.Item>
      </div>
    </AdminEditorDrawer>
  );
}
