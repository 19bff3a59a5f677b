/**
 * What the presenters of the console's content share: image addresses with their upload ids,
 * dates as ISO instants, scheduled rows and windows. Each entity's presenter is in its folder.
 */
import { ADMIN_CONTENT_FILE_PATH } from '@steelport/contracts';

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

/** An optional instant as an ISO string. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Whether a published row's time has not come yet. */
export const isScheduled = (status: string, publishedAt: Date, now: Date) =>
  status === 'published' && publishedAt.getTime() > now.getTime();

/** Whether a window (open ends are no limit) contains `now`. */
export const inWindow = (startsAt: Date | null, endsAt: Date | null, now: Date) =>
  (startsAt === null || startsAt.getTime() <= now.getTime()) &&
  (endsAt === null || endsAt.getTime() > now.getTime());
