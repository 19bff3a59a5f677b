/** Presenters of the console's articles: dates as ISO instants, the cover with its upload id. */
import type { AdminArticleDetail, AdminArticleRow } from '@steelport/contracts';
import { isScheduled, uploadIdOf } from '../present.ts';
import type { AdminArticleData, AdminArticleRowData } from './repo.ts';

/** One article of the admin list. */
export function presentAdminArticle(r: AdminArticleRowData, tagNames: string[], now: Date): AdminArticleRow {
  const { generatedKey, ...rest } = r;
  return {
    ...rest,
    coverUploadId: uploadIdOf(r.cover),
    tags: tagNames,
    publishedAt: r.publishedAt.toISOString(),
    scheduled: isScheduled(r.status, r.publishedAt, now),
    generated: generatedKey !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One article with its HTML. */
export function presentAdminArticleDetail(
  r: AdminArticleData,
  tagNames: string[],
  now: Date,
): AdminArticleDetail {
  const { contentHtml, ...row } = r;
  return { ...presentAdminArticle(row, tagNames, now), contentHtml };
}
