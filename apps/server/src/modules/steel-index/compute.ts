/**
 * Computes index days and saturation for a range of days from loaded inputs, without a
 * database: the job (service.ts, `computeIndexes`) loads the rows (repo/job.ts), assembles them
 * here (`assembleInputs`), computes (`computeRange`) and stores the result.
 *
 * Which samples price a day follows the hierarchy of maths.ts (`priceDay`): the day's priced
 * quotations of the product in the market's cities when at least MIN_QUOTES remain after
 * outliers; otherwise the previous published price chain-linked by the change of the sample
 * warehouses' listing prices (warehouse_daily.price_fen) between the previous published day and
 * this one; otherwise the previous price carried. The demo keeps 30 days of quotations and two
 * years of warehouse figures, so older days are chained (and provisional). A composite over
 * several products (全国板材综合) is priced as the stock-weighted mean of its component indexes'
 * prices that day; it is quotes-priced only when every component is.
 *
 * Operators' corrections are applied here, as each day is computed: the corrected price and
 * figures replace the day's inputs before its points, changes and ratios are computed, so the
 * next day changes against (and chains from) the published, corrected price, the same whether
 * the day before was computed in this run or loaded from the table.
 */
import { createHash } from 'node:crypto';
import type { IndexSource } from '@steelport/contracts';
import {
  addFigures,
  computeIndexDay,
  type Figures,
  type IndexDayValues,
  METHOD_VERSION,
  NO_FIGURES,
  type PreviousDay,
  type Pricing,
  priceDay,
  roundTo,
  type Sample,
  weightedMeanFen,
} from './maths.ts';

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

export interface ComputedDay extends IndexDayValues {
  indexId: number;
  day: string;
  inputsFingerprint: string;
  corrected: boolean;
}

export interface ComputedSaturation {
  market: string;
  day: string;
  stockKg: number;
  capacityKg: number;
  tradingKg: number;
  ratio: number;
  changeRatio: number;
}

/** The input key of a market, product and day. */
export const inputKey = (market: string, productId: number | null, day: string) =>
  `${market}|${productId}|${day}`;

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
  quotes: { productId: number; city: string; day: string; priceFen: number; weightKg: number }[];
  previous: (PreviousDay & { indexId: number })[];
  previousSaturation: { market: string; ratio: number }[];
  /** non-revoked corrections, oldest first: the newest of a day wins */
  corrections: { indexId: number; day: string; values: Record<string, number> }[];
}

/**
 * Keys the loaded rows by market, product and day: the sample warehouses' figures summed (range
 * days only), their listing prices one sample per warehouse, and the quotations assigned to the
 * market of their city. Pure, so a test can feed it generated rows without a database.
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
    if (market && r.priceFen > 0 && r.day >= raw.from && r.day <= raw.to)
      push(quotes, inputKey(market, r.productId, r.day), { priceFen: r.priceFen, weightKg: r.weightKg });
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

/** The summed warehouse figures a correction may replace before the day is computed. */
export const CORRECTED_FIGURES = ['stockKg', 'inKg', 'outKg', 'dealKg', 'packKg', 'tradingKg'] as const;

/** The fields an operator's correction may override. */
export const CORRECTABLE = [
  'priceFen',
  'points',
  'changeFen',
  'stockKg',
  'inKg',
  'outKg',
  'dealKg',
  'packKg',
  'tradingKg',
] as const;

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * The previous day as an input: exactly these fields, in this order, whether it comes from this
 * run or from the table (a row loaded from the table carries more, such as its index id).
 */
function previousInput(p: PreviousDay | null) {
  return p
    ? {
        day: p.day,
        priceFen: p.priceFen,
        points: p.points,
        stockKg: p.stockKg,
        tradingKg: p.tradingKg,
        packKg: p.packKg,
      }
    : null;
}

/** Samples in a canonical order, so the fingerprint and the BigInt sums never depend on load order. */
function canonical(samples: Sample[]): Sample[] {
  return [...samples].sort(
    (a, b) => a.priceFen - b.priceFen || a.weightKg - b.weightKg || (a.id ?? 0) - (b.id ?? 0),
  );
}

/** Collects the values of a keyed map over the markets an index covers. */
function gather<T>(map: Map<string, T>, markets: string[], productIds: (number | null)[], day: string): T[] {
  const out: T[] = [];
  for (const m of markets)
    for (const p of productIds) {
      const v = map.get(inputKey(m, p, day));
      if (v !== undefined) out.push(v);
    }
  return out;
}

/**
 * A composite's source: quotes when every component was priced from quotations, carried when
 * every component was carried, chained (partly estimated) otherwise.
 */
function compositeSource(sources: IndexSource[]): IndexSource {
  const first = sources[0] ?? 'carried';
  return sources.every((s) => s === first) ? first : 'chained';
}

/**
 * Computes every definition's days and each market's saturation over `inputs.days`. Returns the
 * rows and the base prices fixed on a base day inside the range (the base day's own price is
 * its 1000 points).
 */
export function computeRange(inputs: RangeInputs): {
  days: ComputedDay[];
  saturation: ComputedSaturation[];
  basePrices: Map<number, number>;
} {
  const markets = [...new Set([...inputs.capacityKg.keys()].filter((m) => m !== NATIONWIDE))].sort();
  const productIds = [...new Set([...inputs.figures.keys()].map((k) => Number(k.split('|')[1])))].sort(
    (a, b) => a - b,
  );
  const basePrices = new Map<number, number>();
  const previous = new Map(inputs.previous);
  const out: ComputedDay[] = [];
  // Single indexes first: composites over several products are priced from them.
  const singles = inputs.definitions.filter((d) => d.productId !== null);
  const composites = inputs.definitions.filter((d) => d.productId === null);

  for (const day of inputs.days) {
    const todays = new Map<number, ComputedDay>();
    for (const def of singles) {
      const covered = def.market === NATIONWIDE ? markets : [def.market];
      const reported = gather(inputs.figures, covered, [def.productId], day);
      const quotes = canonical(
        gather(inputs.quotes, covered, [def.productId], day)
          .flat()
          .filter((q) => q.priceFen > 0),
      );
      const listings = canonical(gather(inputs.listings, covered, [def.productId], day).flat());
      // A day without any input (no figures, no prices) is a missing day, not a day of zeros.
      if (reported.length === 0 && quotes.length === 0 && listings.length === 0) continue;
      const before = previous.get(def.id) ?? null;
      const listingsBefore = before
        ? canonical(gather(inputs.listings, covered, [def.productId], before.day).flat())
        : [];
      const pricing = priceDay({ quotes, listings, listingsBefore, previousFen: before?.priceFen ?? null });
      const figures = reported.reduce(addFigures, NO_FIGURES);
      const row = computeOne(inputs, def, day, pricing, figures, before, basePrices, {
        method: METHOD_VERSION,
        quotes,
        listings,
        listingsBefore: before ? listingsBefore : null,
      });
      if (row) todays.set(def.id, row);
    }
    for (const def of composites) {
      const covered = def.market === NATIONWIDE ? markets : [def.market];
      const reported = gather(inputs.figures, covered, productIds, day);
      const parts = singles
        .filter((s) => s.market !== NATIONWIDE && (def.market === NATIONWIDE || s.market === def.market))
        .map((s) => todays.get(s.id))
        .filter((r): r is ComputedDay => r !== undefined);
      if (reported.length === 0 && parts.length === 0) continue;
      const before = previous.get(def.id) ?? null;
      let pricing: Pricing | null = null;
      if (parts.length > 0) {
        pricing = {
          priceFen: weightedMeanFen(
            parts.map((p) => ({ priceFen: p.priceFen, weightKg: p.stockKg })),
          ) as number,
          source: compositeSource(parts.map((p) => p.source)),
          sampleCount: parts.reduce((n, p) => n + p.sampleCount, 0),
          outlierCount: parts.reduce((n, p) => n + p.removedOutliers, 0),
        };
      } else if (before) {
        pricing = { priceFen: before.priceFen, source: 'carried', sampleCount: 0, outlierCount: 0 };
      }
      const figures = reported.reduce(addFigures, NO_FIGURES);
      const components = parts.map((p) => ({
        indexId: p.indexId,
        priceFen: p.priceFen,
        stockKg: p.stockKg,
        source: p.source,
        sampleCount: p.sampleCount,
        outlierCount: p.removedOutliers,
        provisional: p.provisional,
      }));
      const row = computeOne(
        inputs,
        def,
        day,
        pricing,
        figures,
        before,
        basePrices,
        { method: METHOD_VERSION, components },
        parts.some((p) => p.provisional),
      );
      if (row) todays.set(def.id, row);
    }
    for (const row of todays.values()) {
      out.push(row);
      previous.set(row.indexId, {
        day,
        priceFen: row.priceFen,
        points: row.points,
        stockKg: row.stockKg,
        tradingKg: row.tradingKg,
        packKg: row.packKg,
      });
    }
  }
  return { days: out, saturation: computeSaturation(inputs, markets, productIds), basePrices };
}

/**
 * One definition's day from its pricing: fixes the base price on the base day, computes the
 * values, fingerprints the inputs and applies the day's correction. Null before the base day or
 * without a price.
 */
function computeOne(
  inputs: RangeInputs,
  def: DefinitionInput,
  day: string,
  pricingIn: Pricing | null,
  figuresIn: Figures,
  previous: PreviousDay | null,
  basePrices: Map<number, number>,
  priceInputs: object,
  provisional = false,
): ComputedDay | null {
  let pricing = pricingIn;
  let figures = figuresIn;
  if (!pricing || day < def.baseDate) return null;
  // An operator's correction replaces the inputs it names (the price, the summed figures)
  // before the day is computed, so its points, changes and ratios follow from the corrected
  // values by the same formulas as any other day.
  const fix = inputs.corrections.get(`${def.id}|${day}`);
  if (fix) {
    pricing = typeof fix.priceFen === 'number' ? { ...pricing, priceFen: fix.priceFen } : pricing;
    figures = { ...figures };
    for (const key of CORRECTED_FIGURES) if (typeof fix[key] === 'number') figures[key] = fix[key];
  }
  let basePriceFen = basePrices.get(def.id) ?? def.basePriceFen;
  // The base day fixes the base price: its own price is 1000 points.
  if (day === def.baseDate && pricing.priceFen > 0) {
    basePriceFen = pricing.priceFen;
    basePrices.set(def.id, basePriceFen);
  }
  const values = computeIndexDay({ pricing, figures, previous, basePriceFen, provisional });
  const inputsFingerprint = fingerprint({
    ...priceInputs,
    figures,
    previous: previousInput(previous),
    basePriceFen,
    // the correction is an input too (only when there is one: other days keep their hashes)
    ...(fix ? { correction: fix } : {}),
  });
  const row: ComputedDay = { indexId: def.id, day, ...values, inputsFingerprint, corrected: false };
  if (fix) {
    // points and changeFen given outright (older corrections) still win over the computed ones
    for (const key of CORRECTABLE) if (typeof fix[key] === 'number') row[key] = fix[key];
    row.corrected = true;
  }
  return row;
}

function computeSaturation(
  inputs: RangeInputs,
  markets: string[],
  productIds: number[],
): ComputedSaturation[] {
  const out: ComputedSaturation[] = [];
  const previous = new Map(inputs.previousSaturation);
  for (const day of inputs.days) {
    for (const market of [...markets, NATIONWIDE]) {
      const covered = market === NATIONWIDE ? markets : [market];
      const figures = gather(inputs.figures, covered, productIds, day);
      const capacityKg = inputs.capacityKg.get(market) ?? 0;
      if (figures.length === 0 || capacityKg <= 0) continue;
      const sum = figures.reduce(addFigures, NO_FIGURES);
      const ratio = roundTo(sum.stockKg / capacityKg, 6);
      const before = previous.get(market);
      out.push({
        market,
        day,
        stockKg: sum.stockKg,
        capacityKg,
        tradingKg: sum.tradingKg,
        ratio,
        changeRatio: before === undefined ? 0 : roundTo(ratio - before, 6),
      });
      previous.set(market, ratio);
    }
  }
  return out;
}
