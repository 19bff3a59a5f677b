/**
 * Spot stock (/wareHouse): the lot search of cargo, the suppliers panel, the search captcha,
 * and enquiries with contact unlocks (询价) for lots of either kind.
 *
 * Enquiring about lots unlocks their suppliers' phones: free while a membership with free unlocks
 * is active (免豆会员, a held 企业会员 seat: `AuthUser.freeUnlocks`),
 * BEANS_PER_SUPPLIER 钢豆 per supplier for others, and never charged twice for the same
 * supplier. All of it is one transaction on the caller's user row, so concurrent enquiries can
 * never overdraw the balance (the ledger's CHECK is the last line of defence).
 */
import {
  BEANS_PER_SUPPLIER,
  type Captcha,
  type CargoItem,
  type EnquiryResult,
  type EnquiryTotal,
  type PageOf,
  type SupplierListQuery,
  type SupplierSummary,
} from '@steelport/contracts';
import { MINUTE_MS, SECOND_MS, shanghaiMidnight } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { BusinessError, NeedVip, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { say } from '../../text.ts';
import { lockedBalance, moveBeans, readBalance } from '../beans/service.ts';
import { CAPTCHA_PASS_MS, searchGuard } from '../search/guard.ts';
import { type LotDeps, type LotSearch, lotSearch } from '../search/lots.ts';
import { presentLot } from '../search/present.ts';
import {
  companiesById,
  countSuppliersWithStock,
  findCargoRows,
  type LotKind,
  lotTable,
  supplierStockPage,
  unlockedCompanies,
} from '../search/service.ts';
import { presentSupplierSummary, presentUnlockedSupplier } from './present.ts';
import * as enquiryRepo from './repo/enquiry.ts';

/** Enquiries a day: generous for a trader, a wall for a scraper holding an account. */
export const DAILY_ENQUIRIES = { member: 100, vip: 500 } as const;
/** Enquiries and captchas a client may ask for per minute. */
const ENQUIRIES_PER_MINUTE = 30;
const CAPTCHAS_PER_MINUTE = 30;

export interface CargoService {
  /** Search, totals, menus and export of spot stock. */
  lots: LotSearch<CargoItem>;
  /** A new captcha for a client the search guard stopped; `ip` is limited separately. */
  captcha(ip: string): Promise<Captcha>;
  /** Checks a captcha answer; a right one lets `client` search again for validForSeconds. */
  passCaptcha(
    client: string,
    captchaId: string,
    text: string,
  ): Promise<{ passed: true; validForSeconds: number }>;
  /** Suppliers with on-sale stock, most first; phones masked unless `viewerId` unlocked them. */
  suppliers(query: SupplierListQuery, viewerId: number | null): Promise<PageOf<SupplierSummary>>;
  /** What the caller has done today and which of `ids` are already unlocked. */
  enquiryTotal(user: AuthUser, kind: LotKind, ids: number[]): Promise<EnquiryTotal>;
  /** Enquires about lots: unlocks their suppliers (paying beans unless VIP), records each enquiry. */
  enquire(user: AuthUser, kind: LotKind, ids: number[], message: string): Promise<EnquiryResult>;
}

/** The cargo service over the pool, the shared store and the trade dictionary. */
export function cargoService(deps: LotDeps): CargoService {
  const { db, store } = deps;
  // The guard keeps its state in the shared store: this one and the searches' are the same.
  const guard = searchGuard(store, deps.searchesPerMinute);
  const lots = lotSearch(deps, {
    kind: 'cargo',
    table: lotTable('cargo'),
    findRows: findCargoRows,
    present: presentLot,
    sheet: { title: say('仓库现货', 'Warehouse stock') },
  });

  return {
    lots,

    async captcha(ip) {
      await limitRate(store, `captcha:${ip}`, CAPTCHAS_PER_MINUTE, MINUTE_MS);
      return guard.captcha();
    },

    async passCaptcha(client, captchaId, text) {
      await guard.pass(client, captchaId, text);
      return { passed: true, validForSeconds: CAPTCHA_PASS_MS / SECOND_MS };
    },

    async suppliers(query, viewerId) {
      const filter = { keyword: query.keyword, city: query.city };
      const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      // On the pool, not a transaction: the page and its count run side by side.
      const [rows, total] = await Promise.all([
        supplierStockPage(db, filter, page),
        countSuppliersWithStock(db, filter),
      ]);
      const unlocked = await unlockedCompanies(
        db,
        viewerId,
        rows.map((r) => r.company.id),
      );
      return {
        list: rows.map((r) => presentSupplierSummary(r, { unlocked, viewerId })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async enquiryTotal(user, kind, ids) {
      // On the pool, not a transaction: three independent reads side by side.
      const [todayCount, beans, suppliers] = await Promise.all([
        enquiryRepo.countEnquiriesSince(db, user.id, shanghaiMidnight()),
        readBalance(db, user.id),
        ids.length ? enquiryRepo.lotSuppliers(db, lotTable(kind), ids) : new Map<number, number>(),
      ]);
      const unlocked = await unlockedCompanies(db, user.id, [...suppliers.values()]);
      const dailyLimit = user.isVip ? DAILY_ENQUIRIES.vip : DAILY_ENQUIRIES.member;
      return {
        todayCount,
        dailyLimit,
        remaining: Math.max(0, dailyLimit - todayCount),
        beans: beans ?? 0,
        isVip: user.isVip,
        beansPerSupplier: user.freeUnlocks ? 0 : BEANS_PER_SUPPLIER,
        unlockedIds: ids.filter((id) => {
          const companyId = suppliers.get(id);
          return companyId !== undefined && unlocked.has(companyId);
        }),
      };
    },

    async enquire(user, kind, ids, message) {
      await limitRate(store, `enquiry:${user.id}`, ENQUIRIES_PER_MINUTE, MINUTE_MS);
      const unique = [...new Set(ids)];
      const result = await db.transaction(async (tx) => {
        // Locks the user row first: this user's enquiries (and every other bean movement of
        // theirs) queue here, one after another.
        const balanceBefore = await lockedBalance(tx, user.id);
        const companyByLot = await enquiryRepo.lotSuppliers(tx, lotTable(kind), unique);
        if (companyByLot.size !== unique.length)
          throw new NotFound(
            say('资源不存在或已下架', 'The listing does not exist or has been taken off sale'),
          );

        const limit = user.isVip ? DAILY_ENQUIRIES.vip : DAILY_ENQUIRIES.member;
        if (
          (await enquiryRepo.countEnquiriesSince(tx, user.id, shanghaiMidnight())) + unique.length >
          limit
        ) {
          throw new BusinessError(
            say(
              `今日查看联系方式次数已达上限（${limit} 次），请明天再试`,
              `You have reached today's limit of ${limit} contact views; please try again tomorrow`,
            ),
          );
        }

        const supplierIds = [...new Set(companyByLot.values())];
        const already = await unlockedCompanies(tx, user.id, supplierIds);
        const toUnlock = supplierIds.filter((id) => !already.has(id));
        const cost = user.freeUnlocks ? 0 : toUnlock.length * BEANS_PER_SUPPLIER;
        if (cost > balanceBefore) {
          throw new NeedVip(
            say(
              `钢豆不足：查看 ${toUnlock.length} 家供应商的联系方式需要 ${cost} 个钢豆，当前余额 ${balanceBefore} 个。开通免豆会员可免费查看`,
              `Not enough beans: the contacts of ${toUnlock.length} suppliers cost ${cost} beans and your balance is ${balanceBefore}. With the bean-free membership they are free`,
            ),
          );
        }

        let balance = balanceBefore;
        await enquiryRepo.insertUnlocks(
          tx,
          toUnlock.map((companyId) => ({
            userId: user.id,
            companyId,
            beansSpent: user.freeUnlocks ? 0 : BEANS_PER_SUPPLIER,
            viaVip: user.freeUnlocks,
          })),
        );
        if (cost > 0) {
          const moved = await moveBeans(tx, {
            userId: user.id,
            delta: -cost,
            reason: 'spent',
            refType: `${kind}_enquiry`,
            refId: unique[0] ?? null,
            note: `查看 ${toUnlock.length} 家供应商联系方式`,
          });
          if (moved.kind !== 'moved')
            throw new NeedVip(
              say(
                '钢豆不足，开通免豆会员可免费查看联系方式',
                'Not enough beans; with the bean-free membership you see contacts for free',
              ),
            );
          balance = moved.balance;
        }
        // Each newly unlocked supplier is charged on the first of its lots only.
        const charged = new Set(user.freeUnlocks ? [] : toUnlock);
        await enquiryRepo.insertEnquiries(
          tx,
          kind,
          unique.map((lotId) => {
            const companyId = companyByLot.get(lotId)!;
            return {
              userId: user.id,
              lotId,
              companyId,
              beansSpent: charged.delete(companyId) ? BEANS_PER_SUPPLIER : 0,
              message,
            };
          }),
        );
        return { beansSpent: cost, beans: balance, companyByLot };
      });
      const contacts = await companiesById(db, [...new Set(result.companyByLot.values())]);
      return {
        beansSpent: result.beansSpent,
        beans: result.beans,
        contacts: [...result.companyByLot].map(([id, companyId]) => ({
          id,
          supplier: presentUnlockedSupplier(contacts.get(companyId)!),
        })),
      };
    },
  };
}

/**
 * Marks one of `companyId`'s received enquiries answered (the trader's workspace; the first
 * answer's time is kept), locking it first: run it on the write's transaction. Null when the
 * enquiry is not the company's, else whether this call answered it first.
 */
export async function markEnquiryAnswered(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<{ first: boolean } | null> {
  return enquiryRepo.markAnswered(db, companyId, id);
}
