/**
 * Computes index days and saturation for a range of days from loaded inputs, without a
 * database: the job (service.ts, `computeIndexes`) loads the rows (repo/job.ts), keys them
 * (inputs.ts, `assembleInputs`), computes here (`computeRange`) and stores the result.
 *
 * Which samples price a day follows the hierarchy of maths.ts (`priceDay`, method 3.0): the
 * previous published price moved by the change of the day's quotations of the product in the
 * market's cities matched item by item with the same traders' quotes of the previous published
 * day, when at least MIN_QUOTES pairs remain after outliers; otherwise moved by the change of the
 * sample warehouses' listing prices (warehouse_daily.price_fen) between those two days;
 * otherwise carried. Only an index's first day is a level (its quotations' mean, else its
 * listings'). The demo keeps 60 days of quotations and two years of warehouse figures, so
 * older days, and the first quoted day (nothing quoted the day before to match), are chained
 * (and provisional). A composite over several products (全国板材综合) is priced as the
 * stock-weighted mean of its component indexes' prices that day; it is quotes-priced only when
 * every component is.
 *
 * The fingerprint of a day holds everything its price read: the day's quotations with their
 * items, the previous day's quotations and listings it was matched with, and the method.
 *
 * Operators' corrections are applied here, as each day is computed: the corrected price and
 * figures replace the day's inputs before its points, changes and ratios are computed, so the
 * next day changes against (and chains from) the published, corrected price, the same whether
 * the day before was computed in this run or loaded from the table.
 */
import { createHash } from 'node:crypto';
import type { IndexSource } from '@steelport/contracts';
import { type DefinitionInput, inputKey, NATIONWIDE, type RangeInputs } from './inputs.ts';
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

// The inputs' types and keys lived here before they had a file of their own (inputs.ts); the
// job, the seed's generator and the tests still import them from here.
export {
  assembleInputs,
  type DefinitionInput,
  inputKey,
  NATIONWIDE,
  type QuoteInput,
  type RangeInputs,
  type RawInputs,
} from './inputs.ts';

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

/**
 * Samples in a canonical order, so the fingerprint, the BigInt sums and which of an item named
 * twice counts never depend on load order. Items compare by code units, never by locale.
 */
function canonical(samples: Sample[]): Sample[] {
  const byItem = (a: Sample, b: Sample) => {
    const [x, y] = [a.item ?? '', b.item ?? ''];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  return [...samples].sort(
    (a, b) => a.priceFen - b.priceFen || a.weightKg - b.weightKg || (a.id ?? 0) - (b.id ?? 0) || byItem(a, b),
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
      // the previous published day's prices: what today's items and warehouses are matched with
      const earlier = (map: Map<string, Sample[]>) =>
        before ? canonical(gather(map, covered, [def.productId], before.day).flat()) : [];
      const quotesBefore = earlier(inputs.quotes);
      const listingsBefore = earlier(inputs.listings);
      const pricing = priceDay({
        quotes,
        quotesBefore,
        listings,
        listingsBefore,
        previousFen: before?.priceFen ?? null,
      });
      const figures = reported.reduce(addFigures, NO_FIGURES);
      const row = computeOne(inputs, def, day, pricing, figures, before, basePrices, {
        method: METHOD_VERSION,
        quotes,
        listings,
        listingsBefore: before ? listingsBefore : null,
        quotesBefore: before ? quotesBefore : null,
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
