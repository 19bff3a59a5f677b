/**
 * The demo's index inputs without a database: the same generators, random streams and ids as
 * `seedDemo` on a fresh database, as the rows the index job loads (`RawInputs`). Tests run the
 * index over the whole two-year demo history in memory with it, in a second instead of the half
 * minute a seed takes; the steel-index tests check that it equals what the job loads from a
 * seeded database, so the two cannot drift apart unnoticed.
 */
import { dayString } from '../dates.ts';
import type { RawInputs } from '../modules/steel-index/compute.ts';
import { toKg } from '../present.ts';
import type { Catalog } from './catalog.ts';
import { allMaterials, PRODUCTS } from './dictionaries.ts';
import { DEFAULT_QUOTATION_DAYS, DEFAULT_SEED } from './index.ts';
import { INDEX_DEFINITIONS } from './index-days.ts';
import { MILLS } from './mills.ts';
import { mobilePhone, personName } from './names.ts';
import { MARKETS, WAREHOUSES } from './places.ts';
import { buildPriceBoard } from './pricing.ts';
import { generateQuotations } from './quotations.ts';
import { Rng } from './random.ts';
import { makeTraders, type SeededTrader } from './traders.ts';
import { generateWarehouseDaily } from './warehouse-daily.ts';

export interface DemoIndexOptions {
  seed?: number;
  now: Date;
  /** as SeedOptions: default DEFAULT_QUOTATION_DAYS */
  quotationDays?: number;
  /** as SeedOptions: default 731 (two years) */
  indexDays?: number;
}

/** The catalog as `seedCatalog` numbers it on a fresh database: ids in dictionary order from 1. */
export function freshCatalog(): Catalog {
  const warehouses = WAREHOUSES.map((w, i) => ({
    id: i + 1,
    name: w.name,
    city: w.city,
    market: w.market,
    capacity: w.capacity,
  }));
  return {
    productIds: Object.fromEntries(PRODUCTS.map((p, i) => [p.key, i + 1])) as Catalog['productIds'],
    materialIds: new Map(allMaterials().map((m, i) => [m, i + 1])),
    millIds: new Map(MILLS.map((m, i) => [m.name, i + 1])),
    warehouses,
    warehousesByMarket: new Map(MARKETS.map((m) => [m.name, warehouses.filter((w) => w.market === m.name)])),
  };
}

/**
 * The rows the index job would load for the demo's whole history (its first day to `now`),
 * and those days. Follows `seedDemo` step by step where the index inputs depend on it: the
 * catalog's stream hands out warehouse contacts' phone numbers before the traders get theirs.
 */
export function demoIndexInputs(opts: DemoIndexOptions): RawInputs {
  const quotationDays = opts.quotationDays ?? DEFAULT_QUOTATION_DAYS;
  const historyDays = opts.indexDays ?? 731;
  const { now } = opts;
  const root = new Rng(opts.seed ?? DEFAULT_SEED);
  const taken = new Set<string>();
  const catalogRng = root.fork('catalog');
  for (const _ of WAREHOUSES) {
    personName(catalogRng);
    mobilePhone(catalogRng, taken);
  }
  const catalog = freshCatalog();
  const traders: SeededTrader[] = makeTraders(root.fork('traders'), taken).map((t, i) => ({
    ...t,
    companyId: i + 1,
    userId: 0,
  }));
  const board = buildPriceBoard(root.fork('market'), Math.max(quotationDays, 30, historyDays) + 1);
  const quotes = generateQuotations(root.fork('quotations'), traders, catalog, board, now, quotationDays);
  const daily = generateWarehouseDaily(root.fork('warehouse-daily'), catalog, board, now, historyDays);
  const from = dayString(now, -(historyDays - 1));
  return {
    from,
    to: dayString(now),
    definitions: INDEX_DEFINITIONS.map((d, i) => ({
      id: i + 1,
      productId: d.product ? catalog.productIds[d.product] : null,
      market: d.market,
      baseDate: from,
      basePriceFen: 1,
    })),
    warehouses: WAREHOUSES.map((w, i) => ({
      id: i + 1,
      city: w.city,
      market: w.market,
      capacityKg: toKg(w.capacity),
      isSample: w.isSample,
      active: true,
    })),
    daily: daily.map((r) => ({
      warehouseId: r.warehouseId,
      productId: r.productId,
      day: r.day,
      stockKg: r.stockKg ?? 0,
      inKg: r.inKg ?? 0,
      outKg: r.outKg ?? 0,
      dealKg: r.dealKg ?? 0,
      packKg: r.packKg ?? 0,
      tradingKg: r.tradingKg ?? 0,
      deals: r.deals ?? 0,
      priceFen: r.priceFen ?? 0,
    })),
    quotes: quotes
      .filter((q) => (q.priceFen ?? 0) > 0)
      .map((q) => ({
        productId: q.productId,
        city: q.city,
        day: q.quoteDate,
        priceFen: q.priceFen ?? 0,
        weightKg: q.weightKg ?? 0,
        companyId: q.companyId,
        material: q.material ?? '',
        spec: q.spec,
        origin: q.origin ?? '',
        warehouseName: q.warehouseName ?? '',
      })),
    previous: [],
    previousSaturation: [],
    corrections: [],
  };
}
