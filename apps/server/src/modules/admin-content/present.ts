/** Presenters of the console's content rows: dates as ISO instants, image addresses with their upload ids. */
import {
  ADMIN_CONTENT_FILE_PATH,
  type AdminAdRow,
  type AdminAffairDetail,
  type AdminAffairRow,
  type AdminAgencyRow,
  type AdminAnnouncementRow,
  type AdminArticleDetail,
  type AdminArticleRow,
} from '@steelport/contracts';
import type {
  AdminAdData,
  AdminAffairData,
  AdminAffairRowData,
  AdminAgencyData,
  AdminAnnouncementData,
  AdminArticleData,
  AdminArticleRowData,
} from './repo.ts';

const CONTENT_FILE = new RegExp(`^${ADMIN_CONTENT_FILE_PATH.replace(/\//g, '\\/')}\\/(\\d+)$`);

/** The public address of a published upload. */
export function contentFileUrl(uploadId: number): string {
  return `${ADMIN_CONTENT_FILE_PATH}/${uploadId}`;
}

/** The upload id behind a stored image address, or null for seeded and outside addresses. */
export function uploadIdOf(url: string): number | null {
  const m = CONTENT_FILE.exec(url);
  return m ? Number(m[1]) : null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Whether a published row's time has not come yet. */
const isScheduled = (status: string, publishedAt: Date, now: Date) =>
  status === 'published' && publishedAt.getTime() > now.getTime();

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

/** One agency. */
export function presentAdminAgency(r: AdminAgencyData): AdminAgencyRow {
  return {
    ...r,
    logoUploadId: uploadIdOf(r.logo),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Whether a window (open ends are no limit) contains `now`. */
const inWindow = (startsAt: Date | null, endsAt: Date | null, now: Date) =>
  (startsAt === null || startsAt.getTime() <= now.getTime()) &&
  (endsAt === null || endsAt.getTime() > now.getTime());

/** One ad; `live` when the portal serves it now. */
export function presentAdminAd(r: AdminAdData, now: Date): AdminAdRow {
  return {
    ...r,
    imageUploadId: uploadIdOf(r.imageUrl),
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    live: r.active && inWindow(r.startsAt, r.endsAt, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One announcement; `live` when it is the one the home page shows now. */
export function presentAdminAnnouncement(
  r: AdminAnnouncementData,
  liveId: number | null,
): AdminAnnouncementRow {
  return {
    ...r,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    live: r.id === liveId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
