/**
 * The index maths, pure and exact. Prices are integer fen per tonne and weights integer kg, so
 * the tonnage-weighted mean is computed with BigInt and rounded half up: the same inputs give
 * the same fen on every machine and every run (recomputation is bit-identical).
 *
 * Outliers: a sample quotation is dropped when it lies more than 3 robust deviations from the
 * median price, the robust deviation being 1.4826 x MAD (median absolute deviation, which equals
 * one standard deviation for normally spread prices) but never less than 0.5% of the median:
 * when most traders quote the same price (MAD = 0), a quote 0.3% away is normal trade, not an
 * error. A typo such as 3,600 元 written as 36,000 is far outside either bound.
 */

/** One priced input: a trader's quotation or a warehouse's reported listing price. */
export interface Sample {
  priceFen: number;
  /** tonnage behind the price, kg; the weight in the mean */
  weightKg: number;
}

/** Deviations from the median beyond which a sample counts as an outlier. */
export const OUTLIER_DEVIATIONS = 3;
/** MAD to standard deviation for normally spread data. */
export const MAD_SCALE = 1.4826;
/** Floor of the robust deviation, as a share of the median price. */
export const MIN_DEVIATION_SHARE = 0.005;

/** Median of numbers (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Splits samples into kept and removed by the 3-MAD rule; order of the input is kept. */
export function removeOutliers(samples: readonly Sample[]): { kept: Sample[]; removed: Sample[] } {
  const priced = samples.filter((s) => s.priceFen > 0);
  if (priced.length < 3) return { kept: priced, removed: [] };
  const m = median(priced.map((s) => s.priceFen));
  const mad = median(priced.map((s) => Math.abs(s.priceFen - m)));
  const deviation = Math.max(MAD_SCALE * mad, MIN_DEVIATION_SHARE * m);
  const limit = OUTLIER_DEVIATIONS * deviation;
  const kept: Sample[] = [];
  const removed: Sample[] = [];
  for (const s of priced) (Math.abs(s.priceFen - m) > limit ? removed : kept).push(s);
  return { kept, removed };
}

/**
 * Tonnage-weighted mean price in whole fen, rounded half up; samples without tonnage count
 * once each (weight 1 kg) so a quote without a quantity still speaks. Null for no samples.
 */
export function weightedMeanFen(samples: readonly Sample[]): number | null {
  if (samples.length === 0) return null;
  let num = 0n;
  let den = 0n;
  for (const s of samples) {
    const w = BigInt(Math.max(1, Math.round(s.weightKg)));
    num += BigInt(s.priceFen) * w;
    den += w;
  }
  return Number((2n * num + den) / (2n * den));
}

/** Rounds to `digits` decimals, half away from zero, without binary drift (1.005 -> 1.01). */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(Math.abs(x) * f + 1e-9) / f;
  return x < 0 ? -r : r;
}

/** Points against the base day (base price = 1000 points), two decimals. */
export function pointsOf(priceFen: number, basePriceFen: number): number {
  if (!(basePriceFen > 0)) throw new Error('base price must be positive');
  return roundTo((priceFen / basePriceFen) * 1000, 2);
}

/** change / previous as a fraction with six decimals; null when there is no previous or it is 0. */
export function ratioOf(change: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return roundTo(change / previous, 6);
}

/** A day's summed warehouse figures, kg. */
export interface Figures {
  stockKg: number;
  inKg: number;
  outKg: number;
  dealKg: number;
  packKg: number;
  tradingKg: number;
  deals: number;
}

export const NO_FIGURES: Figures = {
  stockKg: 0,
  inKg: 0,
  outKg: 0,
  dealKg: 0,
  packKg: 0,
  tradingKg: 0,
  deals: 0,
};

/** What a day is compared with: the index's latest earlier computed day. */
export interface PreviousDay {
  day: string;
  priceFen: number;
  points: number;
  stockKg: number;
  tradingKg: number;
  packKg: number;
}

/** One computed index day: the stored fields of index_days. */
export interface IndexDayValues extends Omit<Figures, 'deals'> {
  priceFen: number;
  points: number;
  changeFen: number;
  changePoints: number;
  changeStockKg: number;
  changeStockRatio: number | null;
  changeTradingKg: number;
  tradingWeightRatio: number | null;
  changePackKg: number;
  changePackRatio: number | null;
  sampleCount: number;
  removedOutliers: number;
}

/**
 * Computes one index day from its samples and figures. Without usable samples the price of the
 * previous day is carried (sampleCount 0 discloses it); without samples and without a previous
 * day there is no index that day (null). Changes and ratios are against the previous computed
 * day, which after a gap (a day without inputs) is the last day before the gap.
 */
export function computeIndexDay(input: {
  samples: readonly Sample[];
  figures: Figures;
  previous: PreviousDay | null;
  basePriceFen: number;
  /** a composite gives its price directly (weighted over its components) */
  givenPriceFen?: number | null;
  givenSampleCount?: number;
}): IndexDayValues | null {
  const { figures, previous } = input;
  let priceFen: number | null;
  let sampleCount: number;
  let removedOutliers = 0;
  if (input.givenPriceFen !== undefined) {
    priceFen = input.givenPriceFen;
    sampleCount = input.givenSampleCount ?? 0;
  } else {
    const { kept, removed } = removeOutliers(input.samples);
    priceFen = weightedMeanFen(kept);
    sampleCount = kept.length;
    removedOutliers = removed.length;
  }
  if (priceFen === null) {
    if (!previous) return null;
    priceFen = previous.priceFen;
    sampleCount = 0;
  }
  const points = pointsOf(priceFen, input.basePriceFen);
  const changeFen = previous ? priceFen - previous.priceFen : 0;
  const changeStockKg = previous ? figures.stockKg - previous.stockKg : 0;
  const changeTradingKg = previous ? figures.tradingKg - previous.tradingKg : 0;
  const changePackKg = previous ? figures.packKg - previous.packKg : 0;
  return {
    priceFen,
    points,
    changeFen,
    changePoints: previous ? roundTo(points - previous.points, 2) : 0,
    stockKg: figures.stockKg,
    inKg: figures.inKg,
    outKg: figures.outKg,
    dealKg: figures.dealKg,
    packKg: figures.packKg,
    tradingKg: figures.tradingKg,
    changeStockKg,
    changeStockRatio: ratioOf(changeStockKg, previous?.stockKg),
    changeTradingKg,
    tradingWeightRatio: ratioOf(changeTradingKg, previous?.tradingKg),
    changePackKg,
    changePackRatio: ratioOf(changePackKg, previous?.packKg),
    sampleCount,
    removedOutliers,
  };
}

/** Adds figures (for a market's warehouses, or a composite's). */
export function addFigures(a: Figures, b: Figures): Figures {
  return {
    stockKg: a.stockKg + b.stockKg,
    inKg: a.inKg + b.inKg,
    outKg: a.outKg + b.outKg,
    dealKg: a.dealKg + b.dealKg,
    packKg: a.packKg + b.packKg,
    tradingKg: a.tradingKg + b.tradingKg,
    deals: a.deals + b.deals,
  };
}
