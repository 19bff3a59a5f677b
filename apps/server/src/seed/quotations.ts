/**
 * Daily quotations (今日报价). Each quoting trader keeps a book of 15-45 items (product,
 * material, spec, mill, where the goods lie) and every day quotes 10-40 of them at the day's
 * market level plus its own fixed margin and a little daily noise, so prices move together
 * across traders like a real market. Each quote carries the trader's previous price of the same
 * item and the change (涨跌).
 */

import { atDay, dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { buildSearchText, quotations } from '../db/schema/index.ts';
import type { ActivityCounter } from './activity.ts';
import { insertBatched } from './batch.ts';
import { type Catalog, lotFields } from './catalog.ts';
import { type LotSpec, pickLot } from './lots.ts';
import { fairPrice, levelOn, type PriceBoard, toFen } from './pricing.ts';
import type { Rng } from './random.ts';
import type { SeededTrader } from './traders.ts';

/** Share of book items a trader quotes as 电议 (price 0, call for price). */
const CALL_FOR_PRICE_SHARE = 0.05;
const QUOTE_REMARKS = ['含税', '自提', '可议', '价格当天有效', '量大可优惠'];

export type QuotationRow = typeof quotations.$inferInsert;

interface BookItem {
  lot: LotSpec;
  warehouseId: number | null;
  warehouseName: string;
  city: string;
  /** the trader's fixed margin over the fair price, 元 */
  margin: number;
  callForPrice: boolean;
  weightKg: number;
  remark: string;
  /** last quoted price in fen; null until first quoted */
  lastPriceFen: number | null;
}

/** A trader's quotation book: distinct items it quotes from day to day. */
export function makeBook(rng: Rng, trader: SeededTrader, catalog: Catalog): BookItem[] {
  const size = rng.int(15, 45);
  const items: BookItem[] = [];
  const seen = new Set<string>();
  const local = catalog.warehousesByMarket.get(trader.market.name) ?? [];
  for (let attempts = 0; items.length < size && attempts < size * 5; attempts++) {
    const lot = pickLot(rng, trader);
    const key = `${lot.product.key}|${lot.material}|${lot.spec}|${lot.mill.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const warehouse = local.length > 0 && rng.chance(0.7) ? rng.pick(local) : null;
    items.push({
      lot,
      warehouseId: warehouse?.id ?? null,
      warehouseName: warehouse?.name ?? '',
      city: warehouse?.city ?? trader.market.name,
      margin: rng.normalIn(0, 20, -50, 50),
      callForPrice: rng.chance(CALL_FOR_PRICE_SHARE),
      weightKg: rng.int(5, 100) * 10_000,
      remark: rng.chance(0.15) ? rng.pick(QUOTE_REMARKS) : '',
      lastPriceFen: null,
    });
  }
  return items;
}

/**
 * Generates the quotations of the last `days` days (today included) for every quoting trader;
 * pure given the rng.
 */
export function generateQuotations(
  rng: Rng,
  traders: SeededTrader[],
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
  activity?: ActivityCounter,
): QuotationRow[] {
  const quoting = traders.filter((t) => t.quotes);
  const books = quoting.map((t) => makeBook(rng, t, catalog));
  const rows: QuotationRow[] = [];
  for (let offset = -(days - 1); offset <= 0; offset++) {
    const quoteDate = dayString(now, offset);
    quoting.forEach((trader, i) => {
      const book = books[i] as BookItem[];
      const todays = rng.sample(book, rng.int(Math.min(10, book.length), Math.min(40, book.length)));
      for (const item of todays) rows.push(quote(rng, trader, item, catalog, board, now, offset, quoteDate));
      activity?.add(trader.userId, trader.companyId, 'quote', quoteDate, todays.length);
    });
  }
  return rows;
}

function quote(
  rng: Rng,
  trader: SeededTrader,
  item: BookItem,
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  offset: number,
  quoteDate: string,
): QuotationRow {
  const { lot } = item;
  const level = levelOn(board, lot.product.key, offset);
  const priceFen = item.callForPrice
    ? 0
    : toFen(fairPrice(level, { ...lot, market: trader.market }) + item.margin + rng.normalIn(0, 10, -30, 30));
  const prevPriceFen = item.lastPriceFen;
  // A change is only meaningful between two real prices; 电议 on either side shows no change.
  const changeFen = prevPriceFen && priceFen ? priceFen - prevPriceFen : 0;
  item.lastPriceFen = priceFen;
  // Traders quote in the morning, before the market opens its phones.
  const at = atDay(now, offset, rng.int(7 * 60 + 30, 10 * 60 + 30));
  return {
    companyId: trader.companyId,
    ...lotFields(catalog, lot),
    city: item.city,
    warehouseId: item.warehouseId,
    warehouseName: item.warehouseName,
    priceFen,
    quoteDate,
    prevPriceFen,
    changeFen,
    weightKg: item.weightKg,
    remark: item.remark,
    searchText: buildSearchText({
      product: lot.product.name,
      material: lot.material,
      spec: lot.spec,
      mill: lot.mill.name,
      warehouse: item.warehouseName,
      city: item.city,
      supplier: trader.shortName,
      remark: item.remark,
    }),
    createdAt: at,
    updatedAt: at,
  };
}

/** Generates and inserts the quotations; returns how many. */
export async function seedQuotations(
  tx: Tx,
  rng: Rng,
  traders: SeededTrader[],
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
  activity: ActivityCounter,
): Promise<number> {
  const rows = generateQuotations(rng, traders, catalog, board, now, days, activity);
  await insertBatched(tx, quotations, rows);
  return rows.length;
}
