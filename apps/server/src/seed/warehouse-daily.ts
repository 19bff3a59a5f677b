/**
 * Two years of warehouse daily figures (仓库日报) for every warehouse and the four products the
 * index follows (热卷, 冷轧, 镀锌, 中厚板). Each warehouse-product keeps a stock that drifts
 * towards a seasonal target: stocks build after the Spring Festival and peak in March-April
 * (the "金三银四" season stocks up for), then fall away to a winter low in December-January.
 * Outflows follow trading activity (slow around the Spring Festival and on Sundays, brisk in
 * spring and autumn); inflows replace what went out plus a pull towards the target. Listed
 * (挂牌) tonnage is a quarter of the stock, packed (打包) tonnage about 40% of the day's
 * outflow, deals (成交) about 70% of it, at ~35 t per deal. Each row also carries the
 * warehouse's reported listing price (the board level plus the market's city difference and a
 * typical lot's mill, material and gauge extras, `typicalExtra`), whose day-over-day change the
 * index follows on days without enough quotations.
 */

import { dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { warehouseDaily } from '../db/schema/index.ts';
import { insertBatched } from './batch.ts';
import type { Catalog } from './catalog.ts';
import { type ProductKey, productByKey } from './dictionaries.ts';
import { marketByName } from './places.ts';
import { levelOn, type PriceBoard, toFen, typicalExtra } from './pricing.ts';
import type { Rng } from './random.ts';

/** Products with daily figures: the ones the index definitions follow. */
export const DAILY_PRODUCTS: ProductKey[] = ['hrc', 'crc', 'gi', 'plate'];
/** Share of a warehouse's capacity each product fills on average (before market bias). */
const PRODUCT_FILL: Record<string, number> = { hrc: 0.24, crc: 0.12, gi: 0.1, plate: 0.1 };

/** Stock target by month (Jan..Dec): spring peak, winter low. */
const STOCK_SEASON = [0.86, 0.98, 1.2, 1.24, 1.14, 1.04, 1.0, 0.98, 1.0, 0.95, 0.9, 0.84];
/** Trading activity by month: the Spring Festival lull, busy spring and autumn. */
const ACTIVITY_SEASON = [0.75, 0.5, 1.15, 1.2, 1.1, 1.0, 0.9, 0.92, 1.05, 1.05, 0.95, 0.85];

/** A month table read smoothly: linear between mid-months. */
export function seasonal(table: readonly number[], day: string): number {
  const month = Number(day.slice(5, 7)) - 1;
  const dom = Number(day.slice(8, 10));
  const t = (dom - 15) / 30;
  const other = t >= 0 ? (month + 1) % 12 : (month + 11) % 12;
  const w = Math.abs(t);
  return (table[month] as number) * (1 - w) + (table[other] as number) * w;
}

export type WarehouseDailyRow = typeof warehouseDaily.$inferInsert;

/**
 * Generates `days` days (today included) of figures for every warehouse and DAILY_PRODUCTS;
 * pure given the rng.
 */
export function generateWarehouseDaily(
  rng: Rng,
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
): WarehouseDailyRow[] {
  const rows: WarehouseDailyRow[] = [];
  for (const wh of catalog.warehouses) {
    const market = marketByName(wh.market);
    for (const key of DAILY_PRODUCTS) {
      const bias = market.productBias[key] ?? 1;
      const baseStock = wh.capacity * 1000 * (PRODUCT_FILL[key] ?? 0.1) * bias * rng.range(0.8, 1.2);
      const turnover = rng.range(0.025, 0.04);
      const listingExtra = typicalExtra(productByKey(key));
      let stock = baseStock * seasonal(STOCK_SEASON, dayString(now, -(days - 1)));
      for (let offset = -(days - 1); offset <= 0; offset++) {
        const day = dayString(now, offset);
        const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
        const activity = seasonal(ACTIVITY_SEASON, day) * (sunday ? 0.55 : 1);
        const target = baseStock * seasonal(STOCK_SEASON, day);
        const out = Math.max(0, baseStock * turnover * activity * rng.normalIn(1, 0.25, 0.3, 1.8));
        const pull = 0.08 * (target - stock);
        const inflow = Math.max(0, out + pull + baseStock * turnover * rng.normal(0, 0.25));
        stock = Math.max(0, stock + inflow - out);
        const deal = out * rng.normalIn(0.7, 0.1, 0.4, 0.95);
        const level = levelOn(board, key, offset);
        rows.push({
          warehouseId: wh.id,
          productId: catalog.productIds[key],
          day,
          inKg: Math.round(inflow),
          outKg: Math.round(out),
          stockKg: Math.round(stock),
          packKg: Math.round(out * rng.normalIn(0.4, 0.08, 0.2, 0.6)),
          tradingKg: Math.round(stock * rng.normalIn(0.25, 0.04, 0.12, 0.4)),
          dealKg: Math.round(deal),
          deals: Math.round(deal / 35_000),
          priceFen: toFen(level + market.cityDiff + listingExtra + rng.normalIn(0, 15, -45, 45)),
        });
      }
    }
  }
  return rows;
}

/** Generates and inserts the figures; returns how many rows. */
export async function seedWarehouseDaily(
  tx: Tx,
  rng: Rng,
  catalog: Catalog,
  board: PriceBoard,
  now: Date,
  days: number,
): Promise<number> {
  const rows = generateWarehouseDaily(rng, catalog, board, now, days);
  await insertBatched(tx, warehouseDaily, rows);
  return rows.length;
}
