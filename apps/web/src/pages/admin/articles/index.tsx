import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import {
  type AdminArticleBody,
  type AdminArticleDetail,
  type AdminArticleRow,
  CONTENT_STATUSES,
  type ContentStatus,
  ADMIN_CONTENT_LIMITS as L,
} from '@steelport/contracts';
import { App, Checkbox, DatePicker, Form, Input, Radio, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdminOne, useAdminList, useAdminOne, useAdminWrites } from '../../../api/adminContent.ts';
import { useArticleCategories } from '../../../api/articles.ts';
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

const FILTERS = ['categoryId', 'status'] as const;
const PAGE_SIZE = 20;

interface ArticleForm {
  title: string;
  categoryId: number;
  summary: string;
  cover: AdminImage;
  contentHtml: string;
  tags: string[];
  source: string;
  author: string;
  membersOnly: boolean;
  publishedAt: Dayjs | null;
  status: ContentStatus;
}

const STATUS_COLORS: Record<ContentStatus | 'scheduled', string> = {
  draft: 'default',
  published: 'green',
  hidden: 'red',
  scheduled: 'blue',
};

/** The whole article as a write takes it (PUT replaces everything), from the stored one. */
function bodyOfDetail(detail: AdminArticleDetail, status: ContentStatus): AdminArticleBody {
  return {
    categoryId: detail.categoryId,
    title: detail.title,
    summary: detail.summary,
    contentHtml: detail.contentHtml,
    tags: detail.tags,
    source: detail.source,
    author: detail.author,
    membersOnly: detail.membersOnly,
    publishedAt: detail.publishedAt,
    status,
  };
}

/**
 * /admin/articles, 文章管理: the news articles (资讯) with search, category and status filters and
 * paging (all in the URL); 新建 and 编辑 in a drawer with the rich-text editor, a cover picture,
 * tags, 仅会员可读全文 and a publish time (a time ahead schedules it); 下线/发布 and 删除 ask
 * first. Articles the system writes from data (数据生成) are shown but not editable.
 */
export function AdminArticlesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = useAdminAct();
  const list = useListState(FILTERS);
  const categoryId = Number(list.filters.categoryId) || undefined;
  const status = (CONTENT_STATUSES as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as ContentStatus)
    : undefined;
  const query = {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(status ? { status } : {}),
  };
  const rows = useAdminList('articles', query);
  const categories = useArticleCategories();
  const writes = useAdminWrites('articles');
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const setStatus = (row: AdminArticleRow, next: ContentStatus) =>
    act(
      async () => {
        const detail = await fetchAdminOne('articles', row.id);
        await writes.update.mutateAsync({ id: row.id, body: bodyOfDetail(detail, next) });
      },
      next === 'hidden' ? t('adminContent.withdrawn') : t('adminContent.published'),
    );
  const columns: ColumnsType<AdminArticleRow> = [
    { key: 'id', title: t('adminContent.colId'), dataIndex: 'id', width: 70 },
    {
      key: 'title',
      title: t('adminContent.articles.colTitle'),
      render: (_, row) => (
        <span className="sp-admin-table__title">
          {row.title}
          {row.membersOnly && <Tag color="gold">{t('adminContent.articles.membersOnlyTag')}</Tag>}
          {row.generated && <Tag color="blue">{t('adminContent.articles.generatedTag')}</Tag>}
        </span>
      ),
    },
    { key: 'category', title: t('adminContent.articles.colCategory'), dataIndex: 'categoryName', width: 110 },
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
      title: t('adminContent.articles.colPublished'),
      width: 150,
      render: (_, row) => formatTime(row.publishedAt),
    },
    {
      key: 'views',
      title: t('adminContent.articles.colViews'),
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
          editLockedReason={row.generated ? t('adminContent.articles.generatedLocked') : undefined}
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

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.value, label: c.label }));
  const statusOptions = CONTENT_STATUSES.map((s) => ({ value: s, label: t(`adminContent.status.${s}`) }));

  return (
    <AdminListScreen<AdminArticleRow>
      title={t('adminContent.articles.title')}
      list={list}
      rows={rows}
      columns={columns}
      searchPlaceholder={t('adminContent.articles.searchPlaceholder')}
      keywordMax={L.keywordMax}
      filters={
        <>
          <Select
            className="sp-admin-toolbar__filter"
            allowClear
            aria-label={t('adminContent.articles.category')}
            placeholder={t('adminContent.articles.category')}
            value={categoryId}
            options={categoryOptions}
            onChange={(value?: number) => list.setFilter('categoryId', value ? String(value) : undefined)}
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
      createLabel={t('adminContent.articles.create')}
      onCreate={() => setEditing('new')}
    >
      <ArticleDrawer
        editing={editing}
        categoryOptions={categoryOptions}
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

/** 新建/编辑文章: the drawer; an edit first loads the article's HTML. */
function ArticleDrawer({
  editing,
  categoryOptions,
  onClose,
  onSave,
}: {
  editing: number | 'new' | null;
  categoryOptions: { value: number; label: string }[];
  onClose: () => void;
  onSave: (id: number | null, body: AdminArticleBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ArticleForm>();
  const id = typeof editing === 'number' ? editing : null;
  const detail = useAdminOne('articles', id);
  const loaded = id === null ? null : (detail.data ?? null);
  const initial = useMemo<Partial<ArticleForm>>(
    () =>
      loaded
        ? {
            title: loaded.title,
            categoryId: loaded.categoryId,
            summary: loaded.summary,
            cover: imageOf(loaded.cover, loaded.coverUploadId),
            contentHtml: loaded.contentHtml,
            tags: loaded.tags,
            source: loaded.source,
            author: loaded.author,
            membersOnly: loaded.membersOnly,
            publishedAt: toDayjs(loaded.publishedAt),
            status: loaded.status,
          }
        : {
            title: '',
            summary: '',
            cover: null,
            contentHtml: '',
            tags: [],
            source: '',
            author: '',
            membersOnly: false,
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
  const title =
    id === null
      ? t('adminContent.articles.createTitle')
      : t('adminContent.articles.editTitle', { title: loaded?.title ?? '' });

  const submit = async (values: ArticleForm) => {
    const coverUploadId = imageUploadIdFor(initial.cover ?? null, values.cover);
    const publishedAt = toIso(values.publishedAt);
    const body: AdminArticleBody = {
      categoryId: values.categoryId,
      title: values.title.trim(),
      summary: (values.summary ?? '').trim(),
      contentHtml: values.contentHtml ?? '',
      tags: values.tags ?? [],
      source: (values.source ?? '').trim(),
      author: (values.author ?? '').trim(),
      membersOnly: Boolean(values.membersOnly),
      status: values.status,
      ...(coverUploadId !== undefined ? { coverUploadId } : {}),
      ...(publishedAt ? { publishedAt } : {}),
    };
    await onSave(id, body);
  };

  return (
    <AdminEditorDrawer<ArticleForm>
      open={open}
      title={title}
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
          label={t('adminContent.articles.fieldTitle')}
          rules={[required(t('adminContent.articles.fieldTitle'))]}
        >
          <Input maxLength={L.titleMax} showCount />
        </Form.Item>
        <Form.Item
          name="categoryId"
          label={t('adminContent.articles.fieldCategory')}
          rules={[
            {
              required: true,
              message: t('adminContent.requiredPick', { field: t('adminContent.articles.fieldCategory') }),
            },
          ]}
        >
          <Select options={categoryOptions} placeholder={t('adminContent.articles.fieldCategory')} />
        </Form.Item>
        <Form.Item name="status" label={t('adminContent.articles.fieldStatus')}>
          <Radio.Group
            optionType="button"
            options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`adminContent.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="summary"
          label={t('adminContent.articles.fieldSummary')}
        >
          <Input.TextArea maxLength={L.summaryMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item className="sp-admin-form__wide" name="cover" label={t('adminContent.articles.fieldCover')}>
          <ImageUploadField label={t('adminContent.articles.fieldCover')} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="contentHtml"
          label={t('adminContent.articles.fieldContent')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isBlankHtml(value)
                  ? Promise.reject(
                      new Error(
                        t('adminContent.required', { field: t('adminContent.articles.fieldContent') }),
                      ),
                    )
                  : value && value.length > L.htmlMax
                    ? Promise.reject(
                        new Error(
                          t('adminContent.tooLong', {
                            field: t('adminContent.articles.fieldContent'),
                            max: L.htmlMax,
                          }),
                        ),
                      )
                    : Promise.resolve(),
            },
          ]}
        >
          <RichTextEditor label={t('adminContent.articles.fieldContent')} />
        </Form.Item>
        <Form.Item
          className="sp-admin-form__wide"
          name="tags"
          label={t('adminContent.articles.fieldTags')}
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                (value ?? []).length > L.tagsMax
                  ? Promise.reject(new Error(t('adminContent.articles.tagsTooMany', { max: L.tagsMax })))
                  : (value ?? []).some((tag) => tag.length > L.tagMax)
                    ? Promise.reject(
                        new Error(
                          t('adminContent.tooLong', {
                            field: t('adminContent.articles.fieldTags'),
                            max: L.tagMax,
                          }),
                        ),
                      )
                    : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '，']}
            open={false}
            suffixIcon={null}
            aria-label={t('adminContent.articles.fieldTags')}
            placeholder={t('adminContent.articles.tagsPlaceholder', { max: L.tagsMax })}
          />
        </Form.Item>
        <Form.Item name="source" label={t('adminContent.articles.fieldSource')}>
          <Input maxLength={L.sourceMax} />
        </Form.Item>
        <Form.Item name="author" label={t('adminContent.articles.fieldAuthor')}>
          <Input maxLength={L.authorMax} />
        </Form.Item>
        <Form.Item
          name="publishedAt"
          label={t('adminContent.articles.fieldPublishedAt')}
          extra={t('adminContent.articles.publishedAtHint')}
        >
          <DatePicker
            className="sp-admin-form__full"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('adminContent.articles.fieldPublishedAt')}
          />
        </Form.Item>
        <Form.Item
          name="membersOnly"
          valuePropName="checked"
          label=" "
          colon={false}
          extra={t('adminContent.articles.membersOnlyHint')}
        >
          <Checkbox>{t('adminContent.articles.fieldMembersOnly')}</Checkbox>
        </Form.Item>
      </div>
    </AdminEditorDrawer>
  );
}
