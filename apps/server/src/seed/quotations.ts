/**
 * Daily quotations (今日报价). Each quoting trader keeps a book of 4-11 items (product, material,
 * spec, mill, where the goods lie), half to two thirds of them its products' benchmark items
 * (benchmarks.ts: hot coil Q235B 5.75*1500 from a mill its market quotes, so a city's traders
 * quote the same items and the daily price table has several quotes a cell), the rest its own,
 * and every morning publishes all of it as its price sheet, priced against the market of the
 * day: the product's national level (pricing.ts), plus that product's own trend in the trader's
 * market (a slow local walk: 乐从 hot coil may firm while 天津 eases), plus the item's mill,
 * material, gauge and city extras relative to the market's mix (`mixOffsets`), plus the
 * trader's fixed margin on it. Prices are rounded to 10 元 as traders quote, so a quiet market
 * leaves many prices unchanged and a moving one moves the traders of a city together (a few lag
 * a day: STICKY_SHARE): the change column and the day's averages tell one story. A whole sheet
 * every day keeps the day's mix steady, so averages and the index's thin samples move with
 * prices, not with which items happened to be quoted. Each quote carries the trader's previous
 * price of the same item and the change, by the rule every writer uses
 * (modules/quotation/repo/publish.ts).
 */

import { atDay, dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { buildSearchText, quotations } from '../db/schema/index.ts';
import { changeOf } from '../modules/quotation/change.ts';
import type { ActivityCounter } from './activity.ts';
import { insertBatched } from './batch.ts';
import { benchmarkLot, type MarketMills, marketMills } from './benchmarks.ts';
import { type Catalog, lotFields } from './catalog.ts';
import { PRODUCTS, type ProductKey } from './dictionaries.ts';
import { type LotSpec, pickLot } from './lots.ts';
import { MARKETS } from './places.ts';
import { fairPrice, levelOn, PRICE_NOISE_SD, type PriceBoard, toFen, typicalExtra } from './pricing.ts';
import type { Rng } from './random.ts';
import type { SeededTrader } from './traders.ts';

/** Share of book items a trader quotes as 电议 (price 0, call for price). */
const CALL_FOR_PRICE_SHARE = 0.05;
/** Share of quotes a trader leaves at its last price whatever the market did (it lags a move). */
const STICKY_SHARE = 0.15;
/** The local trend of a product in a market: pull back to the national level, daily step, bound (元). */
const LOCAL_PULL = 0.85;
const LOCAL_STEP_SD = 7;
const LOCAL_MAX = 40;
/**
 * A trader's fixed margin on an item (元). With the local trend it stays inside the noise slack
 * of `priceBand` (3 × PRICE_NOISE_SD), so quotes fall in the same bands as stock.
 */
const MARGIN_SD = 15;
const MARGIN_MAX = 3 * PRICE_NOISE_SD - LOCAL_MAX;
const QUOTE_REMARKS = ['含税', '自提', '可议', '价格当天有效', '量大可优惠'];

export type QuotationRow = typeof quotations.$inferInsert;

interface BookItem {
  lot: LotSpec;
  warehouseId: number | null;
  warehouseName: string;
  city: string;
  /** the trader's fixed margin over the market price, 元 */
  margin: number;
  callForPrice: boolean;
  weightKg: number;
  remark: string;
  /** last quoted price in fen; null until first quoted */
  lastPriceFen: number | null;
}

/** Items in a trader's book: 4 to 11, 7.5 on average (times the scale of a benchmark seed). */
const BOOK_SIZE = [4, 11] as const;
const BOOK_MEAN = (BOOK_SIZE[0] + BOOK_SIZE[1]) / 2;
/** Share of a book that is its products' benchmark items (benchmarks.ts), the rest its own. */
const BENCHMARK_SHARE = [0.5, 0.67] as const;
const BENCHMARK_MEAN = (BENCHMARK_SHARE[0] + BENCHMARK_SHARE[1]) / 2;
/** Tries at a benchmark item not yet in the book before an item stays the trader's own. */
const BENCHMARK_TRIES = 4;

/** What turns part of a book into benchmark items: its own random stream and the markets' mills. */
export interface BenchmarkSource {
  rng: Rng;
  mills: MarketMills;
}

/**
 * A trader's quotation book: distinct items it quotes from day to day; `scale` multiplies its
 * size. Half to two thirds of them are then its products' benchmark items (`quoteBenchmarks`).
 */
export function makeBook(
  rng: Rng,
  trader: SeededTrader,
  catalog: Catalog,
  benchmarks: BenchmarkSource,
  scale = 1,
): BookItem[] {
  const size = Math.max(1, Math.round(rng.int(...BOOK_SIZE) * scale));
  const items: BookItem[] = [];
  const seen = new Set<string>();
  const local = catalog.warehousesByMarket.get(trader.market.name) ?? [];
  for (let attempts = 0; items.length < size && attempts < size * 5; attempts++) {
    const lot = pickLot(rng, trader);
    const key = itemKey(lot);
    if (seen.has(key)) continue;
    seen.add(key);
    const warehouse = local.length > 0 && rng.chance(0.7) ? rng.pick(local) : null;
    items.push({
      lot,
      warehouseId: warehouse?.id ?? null,
      warehouseName: warehouse?.name ?? '',
      city: warehouse?.city ?? trader.market.name,
      margin: rng.normalIn(0, MARGIN_SD, -MARGIN_MAX, MARGIN_MAX),
      callForPrice: rng.chance(CALL_FOR_PRICE_SHARE),
      weightKg: rng.int(5, 100) * 10_000,
      remark: rng.chance(0.15) ? rng.pick(QUOTE_REMARKS) : '',
      lastPriceFen: null,
    });
  }
  quoteBenchmarks(items, trader, local, benchmarks);
  return items;
}

const itemKey = (lot: LotSpec) => `${lot.product.key}|${lot.material}|${lot.spec}|${lot.mill.name}`;

/**
 * Turns half to two thirds of a book into benchmark items of the same products: the item keeps
 * its product, tonnage, margin and the rest, and becomes the product's standard material,
 * gauge and width from a mill of the trader's market (`benchmarkLot`), quoted in the market's
 * own city (上海, not 张家港 across the river). An item whose product has no benchmark item left
 * that the book does not hold yet stays the trader's own. Draws only from `source.rng`, so the
 * books' sizes and every other draw of the quotations stream are what they were without it.
 */
function quoteBenchmarks(
  items: BookItem[],
  trader: SeededTrader,
  local: Catalog['warehouses'],
  source: BenchmarkSource,
): void {
  const { rng } = source;
  const wanted = Math.round(items.length * rng.range(...BENCHMARK_SHARE));
  const keys = new Set(items.map((item) => itemKey(item.lot)));
  const inCity = local.filter((w) => w.city === trader.market.name);
  let made = 0;
  for (const item of items) {
    if (made >= wanted) break;
    for (let tries = 0; tries < BENCHMARK_TRIES; tries++) {
      const lot = benchmarkLot(rng, item.lot.product, trader, source.mills);
      if (keys.has(itemKey(lot))) continue;
      keys.delete(itemKey(item.lot));
      keys.add(itemKey(lot));
      item.lot = lot;
      if (item.warehouseId !== null && item.city !== trader.market.name && inCity.length > 0) {
        const warehouse = rng.pick(inCity);
        item.warehouseId = warehouse.id;
        item.warehouseName = warehouse.name;
        item.city = warehouse.city;
      }
      made++;
      break;
    }
  }
}

/**
 * Each product's trend in each market over `days` days (index 0 the oldest), 元 above or below
 * the national level: a mean-reverting walk from the national level on the first day, bounded by
 * LOCAL_MAX.
 */
export function localTrends(rng: Rng, days: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const market of MARKETS) {
    for (const product of PRODUCTS) {
      const series: number[] = [];
      let x = 0;
      for (let d = 0; d < days; d++) {
        series.push(x);
        x = Math.max(-LOCAL_MAX, Math.min(LOCAL_MAX, LOCAL_PULL * x + rng.normal(0, LOCAL_STEP_SD)));
      }
      out.set(trendKey(product.key, market.name), series);
    }
  }
  return out;
}

const trendKey = (product: ProductKey, market: string) => `${product}|${market}`;

/**
 * How far each market's book of a product sits above a typical lot (`typicalExtra`, what its
 * warehouses list at), tonnage-weighted over its traders' items, 元. A market prices its mix at
 * its level: one whose traders happen to quote thin gauges and dear mills is not dearer than its
 * warehouses' listings for that, its quotes spread around them. Without this, a thin market's
 * handful of quotes would sit a few percent off the listings of the same market.
 */
export function mixOffsets(traders: SeededTrader[], books: BookItem[][]): Map<string, number> {
  const sums = new Map<string, { weight: number; extras: number; product: BookItem['lot']['product'] }>();
  traders.forEach((trader, i) => {
    for (const item of books[i] ?? []) {
      if (item.callForPrice) continue;
      const key = trendKey(item.lot.product.key, trader.market.name);
      const sum = sums.get(key) ?? { weight: 0, extras: 0, product: item.lot.product };
      const extras = fairPrice(0, { ...item.lot, market: trader.market }) - trader.market.cityDiff;
      sum.weight += item.weightKg;
      sum.extras += item.weightKg * extras;
      sums.set(key, sum);
    }
  });
  return new Map([...sums].map(([key, s]) => [key, s.extras / s.weight - typicalExtra(s.product)]));
}

/**
 * The book scale that makes about `rows` quotations over `days` days (a benchmark's table size);
 * 1 for the demo.
 */
export function bookScale(traders: SeededTrader[], days: number, rows?: number): number {
  const quoting = traders.filter((t) => t.quotes).length;
  return rows === undefined || quoting === 0 || days === 0 ? 1 : rows / (quoting * BOOK_MEAN * days);
}

/**
 * The quotations of the last `days` days (today included) for every quoting trader, one day's
 * rows at a time, oldest first; pure given the rng. `scale` multiplies the books (benchmarks).
 */
export function* quotationDays(
  rng: Rng,
  traders: SeededTrader[],
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
  activity?: ActivityCounter,
  scale = 1,
): Generator<QuotationRow[]> {
  const quoting = traders.filter((t) => t.quotes);
  const benchmarks: BenchmarkSource = {
    rng: rng.fork('benchmark-items'),
    mills: marketMills(quoting, BOOK_MEAN * scale * BENCHMARK_MEAN),
  };
  const books = quoting.map((t) => makeBook(rng, t, catalog, benchmarks, scale));
  const trends = localTrends(rng.fork('local-trends'), days);
  const offsets = mixOffsets(quoting, books);
  for (let offset = -(days - 1); offset <= 0; offset++) {
    const quoteDate = dayString(now, offset);
    const rows: QuotationRow[] = [];
    quoting.forEach((trader, i) => {
      const book = books[i] as BookItem[];
      for (const item of book) {
        const key = trendKey(item.lot.product.key, trader.market.name);
        const local = (trends.get(key)?.[days - 1 + offset] ?? 0) - (offsets.get(key) ?? 0);
        rows.push(quote(rng, trader, item, catalog, board, now, offset, quoteDate, local));
      }
      activity?.add(trader.userId, trader.companyId, 'quote', quoteDate, book.length);
    });
    yield rows;
  }
}

/** All the quotations of `quotationDays` in one list (the tests and the index inputs use it). */
export function generateQuotations(
  rng: Rng,
  traders: SeededTrader[],
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
  activity?: ActivityCounter,
): QuotationRow[] {
  return [...quotationDays(rng, traders, catalog, board, now, days, activity)].flat();
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
  local: number,
): QuotationRow {
  const { lot } = item;
  const level = levelOn(board, lot.product.key, offset);
  const prevPriceFen = item.lastPriceFen;
  const sticky = prevPriceFen !== null && rng.chance(STICKY_SHARE);
  const priceFen = item.callForPrice
    ? 0
    : sticky
      ? (prevPriceFen as number)
      : toFen(fairPrice(level, { ...lot, market: trader.market }) + local + item.margin);
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
    changeFen: changeOf(priceFen, prevPriceFen),
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

/**
 * Generates and inserts the quotations a day at a time (a benchmark's million rows never sit in
 * memory at once); `rows` asks for about that many in all instead of the demo's books. Returns
 * how many.
 */
export async function seedQuotations(
  tx: Tx,
  rng: Rng,
  context: { traders: SeededTrader[]; catalog: Catalog; board: PriceBoard; now: Date },
  days: number,
  activity: ActivityCounter,
  rows?: number,
): Promise<number> {
  const { traders, catalog, board, now } = context;
  const scale = bookScale(traders, days, rows);
  let count = 0;
  for (const day of quotationDays(rng, traders, catalog, board, now, days, activity, scale)) {
    await insertBatched(tx, quotations, day);
    count += day.length;
  }
  return count;
}
