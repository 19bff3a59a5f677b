/**
 * The trader's workspace (/api/trader): its own spot stock, surplus and quotations (list,
 * write, soft delete, bulk actions, copy yesterday's quotes), its firm profile and the enquiries
 * it received. A trader is a user with a company; every read and write is bounded to that
 * company, so another trader's id answers exactly like a missing one (code 6).
 *
 * What a trader writes is text, understood by the one row reader every writer shares
 * (search/lot-row.ts): the same dictionary and spec parser as search, so a published row is
 * found by keyword like a seeded one.
 */
import {
  type BulkResult,
  type CargoInput,
  type CopyQuotationsBody,
  type CopyQuotationsResult,
  type LotBulkBody,
  normalizeSpecText,
  type OwnLot,
  type OwnLotQuery,
  type OwnQuotation,
  type OwnQuotationPage,
  type OwnQuotationQuery,
  type OwnSurplus,
  type PageOf,
  type QuotationBulkBody,
  type QuotationInput,
  type ReceivedEnquiry,
  type ReceivedEnquiryQuery,
  type SurplusInput,
  type TraderProfile,
  type TraderProfileBody,
} from '@steelport/contracts';
import { dayString, isRealDay } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import type { CargoStatus } from '../../db/schema/trade.ts';
import { BusinessError, Forbidden, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { firmWarehouses, publishQuotes } from '../quotation/service.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { type LotRowValues, lotSearchText, storedColumns, understandLotRow } from '../search/lot-row.ts';
import { splitWords } from '../search/query.ts';
import type { LotKind } from '../search/service.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import {
  deltaFen,
  PRICE_FLOOR_FEN,
  presentEnquiry,
  presentOwnLot,
  presentOwnQuote,
  presentOwnSurplus,
  presentProfile,
  readProfile,
} from './present.ts';
import * as enquiryRepo from './repo/enquiries.ts';
import * as lotRepo from './repo/lots.ts';
import * as profileRepo from './repo/profile.ts';
import * as quoteRepo from './repo/quotes.ts';

/** Warehouses the profile lists. */
const PROFILE_WAREHOUSES = 10;

export interface TraderDeps {
  db: Db;
  /** the trade dictionary every search shares: rows are understood with it */
  dictionary: Dictionary;
  /** The clock, for tests; "today" is its Shanghai day. */
  now?: () => Date;
  /** after a commit: the written rows, for saved searches to match (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}

/** The caller as a trader: its user and company. */
interface Trader {
  userId: number;
  companyId: number;
}

/** The company of the caller; an operator without one has no workspace. */
function traderOf(user: AuthUser | null): Trader {
  if (!user)
    throw new Forbidden(say('该功能仅对已认证的商家开放', 'This feature is open to verified traders only'));
  if (user.companyId === null)
    throw new Forbidden(say('该账户未关联企业', 'This account is not linked to a company'));
  return { userId: user.id, companyId: user.companyId };
}

/**
 * The words of a list keyword, each matched with ILIKE in the row's search text (a company's own
 * rows are few): a product alias (热卷) becomes its name as the text holds it, a spec its
 * canonical form (2.75×1250 -> 2.75*1250).
 */
async function wordsOf(dictionary: Dictionary, keyword: string | undefined): Promise<string[]> {
  if (!keyword) return [];
  const dict = await dictionary.get();
  return splitWords(keyword).map((w) => {
    const productId = dict.productByName.get(w);
    if (productId !== undefined) return dict.productNames.get(productId) ?? w;
    return /\d/.test(w) ? normalizeSpecText(w) : w;
  });
}

/** A page window; deep pages beyond the workspace's limits are refused by the schema. */
const windowOf = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

const STATUS_OF: Record<Exclude<LotBulkBody['action'], 'reprice'>, CargoStatus> = {
  sold: 'sold_out',
  onSale: 'on_sale',
  delete: 'deleted',
};

/** The trader service over the pool and the trade dictionary. */
export function traderService(deps: TraderDeps) {
  const { db, dictionary } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => dayString(now());
  /** Hands committed rows to the subscriptions (a reprice by `moveFen` matches only new price bounds). */
  const written = async (kind: LotKind | 'quotation', ids: number[], moveFen?: number) => {
    await deps.onRowsWritten?.({ kind, ids, ...(moveFen !== undefined ? { moveFen } : {}) });
  };

  /** A form row understood, or code 1 naming every problem in Chinese. */
  const understand = async (
    kind: 'cargo' | 'surplus' | 'quotation',
    input: CargoInput | SurplusInput | QuotationInput,
  ) => {
    const dict = await dictionary.get();
    const result = understandLotRow(kind, input, dict);
    if (!result.ok)
      throw new BusinessError(
        say(
          result.errors.map((e) => e.message).join('；'),
          result.errors.map((e) => e.en ?? e.message).join('; '),
        ),
      );
    return { values: result.values, productName: dict.productNames.get(result.values.productId) ?? '' };
  };

  const shortNameOf = async (companyId: number) =>
    (await profileRepo.companyById(db, companyId))?.shortName ?? '';

  const presentLotOf = async (kind: LotKind, row: lotRepo.OwnLotRow) => {
    const dict = await dictionary.get();
    return kind === 'surplus'
      ? presentOwnSurplus(row, dict.productNames, now())
      : presentOwnLot(row, dict.productNames, now());
  };

  const checkDelta = (delta: number | undefined): number => {
    if (delta === undefined || delta === 0)
      throw new Invalid(
        say(
          '参数错误：调价请填写每吨加减的金额（元），如 20 或 -30',
          'Invalid request: enter the change per tonne in CNY, e.g. 20 or -30',
        ),
      );
    return deltaFen(delta);
  };

  const tooLow = (n: number) =>
    new BusinessError(
      say(
        `调价后有 ${n} 条资源的单价将不大于 0，请减小降价幅度`,
        `After this change ${n} listings would be priced at 0 or less; make the cut smaller`,
      ),
    );

  // ---- lots (cargo and surplus) ----

  const lots = (kind: LotKind) => ({
    async page(user: AuthUser | null, query: OwnLotQuery): Promise<PageOf<OwnLot | OwnSurplus>> {
      const { companyId } = traderOf(user);
      const filter = { companyId, words: await wordsOf(dictionary, query.keyword), status: query.status };
      const rows = await lotRepo.ownLotPage(db, kind, filter, windowOf(query));
      const total = await lotRepo.countOwnLots(db, kind, filter);
      const list = await Promise.all(rows.map((r) => presentLotOf(kind, r)));
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    async create(user: AuthUser | null, input: CargoInput | SurplusInput): Promise<OwnLot | OwnSurplus> {
      const trader = traderOf(user);
      const { values, productName } = await understand(kind, input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const row = await db.transaction(async (tx) => {
        const id = await lotRepo.insertLot(tx, kind, trader.companyId, { ...values, searchText });
        await profileRepo.countActivity(tx, {
          ...trader,
          kind: kind === 'cargo' ? 'stock' : 'surplus',
          day: today(),
          n: 1,
        });
        return lotRepo.findOwnLot(tx, kind, trader.companyId, id);
      });
      await written(kind, [row!.id]);
      return presentLotOf(kind, row!);
    },

    async update(
      user: AuthUser | null,
      id: number,
      input: CargoInput | SurplusInput,
    ): Promise<OwnLot | OwnSurplus> {
      const trader = traderOf(user);
      const { values, productName } = await understand(kind, input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const row = await db.transaction(async (tx) => {
        if (!(await lotRepo.updateLot(tx, kind, trader.companyId, id, { ...values, searchText })))
          return null;
        await profileRepo.countActivity(tx, {
          ...trader,
          kind: kind === 'cargo' ? 'stock' : 'surplus',
          day: today(),
          n: 1,
        });
        return lotRepo.findOwnLot(tx, kind, trader.companyId, id);
      });
      if (!row)
        throw new NotFound(say('资源不存在或已删除', 'The listing does not exist or has been deleted'));
      await written(kind, [row.id]);
      return presentLotOf(kind, row);
    },

    async remove(user: AuthUser | null, id: number): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const affected = await lotRepo.setLotStatus(db, kind, companyId, [id], 'deleted');
      if (affected === 0)
        throw new NotFound(say('资源不存在或已删除', 'The listing does not exist or has been deleted'));
      return { affected };
    },

    async bulk(user: AuthUser | null, body: LotBulkBody): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const ids = [...new Set(body.ids)];
      if (body.action !== 'reprice') {
        const affected = await lotRepo.setLotStatus(db, kind, companyId, ids, STATUS_OF[body.action]);
        // Back on sale: matched like a new lot (the matcher reads only this company's live rows).
        if (body.action === 'onSale' && affected > 0) await written(kind, ids);
        return { affected };
      }
      const move = checkDelta(body.delta);
      const result = await db.transaction(async (tx) => {
        const low = move < 0 ? await lotRepo.countPricesAtOrBelow(tx, kind, companyId, ids, move) : 0;
        if (low > 0) throw tooLow(low);
        return { affected: await lotRepo.repriceLots(tx, kind, companyId, ids, move, PRICE_FLOOR_FEN) };
      });
      if (result.affected > 0) await written(kind, ids, move);
      return result;
    },
  });

  // ---- quotations ----

  /** The stored columns of an understood quote row. */
  const quoteWrite = (v: LotRowValues, searchText: string): quoteRepo.QuoteWrite => ({
    ...storedColumns(v),
    searchText,
  });

  const presentQuoteOf = async (row: quoteRepo.OwnQuoteRow) =>
    presentOwnQuote(row, (await dictionary.get()).productNames);

  const alreadyQuoted = () =>
    new BusinessError(
      say(
        '今天已报过同一品种（品名、材质、规格、产地、仓库相同），请直接修改那一条',
        'You already quoted this item today (same product, grade, size, mill and warehouse); edit that quote instead',
      ),
    );

  const quotes = {
    async page(user: AuthUser | null, query: OwnQuotationQuery): Promise<OwnQuotationPage> {
      const { companyId } = traderOf(user);
      if (query.date !== undefined && !isRealDay(query.date))
        throw new Invalid(say('参数错误：date 不是有效日期', 'Invalid request: date is not a valid date'));
      const day = today();
      const previousDate = await quoteRepo.ownQuoteDay(db, companyId, day, true);
      const date = query.date ?? (await quoteRepo.ownQuoteDay(db, companyId, day));
      const base = { page: query.page, pageSize: query.pageSize, today: day, previousDate, date };
      if (date === null) return { ...base, list: [], total: 0 };
      const w = await wordsOf(dictionary, query.keyword);
      const rows = await quoteRepo.ownQuotePage(db, companyId, date, w, windowOf(query));
      const total = await quoteRepo.countOwnQuotes(db, companyId, date, w);
      const { productNames } = await dictionary.get();
      return { ...base, list: rows.map((r) => presentOwnQuote(r, productNames)), total };
    },

    async create(user: AuthUser | null, input: QuotationInput): Promise<OwnQuotation> {
      const trader = traderOf(user);
      const { values, productName } = await understand('quotation', input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const day = today();
      const row = await db.transaction(async (tx) => {
        if (await quoteRepo.sameItemOn(tx, trader.companyId, day, values)) throw alreadyQuoted();
        const at = now();
        const [id] = await publishQuotes(tx, [
          {
            ...quoteWrite(values, searchText),
            companyId: trader.companyId,
            quoteDate: day,
            createdAt: at,
            updatedAt: at,
          },
        ]);
        await profileRepo.countActivity(tx, { ...trader, kind: 'quote', day, n: 1 });
        return quoteRepo.findOwnQuote(tx, trader.companyId, id!);
      });
      await written('quotation', [row!.id]);
      return presentQuoteOf(row!);
    },

    async update(user: AuthUser | null, id: number, input: QuotationInput): Promise<OwnQuotation> {
      const trader = traderOf(user);
      const { values, productName } = await understand('quotation', input);
      const searchText = lotSearchText(values, productName, await shortNameOf(trader.companyId));
      const day = today();
      const row = await db.transaction(async (tx) => {
        const current = await quoteRepo.findOwnQuote(tx, trader.companyId, id);
        if (!current)
          throw new NotFound(say('报价不存在或已删除', 'The quote does not exist or has been deleted'));
        if (current.quoteDate !== day)
          throw new BusinessError(
            say(
              '只能修改今天的报价；以前的报价可先复制到今天再改',
              "Only today's quotes can be edited; copy an earlier quote to today first",
            ),
          );
        if (await quoteRepo.sameItemOn(tx, trader.companyId, day, values, id)) throw alreadyQuoted();
        const prev = await quoteRepo.previousPriceOf(tx, trader.companyId, day, values);
        await quoteRepo.updateQuote(tx, trader.companyId, id, day, quoteWrite(values, searchText), prev);
        return quoteRepo.findOwnQuote(tx, trader.companyId, id);
      });
      await written('quotation', [id]);
      return presentQuoteOf(row!);
    },

    async remove(user: AuthUser | null, id: number): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const affected = await quoteRepo.deleteQuotes(db, companyId, [id]);
      if (affected === 0)
        throw new NotFound(say('报价不存在或已删除', 'The quote does not exist or has been deleted'));
      return { affected };
    },

    async bulk(user: AuthUser | null, body: QuotationBulkBody): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const ids = [...new Set(body.ids)];
      if (body.action === 'delete') return { affected: await quoteRepo.deleteQuotes(db, companyId, ids) };
      const move = checkDelta(body.delta);
      const day = today();
      const result = await db.transaction(async (tx) => {
        const low = move < 0 ? await quoteRepo.countQuotePricesAtOrBelow(tx, companyId, day, ids, move) : 0;
        if (low > 0) throw tooLow(low);
        return { affected: await quoteRepo.repriceQuotes(tx, companyId, day, ids, move, PRICE_FLOOR_FEN) };
      });
      if (result.affected > 0) await written('quotation', ids, move);
      return result;
    },

    /**
     * Copies the latest earlier day's quotes into today's, each priced `delta` 元 more (电议
     * stays 电议), skipping items already quoted today: a second run copies nothing.
     */
    async copy(user: AuthUser | null, body: CopyQuotationsBody): Promise<CopyQuotationsResult> {
      const trader = traderOf(user);
      const move = deltaFen(body.delta ?? 0);
      const day = today();
      let copiedIds: number[] = [];
      const result = await db.transaction(async (tx) => {
        const from = await quoteRepo.ownQuoteDay(tx, trader.companyId, day, true);
        if (from === null) return { from: null, date: day, copied: 0, skipped: 0 };
        const source = await quoteRepo.quotesOfDay(tx, trader.companyId, from);
        const quoted = new Set((await quoteRepo.quotesOfDay(tx, trader.companyId, day)).map(itemKey));
        const low = source.filter((r) => r.priceFen > 0 && r.priceFen + move <= 0).length;
        if (low > 0) throw tooLow(low);
        const at = now();
        const rows = [];
        let skipped = 0;
        for (const r of source) {
          const key = itemKey(r);
          if (quoted.has(key)) {
            skipped++;
            continue;
          }
          quoted.add(key);
          const { id: _id, prevPriceFen: _p, changeFen: _c, deletedAt: _d, ...rest } = r;
          rows.push({
            ...rest,
            priceFen: r.priceFen > 0 ? Math.max(PRICE_FLOOR_FEN, r.priceFen + move) : 0,
            quoteDate: day,
            createdAt: at,
            updatedAt: at,
          });
        }
        copiedIds = await publishQuotes(tx, rows);
        await profileRepo.countActivity(tx, { ...trader, kind: 'quote', day, n: rows.length });
        return { from, date: day, copied: rows.length, skipped };
      });
      // Yesterday's items at a new price: a reprice when moved, else matched like new quotes.
      await written('quotation', copiedIds, move !== 0 ? move : undefined);
      return result;
    },
  };

  // ---- profile ----

  const profileOf = async (trader: Trader): Promise<TraderProfile> => {
    const company = await profileRepo.companyById(db, trader.companyId);
    if (!company) throw new NotFound(say('企业不存在', 'Company not found'));
    const lastDay = await quoteRepo.ownQuoteDay(db, trader.companyId, today());
    const warehouses = await firmWarehouses(db, trader.companyId, lastDay, PROFILE_WAREHOUSES);
    return presentProfile(company, trader.userId, warehouses);
  };

  const profile = {
    get: (user: AuthUser | null) => profileOf(traderOf(user)),

    async update(user: AuthUser | null, body: TraderProfileBody): Promise<TraderProfile> {
      const trader = traderOf(user);
      const v = readProfile(body);
      await db.transaction(async (tx) => {
        if (v.shortName && (await profileRepo.shortNameTaken(tx, trader.companyId, v.shortName)))
          throw new BusinessError(
            say(
              `简称「${v.shortName}」已被其他企业使用，请换一个`,
              `The short name "${v.shortName}" is used by another company; please choose another`,
            ),
          );
        await profileRepo.updateCompany(tx, trader.companyId, v);
      });
      // Search names suppliers by short name: the dictionary reads it again.
      await dictionary.forget();
      return profileOf(trader);
    },
  };

  // ---- enquiries ----

  const enquiries = {
    async page(user: AuthUser | null, query: ReceivedEnquiryQuery): Promise<PageOf<ReceivedEnquiry>> {
      const { companyId } = traderOf(user);
      const unanswered = query.unanswered ?? false;
      const rows = await enquiryRepo.receivedEnquiries(db, companyId, { unanswered, ...windowOf(query) });
      const total = await enquiryRepo.countReceived(db, companyId, unanswered);
      const { productNames } = await dictionary.get();
      return {
        list: rows.map((r) => presentEnquiry(r, productNames)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async answer(user: AuthUser | null, id: number): Promise<ReceivedEnquiry> {
      const trader = traderOf(user);
      const row = await db.transaction(async (tx) => {
        const marked = await enquiryRepo.markAnswered(tx, trader.companyId, id);
        if (!marked) throw new NotFound(say('询价不存在', 'Enquiry not found'));
        if (marked.first)
          await profileRepo.countActivity(tx, { ...trader, kind: 'enquiry_answered', day: today(), n: 1 });
        const [found] = await enquiryRepo.receivedEnquiries(tx, trader.companyId, {
          unanswered: false,
          id,
          limit: 1,
          offset: 0,
        });
        return found!;
      });
      return presentEnquiry(row, (await dictionary.get()).productNames);
    },
  };

  return { cargo: lots('cargo'), surplus: lots('surplus'), quotes, profile, enquiries };
}

export type TraderService = ReturnType<typeof traderService>;

/** What makes two quotes of one trader "the same item" (modules/quotation/repo/publish.ts). */
function itemKey(r: quoteRepo.QuoteItem): string {
  return JSON.stringify([r.productId, r.material, r.spec, r.origin, r.city, r.warehouseName]);
}
