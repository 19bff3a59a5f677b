import '../../../components/admin/adminContent.css';
import '../../../i18n/adminContent.ts';
import { type AdminArticleBody, type ContentStatus, ADMIN_CONTENT_LIMITS as L } from '@steelport/contracts';
import { Checkbox, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminEditorDrawer } from '../../../components/admin/AdminEditorDrawer.tsx';
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
import { useLoadedForEdit } from '../../../components/admin/useAdminEditing.ts';

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

/** 新建/编辑文章: the drawer; an edit first loads the article's HTML. */
export function ArticleDrawer({
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
  const { id, loaded, open } = useLoadedForEdit('articles', editing);
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
  const requiredPick = useRequiredPickRule();
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
        <ContentTitleItem label={t('adminContent.articles.fieldTitle')} />
        <Form.Item
          name="categoryId"
          label={t('adminContent.articles.fieldCategory')}
          rules={[requiredPick(t('adminContent.articles.fieldCategory'))]}
        >
          <Select options={categoryOptions} placeholder={t('adminContent.articles.fieldCategory')} />
        </Form.Item>
        <ContentStatusItem label={t('adminContent.articles.fieldStatus')} />
        <SummaryAndCoverItems
          summaryLabel={t('adminContent.articles.fieldSummary')}
          coverLabel={t('adminContent.articles.fieldCover')}
        />
        <HtmlContentItem label={t('adminContent.articles.fieldContent')} />
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
        <PublishedAtItem
          label={t('adminContent.articles.fieldPublishedAt')}
          hint={t('adminContent.articles.publishedAtHint')}
        />
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
