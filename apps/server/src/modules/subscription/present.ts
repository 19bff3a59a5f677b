/** Rows -> contract shapes for subscriptions and the inbox: fen -> 元, dates -> ISO strings. */
import type {
  DigestSettings,
  InboxItem,
  IndexAlert,
  Lang,
  SavedFilter,
  SavedSearch,
} from '@steelport/contracts';
import { toFen, toYuan } from '../../present.ts';
import { say, textIn } from '../../text.ts';
import type { IndexAlertRow } from './repo/alerts.ts';
import type { SettingsRow } from './repo/digest.ts';
import type { InboxRow } from './repo/inbox.ts';
import type { SavedSearchRow } from './repo/searches.ts';

/** The price bounds of a lot filter in fen (the matcher's units). */
export function priceBoundsFen(filter: SavedFilter): { priceMinFen?: number; priceMaxFen?: number } {
  return {
    ...(filter.priceMin !== undefined ? { priceMinFen: toFen(filter.priceMin) } : {}),
    ...(filter.priceMax !== undefined ? { priceMaxFen: toFen(filter.priceMax) } : {}),
  };
}

/** An alert level in fen. */
export const levelFen = (yuan: number): number => toFen(yuan);

/** Percent as given (1.5 = 1.5%) against a day's change: whether the move is larger. */
export function movedMoreThan(priceFen: number, changeFen: number, percent: number): boolean {
  const previous = priceFen - changeFen;
  if (previous <= 0) return false;
  return (Math.abs(changeFen) / previous) * 100 > percent;
}

/**
 * The title of a fired index alert in its owner's language: 乐从热卷 涨破 3600 元/吨 (3612 元/吨),
 * or in English with the index's English name when it has one.
 */
export function alertTitle(a: {
  indexName: string;
  indexNameEn?: string;
  lang?: Lang | null;
  kind: 'above' | 'below' | 'move';
  levelFen: number | null;
  movePercent: number | null;
  priceFen: number;
  changeFen: number;
}): string {
  if (a.lang === 'en') {
    const name = a.indexNameEn || a.indexName;
    const now = `now ${toYuan(a.priceFen)} CNY/t`;
    if (a.kind === 'above') return `${name} rose above ${toYuan(a.levelFen ?? 0)} CNY/t, ${now}`;
    if (a.kind === 'below') return `${name} fell below ${toYuan(a.levelFen ?? 0)} CNY/t, ${now}`;
    const moved = a.changeFen >= 0 ? 'rose' : 'fell';
    return `${name} ${moved} ${toYuan(Math.abs(a.changeFen))} CNY/t in a day, more than ${a.movePercent}%, ${now}`;
  }
  const price = `${toYuan(a.priceFen)} 元/吨`;
  if (a.kind === 'above') return `${a.indexName} 涨破 ${toYuan(a.levelFen ?? 0)} 元/吨，现报 ${price}`;
  if (a.kind === 'below') return `${a.indexName} 跌破 ${toYuan(a.levelFen ?? 0)} 元/吨，现报 ${price}`;
  const sign = a.changeFen >= 0 ? '上涨' : '下跌';
  return `${a.indexName} 单日${sign} ${toYuan(Math.abs(a.changeFen))} 元/吨，超过 ${a.movePercent}%，现报 ${price}`;
}

/** A saved search row. */
export function presentSearch(
  r: SavedSearchRow & { matchCount: number; lastMatchAt: Date | null },
): SavedSearch {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    filter: r.filter,
    paused: r.pausedAt !== null,
    matchCount: r.matchCount,
    lastMatchAt: r.lastMatchAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** An index alert row. */
export function presentAlert(r: IndexAlertRow): IndexAlert {
  return {
    id: r.id,
    indexId: r.indexId,
    indexName: r.indexName,
    kind: r.kind,
    level: r.levelFen === null ? null : toYuan(r.levelFen),
    percent: r.movePercent,
    paused: r.pausedAt !== null,
    armed: r.armed,
    lastFiredAt: r.lastFiredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** An inbox item. */
export function presentInboxItem(r: InboxRow): InboxItem {
  return {
    id: r.id,
    kind: r.kind,
    targetId: r.targetId,
    savedSearchId: r.savedSearchId,
    alertId: r.alertId,
    source: r.source,
    title: r.title,
    price: toYuan(r.priceFen),
    day: r.day,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

const clock = (minutes: number | null): string | null =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** HH:MM -> minutes after midnight. */
export const minutesOf = (time: string | null): number | null => {
  if (time === null) return null;
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Digest settings (off, no quiet hours, before the first change). */
export function presentSettings(r: SettingsRow | undefined): DigestSettings {
  return {
    digest: r?.digest ?? false,
    quietStart: clock(r?.quietStart ?? null),
    quietEnd: clock(r?.quietEnd ?? null),
  };
}

/**
 * The digest's text in the member's language: how many, the newest, where to read them, and the
 * one-click unsubscribe.
 */
export function digestText(
  d: { unread: number; latestTitle: string; token: string },
  publicUrl: string,
  lang: Lang = 'zh-CN',
): string {
  const unsubscribe = `${publicUrl}/api/web/subscription/unsubscribe?token=${d.token}`;
  return textIn(
    say(
      `【钢市通】您的订阅有 ${d.unread} 条新消息，最新：${d.latestTitle}。查看 ${publicUrl}/account/inbox ；退订 ${unsubscribe}`,
      `[SteelPort] Your subscriptions have ${d.unread} new messages, the newest: ${d.latestTitle}. Read them at ${publicUrl}/account/inbox?lang=en ; unsubscribe: ${unsubscribe}`,
    ),
    lang,
  );
}
