/**
 * Who may see how much index history (docs/api.md#steel-index: visitors the last 30 days,
 * members one year, VIP members and operators everything), as the screens need it before the
 * server answers: which range tabs to offer, and what a date outside the window says (登录可见 /
 * 会员可见, never 无数据). The server cuts every answer to the same window; this only keeps the
 * screens honest.
 */
import '../../i18n/indexParts.ts';
import type { HistoryLimit } from '@steelport/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { hasDataAccess, type Session, useSession } from '../../auth/session.ts';
import type { Gate } from '../GateNotice.tsx';
import { type RangeKey, rangeStart } from './format.ts';

/** How far back a caller sees: a visitor, a logged-in member, or VIP (all). */
export type IndexAccess = 'visitor' | 'member' | 'vip';

/** Days of history each window holds, ending at the newest computed day (server: history.ts). */
export const WINDOW_DAYS = { visitor: 30, member: 365 } as const;

/**
 * The access of a session: a membership that opens data (VIP, 数据会员) or an operator sees all
 * (`vip`), a token a year, a visitor 30 days.
 */
export function accessOf(session: Session): IndexAccess {
  if (!session.token) return 'visitor';
  return hasDataAccess(session) || session.loginUser?.role === 'admin' ? 'vip' : 'member';
}

/** React hook: the index access of the current session. */
export function useIndexAccess(): IndexAccess {
  return accessOf(useSession());
}

/** The oldest day `access` may see when the newest day is `latest`; null for all. */
export function earliestFor(access: IndexAccess, latest: string): string | null {
  if (access === 'vip') return null;
  return dayjs(latest)
    .subtract(WINDOW_DAYS[access] - 1, 'day')
    .format('YYYY-MM-DD');
}

/** What opens more history: logging in (a visitor) or VIP (a member). */
export function limitOf(access: IndexAccess): HistoryLimit {
  return access === 'visitor' ? 'login' : access === 'member' ? 'vip' : null;
}

/**
 * Whether `range` reaches before what `access` may see, and then what would open it; null when
 * the whole range is visible (also when the data itself starts inside the window).
 */
export function rangeGate(range: RangeKey, access: IndexAccess, latest: string, first: string): HistoryLimit {
  const earliest = earliestFor(access, latest);
  if (!earliest) return null;
  return rangeStart(range, latest, first) < earliest ? limitOf(access) : null;
}

/** The widest range `access` sees whole, up to `preferred`: the range a screen opens on. */
export function openingRange(
  ranges: readonly RangeKey[],
  preferred: RangeKey,
  access: IndexAccess,
  latest: string,
  first: string,
): RangeKey {
  const upTo = ranges.slice(0, ranges.indexOf(preferred) + 1);
  const open = upTo.filter((r) => rangeGate(r, access, latest, first) === null);
  return open[open.length - 1] ?? ranges[0] ?? preferred;
}

/**
 * Why a day is not in an answer: the answer's window (earliestAllowed) starts after it, so it
 * says what opens it; null when the day is simply missing.
 */
export function dateGate(
  date: string,
  answer: { earliestAllowed: string | null; limitedBy: HistoryLimit } | undefined,
  access: IndexAccess,
): HistoryLimit {
  const earliest = answer ? answer.earliestAllowed : null;
  if (!earliest || date >= earliest) return null;
  return answer?.limitedBy ?? limitOf(access);
}

/**
 * The shared gate notice for older index history: what each window holds and what opens more
 * (a visitor logs in, or goes VIP; a member goes VIP).
 */
export function historyGate(t: TFunction, limit: 'login' | 'vip'): Gate {
  return {
    title: t(`steelIndex.gate.${limit}`),
    reason: t(`steelIndex.limit.${limit}`),
    actions: limit === 'login' ? ['login', 'vip'] : ['vip'],
  };
}
