/**
 * How much index history a caller sees (docs/api.md#steel-index): visitors the last 30 days,
 * members one year, members whose membership opens data (免豆会员, 数据会员) and operators
 * everything. The window ends at the newest computed day, not the calendar: on a day the job has
 * not run yet a visitor still sees 30 days of figures.
 */
import type { HistoryLimit } from '@steelport/contracts';
import { isRealDay, shiftDay } from '../../dates.ts';
import { Invalid } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';

export const VISITOR_DAYS = 30;
export const MEMBER_DAYS = 365;

/** Throws code 2 naming the field when a given date is not a real day. */
export function checkDays(fields: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && !isRealDay(value))
      throw new Invalid(
        say(`参数错误：${name} 不是有效日期`, `Invalid request: ${name} is not a valid date`),
      );
  }
}

/** The oldest day `user` may see when the newest day is `latest`, and what would show more. */
export function historyWindow(
  user: Pick<AuthUser, 'dataAccess' | 'role'> | null,
  latest: string,
): { earliestAllowed: string | null; limit: HistoryLimit } {
  if (!user) return { earliestAllowed: shiftDay(latest, -(VISITOR_DAYS - 1)), limit: 'login' };
  if (user.dataAccess || user.role === 'admin') return { earliestAllowed: null, limit: null };
  return { earliestAllowed: shiftDay(latest, -(MEMBER_DAYS - 1)), limit: 'vip' };
}

/**
 * Resolves a requested range against the data and the caller's window: missing ends default to
 * the newest day and one month before it; a start before the window is moved up to it and the
 * answer says why (`limitedBy`). start after end is code 2.
 */
export function resolveRange(
  user: Pick<AuthUser, 'dataAccess' | 'role'> | null,
  latest: string,
  asked: { start?: string | undefined; end?: string | undefined },
): { start: string; end: string; earliestAllowed: string | null; limitedBy: HistoryLimit } {
  checkDays({ start: asked.start, end: asked.end });
  if (asked.start && asked.end && asked.start > asked.end) {
    throw new Invalid(say('参数错误：start 不能晚于 end', 'Invalid request: start must not be after end'));
  }
  const end = asked.end && asked.end < latest ? asked.end : latest;
  let start = asked.start ?? shiftDay(end, -(VISITOR_DAYS - 1));
  const { earliestAllowed, limit } = historyWindow(user, latest);
  let limitedBy: HistoryLimit = null;
  if (earliestAllowed && start < earliestAllowed) {
    start = earliestAllowed;
    limitedBy = limit;
  }
  return { start, end, earliestAllowed, limitedBy };
}
