/**
 * Spot stock (现货). Each row is a lot a trader holds in a warehouse of its market (sometimes
 * elsewhere), of the products and mills it deals in, priced at the market level of the day it
 * was last updated. About 8% are 电议 (price 0: call for price), 8% already sold out; updates
 * cluster in the recent days like a live market's.
 */

import { TRADER_LIMITS } from '@steelport/contracts';
import { atDay, dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { buildSearchText, cargo } from '../db/schema/index.ts';
import type { ActivityCounter } from './activity.ts';
import { BATCH_ROWS, insertBatched } from './batch.ts';
import { type Catalog, lotFields, type SeededWarehouse } from './catalog.ts';
import { type LotSpec, pickLot, piecesAndWeight } from './lots.ts';
import { CARGO_REMARKS } from './names.ts';
import { fairPrice, levelOn, PRICE_NOISE_SD, type PriceBoard, toFen } from './pricing.ts';
import { type Rng, weightedPicker } from './random.ts';
import type { SeededTrader } from './traders.ts';

/** Share of stock rows quoted 电议 (price 0). */
const CALL_FOR_PRICE_SHARE = 0.08;
const SOLD_OUT_SHARE = 0.08;
/** Stock rows are updated within this many days before now. */
const UPDATE_WINDOW_DAYS = 30;
/**
 * Share of rows not updated for more than TRADER_LIMITS.staleDays (过期): a live market's
 * listings are mostly touched this week, a tail is left standing. The rest are updated within
 * FRESH_WINDOW_DAYS, which stays inside the stale limit at any time of day.
 */
export const STALE_SHARE = 0.15;
const FRESH_WINDOW_DAYS = TRADER_LIMITS.staleDays - 1;

export interface StockContext {
  catalog: Catalog;
  traders: SeededTrader[];
  board: PriceBoard;
  now: Date;
}

export type CargoRow = typeof cargo.$inferInsert;

/** What a generated row is, besides its insert values: who published it and on which day. */
export interface GeneratedLot {
  row: CargoRow;
  lot: LotSpec;
  trader: SeededTrader;
  day: string;
}

/**
 * Returns a function that makes one stock row per call. Pure given the rng: the same seed and
 * context give the same rows.
 */
export function cargoGenerator(rng: Rng, ctx: StockContext): () => GeneratedLot {
  const { catalog, traders, board, now } = ctx;
  const pickTrader = weightedPicker(
    traders,
    traders.map((t) => t.size),
  );
  const pickAnyWarehouse = warehousePicker(catalog.warehouses);
  const byMarket = new Map(
    [...catalog.warehousesByMarket].map(([market, list]) => [market, warehousePicker(list)] as const),
  );

  return () => {
    const trader = pickTrader(rng);
    const lot = pickLot(rng, trader);
    const local = byMarket.get(trader.market.name);
    const warehouse = local && rng.chance(0.85) ? local(rng) : pickAnyWarehouse(rng);
    const { pieces, weightKg } = piecesAndWeight(rng, lot);
    // Recent days are busier: most rows were touched in the last week, STALE_SHARE before it.
    const daysAgo = rng.chance(STALE_SHARE)
      ? rng.int(TRADER_LIMITS.staleDays + 1, UPDATE_WINDOW_DAYS)
      : 1 + Math.floor(FRESH_WINDOW_DAYS * rng.float() ** 1.7);
    const updatedAt = atDay(now, -daysAgo, rng.int(7 * 60, 20 * 60));
    const createdAt = new Date(updatedAt.getTime() - rng.int(0, 20) * 86_400_000 - rng.int(0, 600) * 60_000);
    const level = levelOn(board, lot.product.key, -daysAgo);
    const priceFen = rng.chance(CALL_FOR_PRICE_SHARE)
      ? 0
      : toFen(
          fairPrice(level, { ...lot, market: trader.market }) +
            rng.normalIn(0, PRICE_NOISE_SD, -3 * PRICE_NOISE_SD, 3 * PRICE_NOISE_SD),
        );
    const remark = makeRemark(rng);
    const row: CargoRow = {
      ...lotFields(catalog, lot),
      warehouseId: warehouse.id,
      warehouseName: warehouse.name,
      city: warehouse.city,
      pieces,
      weightKg,
      priceFen,
      companyId: trader.companyId,
      remark,
      searchText: buildSearchText({
        product: lot.product.name,
        material: lot.material,
        spec: lot.spec,
        mill: lot.mill.name,
        warehouse: warehouse.name,
        city: warehouse.city,
        supplier: trader.shortName,
        remark,
      }),
      status: rng.chance(SOLD_OUT_SHARE) ? 'sold_out' : 'on_sale',
      createdAt,
      updatedAt,
    };
    return { row, lot, trader, day: dayString(now, -daysAgo) };
  };
}

/**
 * Generates and inserts `count` stock rows in batches (rows are made batch by batch, so a
 * million rows never sit in memory at once) and counts each as the trader's activity.
 */
export async function seedCargo(
  tx: Tx,
  rng: Rng,
  ctx: StockContext,
  count: number,
  activity: ActivityCounter,
  log?: (msg: string) => void,
): Promise<number> {
  const next = cargoGenerator(rng, ctx);
  let done = 0;
  while (done < count) {
    const rows: CargoRow[] = [];
    for (let i = 0; i < BATCH_ROWS && done + i < count; i++) {
      const g = next();
      rows.push(g.row);
      activity.add(g.trader.userId, g.trader.companyId, 'stock', g.day);
    }
    await insertBatched(tx, cargo, rows);
    done += rows.length;
    if (log && count >= 100_000 && done % 100_000 < BATCH_ROWS) log(`cargo ${done}/${count}`);
  }
  return done;
}

function warehousePicker(list: SeededWarehouse[]): (rng: Rng) => SeededWarehouse {
  return weightedPicker(
    list,
    list.map((w) => w.capacity),
  );
}

function makeRemark(rng: Rng): string {
  if (!rng.chance(0.45)) return '';
  const first = rng.pick(CARGO_REMARKS);
  if (!rng.chance(0.3)) return first;
  const second = rng.pick(CARGO_REMARKS);
  return second === first ? first : `${first}，${second}`;
}
