/**
 * Computes index days and saturation for a range of days from loaded inputs, without a
 * database: the job (jobs/index-job.ts) loads the inputs, calls this, and stores the result.
 *
 * Which samples price a day: the day's priced quotations of the product in the market's cities
 * when there are at least MIN_QUOTES of them; otherwise the sample warehouses' reported listing
 * prices (warehouse_daily.price_fen, weighted by their listed tonnage). The demo keeps 30 days
 * of quotations and two years of warehouse figures, so older days are priced from the
 * warehouses. A composite over several products (全国板材综合) is priced as the stock-weighted
 * mean of its component indexes' prices that day.
 */
import { createHash } from 'node:crypto';
import {
  addFigures,
  computeIndexDay,
  type Figures,
  type IndexDayValues,
  NO_FIGURES,
  type PreviousDay,
  roundTo,
  type Sample,
  weightedMeanFen,
} from './maths.ts';

/** Fewest quotations that price a day by themselves. */
export const MIN_QUOTES = 5;
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
  warehousePrices: Map<string, Sample[]>;
  /** each definition's latest computed day before the range */
  previous: Map<number, PreviousDay>;
  /** sample capacity per market, kg; NATIONWIDE included */
  capacityKg: Map<string, number>;
  /** each market's saturation ratio on the day before the range */
  previousSaturation: Map<string, number>;
}

export interface ComputedDay extends IndexDayValues {
  indexId: number;
  day: string;
  inputsFingerprint: string;
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

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Samples in a canonical order, so the fingerprint and the BigInt sums never depend on load order. */
function canonical(samples: Sample[]): Sample[] {
  return [...samples].sort((a, b) => a.priceFen - b.priceFen || a.weightKg - b.weightKg);
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
      const figures = reported.reduce(addFigures, NO_FIGURES);
      const quotes = gather(inputs.quotes, covered, [def.productId], day).flat();
      const priced = quotes.filter((q) => q.priceFen > 0);
      const samples = canonical(
        priced.length >= MIN_QUOTES
          ? priced
          : gather(inputs.warehousePrices, covered, [def.productId], day).flat(),
      );
      // A day without any input (no figures, no prices) is a missing day, not a day of zeros.
      if (reported.length === 0 && samples.length === 0) continue;
      const row = computeOne(def, day, { samples, figures }, previous.get(def.id) ?? null, basePrices);
      if (row) todays.set(def.id, row);
    }
    for (const def of composites) {
      const covered = def.market === NATIONWIDE ? markets : [def.market];
      const reported = gather(inputs.figures, covered, productIds, day);
      const figures = reported.reduce(addFigures, NO_FIGURES);
      const parts = singles
        .filter((s) => s.market !== NATIONWIDE && (def.market === NATIONWIDE || s.market === def.market))
        .map((s) => todays.get(s.id))
        .filter((r): r is ComputedDay => r !== undefined && r.sampleCount > 0);
      if (reported.length === 0 && parts.length === 0) continue;
      const components: Sample[] = canonical(
        parts.map((p) => ({ priceFen: p.priceFen, weightKg: p.stockKg })),
      );
      const row = computeOne(
        def,
        day,
        {
          samples: components,
          figures,
          givenPriceFen: weightedMeanFen(components),
          givenSampleCount: parts.reduce((n, p) => n + p.sampleCount, 0),
        },
        previous.get(def.id) ?? null,
        basePrices,
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

function computeOne(
  def: DefinitionInput,
  day: string,
  input: { samples: Sample[]; figures: Figures; givenPriceFen?: number | null; givenSampleCount?: number },
  previous: PreviousDay | null,
  basePrices: Map<number, number>,
): ComputedDay | null {
  let basePriceFen = basePrices.get(def.id) ?? def.basePriceFen;
  if (day === def.baseDate) {
    // The base day fixes the base price: its own price is 1000 points.
    const probe = computeIndexDay({ ...input, previous, basePriceFen: 1 });
    if (probe && probe.priceFen > 0) {
      basePriceFen = probe.priceFen;
      basePrices.set(def.id, basePriceFen);
    }
  }
  if (day < def.baseDate) return null;
  const values = computeIndexDay({ ...input, previous, basePriceFen });
  if (!values) return null;
  const inputsFingerprint = fingerprint({
    samples: input.samples,
    figures: input.figures,
    previous,
    basePriceFen,
    given: input.givenPriceFen ?? null,
  });
  return { indexId: def.id, day, ...values, inputsFingerprint };
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
