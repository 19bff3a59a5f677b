/**
 * The update time of a lot or quote. Every figure (prices, weights, counts) goes through the
 * portal's one number format, lib/numbers.ts; only this date format is the lot screens' own.
 */
import dayjs from 'dayjs';

/** Update time as MM-DD HH:mm in the browser's time zone; the year is implied by the market. */
export function formatUpdatedAt(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('MM-DD HH:mm') : '';
}
