/**
 * 免费订阅: saved searches (member 1, VIP 50), index alerts, the inbox, and the two hooks that
 * fill it — `rowsWritten`, which every writer of lots and quotes calls after its commit, and
 * `afterIndexJob`, which the scheduler calls after the index job commits. What they find is
 * pushed to open inbox streams through the bus (bus.ts).
 */
import {
  type InboxEvent,
  type InboxItem,
  type InboxQuery,
  type InboxRead,
  type IndexAlert,
  type IndexAlertCreate,
  type IndexAlertUpdate,
  type PageOf,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchKind,
  type SavedSearchUpdate,
  SUBSCRIPTION_LIMITS,
  type SubscriptionOverview,
} from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { type LocalText, say } from '../../text.ts';
import { findSessionUser } from '../account/sessions.ts';
import { REPORT_PRODUCTS, reportKey } from '../article/market-daily.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { InboxBus } from './bus.ts';
import { digestService } from './digest.ts';
import { normalizeFilter } from './normalize.ts';
import {
  alertTitle,
  levelFen,
  presentAlert,
  presentInboxItem,
  presentSearch,
  priceBoundsFen,
} from './present.ts';
import * as alertRepo from './repo/alerts.ts';
import * as inboxRepo from './repo/inbox.ts';
import * as matchRepo from './repo/matching.ts';
import * as searchRepo from './repo/searches.ts';
import { checkFilter, crossed } from './rules.ts';

/** Rows matched per statement: one join of this many rows against every active term. */
export const MATCH_BATCH = 2000;

/** What a writer of lots or quotes reports after its commit. */
export interface RowsWritten {
  kind: SavedSearchKind;
  ids: readonly number[];
  /** set when the rows were repriced by this many fen (not new, not otherwise changed) */
  moveFen?: number;
}

/** The hook writers call after commit; it never throws (a failed match must not fail a write). */
export type OnRowsWritten = (event: RowsWritten) => Promise<void>;

export interface SubscriptionDeps {
  db: Db;
  dictionary: Dictionary;
  bus: InboxBus;
  /** where a failed match is reported */
  log?: { error(obj: object, msg: string): void };
  /** the SMS provider digests go through (sandbox by default); none: no digests */
  sms?: SmsProvider;
  /** the portal's address, for the links in a digest */
  publicUrl?: string;
}

/** The subscription service. */
export function subscriptionService(deps: SubscriptionDeps) {
  const { db, dictionary, bus } = deps;

  const searchLimit = (user: AuthUser) =>
    user.isVip ? SUBSCRIPTION_LIMITS.vipSearches : SUBSCRIPTION_LIMITS.memberSearches;
  const alertLimit = (user: AuthUser) =>
    user.isVip ? SUBSCRIPTION_LIMITS.vipAlerts : SUBSCRIPTION_LIMITS.memberAlerts;
  const full = (user: AuthUser, what: LocalText, limit: number) =>
    new BusinessError(
      user.isVip
        ? say(
            `${what.zh}已达上限（${limit} 个），请先删除不再需要的`,
            `You have reached the limit of ${limit} ${what.en}; delete the ones you no longer need first`,
          )
        : say(
            `会员可保存 ${limit} 个${what.zh}，开通免豆会员可保存 ${SUBSCRIPTION_LIMITS.vipSearches} 个`,
            `Members can save ${limit} ${what.en}; with the bean-free membership you can save ${SUBSCRIPTION_LIMITS.vipSearches}`,
          ),
    );

  /** Sends the reached users their new unread counts. */
  const notify = async (reached: number[]) => {
    if (reached.length === 0) return;
    const added = new Map<number, number>();
    for (const userId of reached) added.set(userId, (added.get(userId) ?? 0) + 1);
    const unread = await inboxRepo.unreadCounts(db, [...added.keys()]);
    await bus.publish(
      [...added].map(([userId, n]) => ({ userId, added: n, unread: unread.get(userId) ?? 0 })),
    );
  };

  const ownSearch = async (user: AuthUser, id: number) => {
    const row = await searchRepo.findSearch(db, user.id, id);
    if (!row) throw new NotFound(say('订阅不存在', 'Subscription not found'));
    return row;
  };
  const ownAlert = async (user: AuthUser, id: number) => {
    const row = await alertRepo.findAlert(db, user.id, id);
    if (!row) throw new NotFound(say('指数提醒不存在', 'Index alert not found'));
    return row;
  };

  const searchOf = async (user: AuthUser, id: number): Promise<SavedSearch> => {
    const row = (await searchRepo.listSearches(db, user.id)).find((r) => r.id === id);
    if (!row) throw new NotFound(say('订阅不存在', 'Subscription not found'));
    return presentSearch(row);
  };

  return {
    /** The caller's saved searches and index alerts with the limits of its membership. */
    async overview(user: AuthUser): Promise<SubscriptionOverview> {
      const searches = await searchRepo.listSearches(db, user.id);
      const alerts = await alertRepo.listAlerts(db, user.id);
      return {
        searches: searches.map(presentSearch),
        alerts: alerts.map(presentAlert),
        limits: { searches: searchLimit(user), alerts: alertLimit(user), vip: user.isVip },
      };
    },

    /** Saves a search screen's filter with a name, within the membership's limit. */
    async createSearch(user: AuthUser, body: SavedSearchCreate): Promise<SavedSearch> {
      checkFilter(body.kind, body.filter);
      const traderCompanyId =
        body.kind === 'quotation' && body.filter.traderId !== undefined
          ? await searchRepo.companyOfUser(db, body.filter.traderId)
          : undefined;
      const terms = normalizeFilter(
        {
          kind: body.kind,
          filter: body.filter,
          ...priceBoundsFen(body.filter),
          ...(traderCompanyId !== undefined ? { traderCompanyId } : {}),
        },
        await dictionary.get(),
      );
      const limit = searchLimit(user);
      const id = await db.transaction(async (tx) => {
        // One user's saves run one after another, so two at once cannot both pass the limit.
        await searchRepo.lockUser(tx, user.id);
        if ((await searchRepo.countSearches(tx, user.id)) >= limit)
          throw full(user, say('订阅', 'subscriptions'), limit);
        return searchRepo.insertSearch(
          tx,
          {
            userId: user.id,
            kind: body.kind,
            name: body.name,
            filter: body.filter as Record<string, unknown>,
          },
          terms,
        );
      });
      return searchOf(user, id);
    },

    /** Renames, pauses or resumes one of the caller's saved searches. */
    async updateSearch(user: AuthUser, id: number, body: SavedSearchUpdate): Promise<SavedSearch> {
      const row = await ownSearch(user, id);
      if (body.name === undefined && body.paused === undefined)
        throw new Invalid(say('参数错误：请给出 name 或 paused', 'Invalid request: give name or paused'));
      await db.transaction(async (tx) => {
        await searchRepo.updateSearch(tx, row.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.paused !== undefined
            ? { pausedAt: body.paused ? (row.pausedAt ?? new Date()) : null }
            : {}),
        });
      });
      return searchOf(user, id);
    },

    /** Deletes one of the caller's saved searches with what it found. */
    async removeSearch(user: AuthUser, id: number): Promise<{ id: number }> {
      await ownSearch(user, id);
      await searchRepo.deleteSearch(db, id);
      return { id };
    },

    /** The latest items one of the caller's saved searches found. */
    async matches(user: AuthUser, id: number): Promise<InboxItem[]> {
      await ownSearch(user, id);
      const rows = await inboxRepo.matchesOf(db, user.id, id, SUBSCRIPTION_LIMITS.matchesShown);
      return rows.map(presentInboxItem);
    },

    /** Sets an alert on an index; it fires when the price next crosses (not when it already is past). */
    async createAlert(user: AuthUser, body: IndexAlertCreate): Promise<IndexAlert> {
      if (body.kind === 'move' && body.percent === undefined)
        throw new Invalid(say('参数错误：percent 不能为空', 'Invalid request: percent is required'));
      if ((body.kind === 'above' || body.kind === 'below') && body.level === undefined) {
        throw new Invalid(say('参数错误：level 不能为空', 'Invalid request: level is required'));
      }
      const index = await alertRepo.indexWithLatestDay(db, body.indexId);
      if (!index) throw new NotFound(say('指数不存在', 'Index not found'));
      if (body.kind === 'report') {
        const product = await alertRepo.indexProductName(db, body.indexId);
        if (!REPORT_PRODUCTS.some((p) => p.name === product)) {
          throw new BusinessError(
            say(
              '该指数的品种没有市场日报，请设置价格提醒',
              "This index's product has no market daily reports; set a price alert instead",
            ),
          );
        }
      }
      const alert = {
        kind: body.kind,
        levelFen: body.kind === 'above' || body.kind === 'below' ? levelFen(body.level!) : null,
        movePercent: body.kind === 'move' ? body.percent! : null,
      };
      // A price alert fires when the price next crosses, not because it already is past.
      const crossedNow =
        alert.kind !== 'report' && index.day ? crossed({ ...alert, kind: alert.kind, ...index.day }) : false;
      const limit = alertLimit(user);
      const id = await db.transaction(async (tx) => {
        await searchRepo.lockUser(tx, user.id);
        if ((await alertRepo.countAlerts(tx, user.id)) >= limit)
          throw full(user, say('指数提醒', 'index alerts'), limit);
        return alertRepo.insertAlert(tx, {
          userId: user.id,
          indexId: body.indexId,
          ...alert,
          armed: !crossedNow,
        });
      });
      return presentAlert((await alertRepo.findAlert(db, user.id, id))!);
    },

    /** Pauses or resumes one of the caller's index alerts. */
    async updateAlert(user: AuthUser, id: number, body: IndexAlertUpdate): Promise<IndexAlert> {
      const row = await ownAlert(user, id);
      await alertRepo.setAlertPaused(db, id, body.paused ? (row.pausedAt ?? new Date()) : null);
      return presentAlert((await alertRepo.findAlert(db, user.id, id))!);
    },

    /** Deletes one of the caller's index alerts. */
    async removeAlert(user: AuthUser, id: number): Promise<{ id: number }> {
      await ownAlert(user, id);
      await alertRepo.deleteAlert(db, id);
      return { id };
    },

    /** A page of the caller's inbox, newest first. */
    async inboxPage(user: AuthUser, query: InboxQuery): Promise<PageOf<InboxItem>> {
      const unreadOnly = query.unreadOnly === true;
      const rows = await inboxRepo.inboxPage(db, user.id, {
        unreadOnly,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const total = await inboxRepo.countInbox(db, user.id, unreadOnly);
      return { list: rows.map(presentInboxItem), total, page: query.page, pageSize: query.pageSize };
    },

    /** The caller's unread count (the header's bell). */
    async unread(userId: number): Promise<InboxEvent> {
      return { unread: await inboxRepo.countInbox(db, userId, true), added: 0 };
    },

    /** Marks the named items, or all, read; answers the new unread count and tells open tabs. */
    async read(user: AuthUser, body: InboxRead): Promise<{ changed: number; unread: number }> {
      if (!body.all && !body.ids?.length)
        throw new Invalid(say('参数错误：请给出 ids 或 all', 'Invalid request: give ids or all'));
      const changed = await inboxRepo.markRead(db, user.id, body.all ? 'all' : [...new Set(body.ids)]);
      const unread = await inboxRepo.countInbox(db, user.id, true);
      if (changed > 0) await bus.publish([{ userId: user.id, unread, added: 0 }]);
      return { changed, unread };
    },

    /**
     * The writers' after-commit hook: matches the rows against every active saved search, one
     * statement per MATCH_BATCH rows, and pushes the news. Never throws: the rows are committed,
     * and a failed match is logged rather than turned into a failed write.
     */
    rowsWritten: (async (event: RowsWritten) => {
      try {
        const reached: number[] = [];
        for (let start = 0; start < event.ids.length; start += MATCH_BATCH) {
          const batch = event.ids.slice(start, start + MATCH_BATCH);
          reached.push(...(await matchRepo.matchRows(db, event.kind, batch, event.moveFen)));
        }
        await notify(reached);
      } catch (err) {
        deps.log?.error({ err, kind: event.kind, rows: event.ids.length }, 'subscription matching failed');
      }
    }) satisfies OnRowsWritten,

    /**
     * After the index job: each active alert against its index's newest day. An armed alert
     * whose condition holds fires (one inbox item per alert and day) and disarms; a disarmed
     * one re-arms once the condition no longer holds, so it fires once per crossing.
     */
    async afterIndexJob(): Promise<{ fired: number; rearmed: number }> {
      const alerts = await alertRepo.alertsToEvaluate(db);
      const fire = alerts.filter((a) => a.armed && crossed(a));
      const rearm = alerts.filter((a) => !a.armed && !crossed(a));
      const reached = await db.transaction(async (tx) => {
        await alertRepo.setArmed(
          tx,
          fire.map((a) => a.id),
          false,
        );
        await alertRepo.setArmed(
          tx,
          rearm.map((a) => a.id),
          true,
        );
        return alertRepo.insertAlertItems(
          tx,
          fire.map((a) => ({
            userId: a.userId,
            alertId: a.id,
            indexId: a.indexId,
            day: a.day,
            title: alertTitle(a),
            priceFen: a.priceFen,
          })),
        );
      });
      await notify(reached);
      return { fired: fire.length, rearmed: rearm.length };
    },

    /**
     * After the 市场日报 are written (and every hour, as a report becomes public at its time):
     * each report alert gets the newest report of its index's product once.
     */
    async afterReports(): Promise<{ delivered: number }> {
      const reached = await alertRepo.insertReportItems(
        db,
        REPORT_PRODUCTS.map((p) => ({ productName: p.name, keyPrefix: reportKey(p, '') })),
      );
      await notify(reached);
      return { delivered: reached.length };
    },

    /** Whether a stream's token still names a live session of its user (not logged out). */
    sessionAlive: async (token: string, userId: number): Promise<boolean> =>
      (await findSessionUser(db, token))?.id === userId,

    ...digestService(deps),

    /** Closes the bus (the app is closing). */
    close: () => bus.close(),

    /** Calls `listener` with each inbox event of `userId` (the stream route). */
    listen: (userId: number, listener: (event: InboxEvent) => void) => bus.listen(userId, listener),
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
