/**
 * The index job's inputs: the stored rows it loads for a range (`RawInputs`, read by
 * repo/job.ts, generated without a database by seed/index-inputs.ts) and the same keyed by
 * market, product and day (`RangeInputs`), which compute.ts prices. Pure, so tests feed it
 * generated rows.
 *
 * A quotation carries its item (`quoteItemOf`): method 3.0 prices a day by the change of the
 * items quoted both on it and on the index's previous published day, so the job loads the
 * quotations of those previous days too (they may lie before the range, like the listings the
 * fallback chains from).
 */
import { addFigures, type Figures, NO_FIGURES, type PreviousDay, type Sample } from './maths.ts';

/** The market name of a nationwide index or saturation. */
export const NATIONWIDE = '全国';

export interface DefinitionInput {
  id: number;
  productId: number | null;
  market: string;
  baseDate: string;
  basePriceFen: number;
}

/** Inputs keyed by `${market}|${productId}|${day}` (one market's sample warehouses). */
export interface RangeInputs {
  definitions: DefinitionInput[];
  /** ascending YYYY-MM-DD */
  days: string[];
  figures: Map<string, Figures>;
  /**
   * Priced quotations (`item` = the trader's item, `quoteItemOf`), on the range's days and on
   * each definition's previous day before the range (the first day matches items from it).
   */
  quotes: Map<string, Sample[]>;
  /**
   * Sample warehouses' listing prices (`id` = warehouse), on the range's days and on each
   * definition's previous day before the range (the first chained day links from it).
   */
  listings: Map<string, Sample[]>;
  /** each definition's latest computed day before the range */
  previous: Map<number, PreviousDay>;
  /** sample capacity per market, kg; NATIONWIDE included */
  capacityKg: Map<string, number>;
  /** each market's saturation ratio on the day before the range */
  previousSaturation: Map<string, number>;
  /** the newest non-revoked correction of a day, by `${indexId}|${day}` */
  corrections: Map<string, Record<string, number>>;
}

/** The input key of a market, product and day. */
export const inputKey = (market: string, productId: number | null, day: string) =>
  `${market}|${productId}|${day}`;

/** A quotation as the job loads it: where, when, the price and what names its item. */
export interface QuoteInput {
  productId: number;
  city: string;
  day: string;
  priceFen: number;
  weightKg: number;
  /**
   * The item (the trader's company and 材质, 规格, 产地, 仓库 beside product and city). Optional
   * only for callers written before method 3.0: a quote without `companyId` names no item, is
   * matched with nothing, and prices only an index's first day.
   */
  companyId?: number;
  material?: string;
  spec?: string;
  origin?: string;
  warehouseName?: string;
}

/**
 * What makes two quotations the same item for the index: the same trader (company) quoting the
 * same 品名, 材质, 规格, 产地, 城市 and 仓库, the fields a trader's item is named by
 * (search/lot-row.ts#quoteItemKey: a trader quotes an item once a day). The texts as written:
 * two spellings of one spec are two items, as they are to the quotation table. Undefined without
 * a company.
 */
export function quoteItemOf(q: QuoteInput): string | undefined {
  if (q.companyId === undefined) return undefined;
  return JSON.stringify([
    q.companyId,
    q.productId,
    q.material ?? '',
    q.spec ?? '',
    q.origin ?? '',
    q.city,
    q.warehouseName ?? '',
  ]);
}

/** The stored rows the job loads for a range, before they are keyed (see `assembleInputs`). */
export interface RawInputs {
  from: string;
  to: string;
  definitions: DefinitionInput[];
  warehouses: {
    id: number;
    city: string;
    market: string;
    capacityKg: number;
    isSample: boolean;
    active: boolean;
  }[];
  /** warehouse daily rows of the range's days and of the definitions' previous days */
  daily: (Omit<Figures, 'deals'> & {
    warehouseId: number;
    productId: number;
    day: string;
    deals: number;
    priceFen: number;
  })[];
  /** priced quotations of the range's days and of the definitions' previous days */
  quotes: QuoteInput[];
  previous: (PreviousDay & { indexId: number })[];
  previousSaturation: { market: string; ratio: number }[];
  /** non-revoked corrections, oldest first: the newest of a day wins */
  corrections: { indexId: number; day: string; values: Record<string, number> }[];
}

/**
 * Keys the loaded rows by market, product and day: the sample warehouses' figures summed (range
 * days only), their listing prices one sample per warehouse, and the quotations, each with its
 * item, assigned to the market of their city. Listings and quotations of days before the range
 * are kept: they are what the range's first days chain from.
 */
export function assembleInputs(raw: RawInputs, days: string[]): RangeInputs {
  const warehouses = [...raw.warehouses].sort((a, b) => a.id - b.id);
  const cityMarket = new Map<string, string>();
  const capacityKg = new Map<string, number>();
  const sampleMarket = new Map<number, string>();
  for (const w of warehouses) {
    cityMarket.set(w.market, w.market);
    if (!cityMarket.has(w.city)) cityMarket.set(w.city, w.market);
    if (!w.isSample || !w.active) continue;
    sampleMarket.set(w.id, w.market);
    capacityKg.set(w.market, (capacityKg.get(w.market) ?? 0) + w.capacityKg);
    capacityKg.set(NATIONWIDE, (capacityKg.get(NATIONWIDE) ?? 0) + w.capacityKg);
  }
  const push = (map: Map<string, Sample[]>, key: string, s: Sample) => {
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  };
  const figures = new Map<string, Figures>();
  const listings = new Map<string, Sample[]>();
  for (const r of raw.daily) {
    const market = sampleMarket.get(r.warehouseId);
    if (market === undefined) continue;
    const key = inputKey(market, r.productId, r.day);
    if (r.priceFen > 0)
      push(listings, key, { priceFen: r.priceFen, weightKg: r.tradingKg, id: r.warehouseId });
    if (r.day < raw.from || r.day > raw.to) continue;
    const own: Figures = {
      stockKg: r.stockKg,
      inKg: r.inKg,
      outKg: r.outKg,
      dealKg: r.dealKg,
      packKg: r.packKg,
      tradingKg: r.tradingKg,
      deals: r.deals,
    };
    figures.set(key, addFigures(figures.get(key) ?? NO_FIGURES, own));
  }
  const quotes = new Map<string, Sample[]>();
  for (const r of raw.quotes) {
    const market = cityMarket.get(r.city);
    if (!market || r.priceFen <= 0 || r.day > raw.to) continue;
    const item = quoteItemOf(r);
    push(quotes, inputKey(market, r.productId, r.day), {
      priceFen: r.priceFen,
      weightKg: r.weightKg,
      ...(item === undefined ? {} : { item }),
    });
  }
  const corrections = new Map<string, Record<string, number>>();
  for (const c of raw.corrections) corrections.set(`${c.indexId}|${c.day}`, c.values);
  return {
    definitions: raw.definitions,
    days,
    figures,
    quotes,
    listings,
    previous: new Map(raw.previous.map(({ indexId, ...day }) => [indexId, day])),
    capacityKg,
    previousSaturation: new Map(raw.previousSaturation.map((r) => [r.market, r.ratio])),
    corrections,
  };
}
