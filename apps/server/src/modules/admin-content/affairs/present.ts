/** Presenters of the console's market dynamics: dates as ISO instants, the cover with its upload id. */
import type { AdminAffairDetail, AdminAffairRow } from '@steelport/contracts';
import { isScheduled, uploadIdOf } from '../present.ts';
import type { AdminAffairData, AdminAffairRowData } from './repo.ts';

/** One market-dynamics item of the admin list. */
export function presentAdminAffair(r: AdminAffairRowData, now: Date): AdminAffairRow {
  return {
    ...r,
    coverUploadId: uploadIdOf(r.cover),
    publishedAt: r.publishedAt.toISOString(),
    scheduled: isScheduled(r.status, r.publishedAt, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One market-dynamics item with its HTML. */
export function presentAdminAffairDetail(r: AdminAffairData, now: Date): AdminAffairDetail {
  const { contentHtml, ...row } = r;
  return { ...presentAdminAffair(row, now), contentHtml };
}
