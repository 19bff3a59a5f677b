/**
 * The trader's own quotations: list by day, write (one quote an item a day), soft delete, bulk
 * reprice, and copying the latest earlier day's quotes into today's. The rules and reads are the
 * workspace's (repo/quotes.ts); the writes are the quotation module's, which owns the table
 * (quotation/service.ts: `publishQuotes`, `updateOwnQuote`, `deleteOwnQuotesByIds`,
 * `repriceOwnQuotes`), called in this module's transaction where there is one.
 */
import type {
  BulkResult,
  CopyQuotationsBody,
  CopyQuotationsResult,
  OwnQuotation,
  OwnQuotationPage,
  OwnQuotationQuery,
  QuotationBulkBody,
  QuotationInput,
} from '@steelport/contracts';
import { isRealDay } from '../../dates.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import {
  deleteOwnQuotesByIds,
  publishQuotes,
  type QuoteWrite,
  repriceOwnQuotes,
  updateOwnQuote,
} from '../quotation/service.ts';
import { type LotRowValues, lotSearchText, storedColumns } from '../search/lot-row.ts';
import { deltaFen, PRICE_FLOOR_FEN, presentOwnQuote } from './present.ts';
import * as profileRepo from './repo/profile.ts';
import * as quoteRepo from './repo/quotes.ts';
import { type TraderKit, traderOf, windowOf, wordsOf } from './workspace.ts';

/** The workspace's quotations. */
export function ownQuotes(kit: TraderKit) {
  const { db, dictionary, now, today, written, understand, shortNameOf, checkDelta, tooLow } = kit;

  /** The stored columns of an understood quote row. */
  const quoteWrite = (v: LotRowValues, searchText: string): QuoteWrite => ({
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

  return {
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
        await updateOwnQuote(tx, trader.companyId, id, day, quoteWrite(values, searchText), prev);
        return quoteRepo.findOwnQuote(tx, trader.companyId, id);
      });
      await written('quotation', [id]);
      return presentQuoteOf(row!);
    },

    async remove(user: AuthUser | null, id: number): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const affected = await deleteOwnQuotesByIds(db, companyId, [id]);
      if (affected === 0)
        throw new NotFound(say('报价不存在或已删除', 'The quote does not exist or has been deleted'));
      return { affected };
    },

    async bulk(user: AuthUser | null, body: QuotationBulkBody): Promise<BulkResult> {
      const { companyId } = traderOf(user);
      const ids = [...new Set(body.ids)];
      if (body.action === 'delete') return { affected: await deleteOwnQuotesByIds(db, companyId, ids) };
      const move = checkDelta(body.delta);
      const day = today();
      const result = await db.transaction(async (tx) => {
        const low = move < 0 ? await quoteRepo.countQuotePricesAtOrBelow(tx, companyId, day, ids, move) : 0;
        if (low > 0) throw tooLow(low);
        return { affected: await repriceOwnQuotes(tx, companyId, day, ids, move, PRICE_FLOOR_FEN) };
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
}

/** What makes two quotes of one trader "the same item" (modules/quotation/repo/publish.ts). */
function itemKey(r: quoteRepo.QuoteItem): string {
  return JSON.stringify([r.productId, r.material, r.spec, r.origin, r.city, r.warehouseName]);
}
