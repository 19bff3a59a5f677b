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
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdminOne, useAdminList, useAdminWrites } from '../../../api/adminContent.ts';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { useAdminColumns } from '../../../components/admin/adminColumns.tsx';
import {
  ContentStatusItem,
  ContentTitleItem,
  HtmlContentItem,
  PublishedAtItem,
  SummaryAndCoverItems,
  useRequiredPickRule,
} from '../../../components/admin/adminFields.tsx';
import {
  type AdminImage,
  imageOf,
  imageUploadIdFor,
  toDayjs,
  toIso,
} from '../../../components/admin/adminForm.ts';
import { oneOf } from '../../../components/admin/listFilters.ts';
import { useAdminEditing, useLoadedForEdit } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';

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
  const col = useAdminColumns();
  const list = useListState(FILTERS);
  const kind = oneOf(ADMIN_AFFAIR_KINDS, list.filters.kind);
  const status = oneOf(CONTENT_STATUSES, list.filters.status);
  const rows = useAdminList('affairs', {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  });
  const writes = useAdminWrites('affairs');
  const editor = useAdminEditing<number, AdminAffairBody>(writes);

  const setStatus = (row: AdminAffairRow, next: ContentStatus) =>
    editor.act(
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
    col.id(),
    { key: 'title', title: t('adminContent.affairs.colTitle'), dataIndex: 'title' },
    {
      key: 'kind',
      title: t('adminContent.affairs.colKind'),
      width: 100,
      render: (_, row) => t(`adminContent.affairs.kinds.${row.kind}`),
    },
    { key: 'city', title: t('adminContent.affairs.colCity'), dataIndex: 'city', width: 80 },
    col.contentStatus(),
    col.publishedAt(t('adminContent.affairs.colPublished')),
    col.views(t('adminContent.affairs.colViews')),
    col.actions((row) => (
      <AdminRowActions
        name={row.title}
        onEdit={() => editor.openEdit(row.id)}
        toggle={col.publishToggle(row.title, row.status === 'published', (next) =>
          setStatus(row, next ? 'published' : 'hidden'),
        )}
        onDelete={() => editor.remove(row.id)}
      />
    )),
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
          <AdminFilterSelect
            label={t('adminContent.affairs.kind')}
            value={kind}
            options={kindOptions}
            onChange={(value) => list.setFilter('kind', value)}
          />
          <AdminFilterSelect
            label={t('adminContent.statusFilter')}
            value={status}
            options={statusOptions}
            onChange={(value) => list.setFilter('status', value)}
          />
        </>
      }
      createLabel={t('adminContent.affairs.create')}
      onCreate={editor.openCreate}
    >
      <AffairDrawer
        editing={editor.editing}
        kindOptions={kindOptions}
        onClose={editor.close}
        onSave={editor.save}
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
  const { id, loaded, open } = useLoadedForEdit('affairs', editing);
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
  const requiredPick = useRequiredPickRule();

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
        <ContentTitleItem label={t('adminContent.affairs.fieldTitle')} />
        <Form.Item
          name="kind"
          label={t('adminContent.affairs.fieldKind')}
          rules={[requiredPick(t('adminContent.affairs.fieldKind'))]}
        >
          <Select options={kindOptions} />
        </Form.Item>
        <ContentStatusItem label={t('adminContent.affairs.fieldStatus')} />
        <SummaryAndCoverItems
          summaryLabel={t('adminContent.affairs.fieldSummary')}
          coverLabel={t('adminContent.affairs.fieldCover')}
        />
        <HtmlContentItem label={t('adminContent.affairs.fieldContent')} />
        <Form.Item name="city" label={t('adminContent.affairs.fieldCity')}>
          <Input maxLength={L.cityMax} />
        </Form.Item>
        <Form.Item name="source" label={t('adminContent.affairs.fieldSource')}>
          <Input maxLength={L.sourceMax} />
        </Form.Item>
        <PublishedAtItem
          label={t('adminContent.affairs.fieldPublishedAt')}
          hint={t('adminContent.affairs.publishedAtHint')}
        />
      </div>
    </AdminEditorDrawer>
  );
}
