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
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fetchAdminOne, useAdminList, useAdminWrites } from '../../../api/adminContent.ts';
import { useArticleCategories } from '../../../api/articles.ts';
import { AdminFilterSelect } from '../../../components/admin/AdminFilterSelect.tsx';
import { AdminListScreen } from '../../../components/admin/AdminListScreen.tsx';
import { AdminRowActions } from '../../../components/admin/AdminRowActions.tsx';
import { useAdminColumns } from '../../../components/admin/adminColumns.tsx';
import { oneOf } from '../../../components/admin/listFilters.ts';
import { useAdminEditing } from '../../../components/admin/useAdminEditing.ts';
import { useListState } from '../../../components/admin/useListState.ts';
import { ArticleDrawer } from './ArticleDrawer.tsx';

const FILTERS = ['categoryId', 'status'] as const;
const PAGE_SIZE = 20;

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
  const col = useAdminColumns();
  const list = useListState(FILTERS);
  const categoryId = Number(list.filters.categoryId) || undefined;
  const status = oneOf(CONTENT_STATUSES, list.filters.status);
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
  const editor = useAdminEditing<number, AdminArticleBody>(writes);

  const setStatus = (row: AdminArticleRow, next: ContentStatus) =>
    editor.act(
      async () => {
        const detail = await fetchAdminOne('articles', row.id);
        await writes.update.mutateAsync({ id: row.id, body: bodyOfDetail(detail, next) });
      },
      next === 'hidden' ? t('adminContent.withdrawn') : t('adminContent.published'),
    );
  const columns: ColumnsType<AdminArticleRow> = [
    col.id(),
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
    col.contentStatus(),
    col.publishedAt(t('adminContent.articles.colPublished')),
    col.views(t('adminContent.articles.colViews')),
    col.actions((row) => (
      <AdminRowActions
        name={row.title}
        onEdit={() => editor.openEdit(row.id)}
        editLockedReason={row.generated ? t('adminContent.articles.generatedLocked') : undefined}
        toggle={col.publishToggle(row.title, row.status === 'published', (next) =>
          setStatus(row, next ? 'published' : 'hidden'),
        )}
        onDelete={() => editor.remove(row.id)}
      />
    )),
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
          <AdminFilterSelect
            label={t('adminContent.articles.category')}
            value={categoryId}
            options={categoryOptions}
            onChange={(value) => list.setFilter('categoryId', value ? String(value) : undefined)}
          />
          <AdminFilterSelect
            label={t('adminContent.statusFilter')}
            value={status}
            options={statusOptions}
            onChange={(value) => list.setFilter('status', value)}
          />
        </>
      }
      createLabel={t('adminContent.articles.create')}
      onCreate={editor.openCreate}
    >
      <ArticleDrawer
        editing={editor.editing}
        categoryOptions={categoryOptions}
        onClose={editor.close}
        onSave={editor.save}
      />
    </AdminListScreen>
  );
}
