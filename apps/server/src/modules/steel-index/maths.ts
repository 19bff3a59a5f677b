/**
 * The index maths, pure and exact. Prices are integer fen per tonne and weights integer kg, so
 * the tonnage-weighted mean is computed with BigInt and rounded half up: the same inputs give
 * the same fen on every machine and every run (recomputation is bit-identical).
 *
 * The input hierarchy (method 2.0, issue 10): a day is priced by (1) its priced quotations when
 * at least MIN_QUOTES remain after outliers are dropped: their tonnage-weighted mean; (2) with
 * fewer, the previous published price moved by the day-over-day change of the sample
 * warehouses' listing prices (`chained`): the change of the same warehouses between the two
 * days, never their level, so a day priced from the fallback does not jump to the fallback's
 * level; (3) with neither, the previous price carried. Two sources at different levels (quotes
 * ~2-7% above listings in the demo) made the index jump whenever the quote count crossed the
 * minimum and jump back the next day; chaining moves it only as far as the market moved.
 *
 * Outliers: a sample quotation is dropped when it lies more than 3 robust deviations from the
 * median price, the robust deviation being 1.4826 x MAD (median absolute deviation, which equals
 * one standard deviation for normally spread prices) but never less than 0.5% of the median:
 * when most traders quote the same price (MAD = 0), a quote 0.3% away is normal trade, not an
 * error. A typo such as 3,600 元 written as 36,000 is far outside either bound. The chain's
 * warehouses are judged the same way on their day-over-day change (warehouses of different
 * cities list at different levels but move together), with a wider floor (LINK_DEVIATION_FLOOR).
 */
import type { IndexSource } from '@steelport/contracts';

/** One priced input: a trader's quotation or a warehouse's reported listing price. */
export interface Sample {
  priceFen: number;
  /** tonnage behind the price, kg; the weight in the mean */
  weightKg: number;
  /** the warehouse of a listing price: what matches it with its own listing on another day */
  id?: number;
}

/** Version of the method the job computes with; the API names it and the fingerprint holds it. */
export const METHOD_VERSION = '2.0';
/** Fewest quotations, after outliers are dropped, that price a day by themselves. */
export const MIN_QUOTES = 5;
/**
 * A day whose price moves by more than this share on fewer than CONFIRM_SAMPLES samples is
 * provisional: a 3% day is rare in steel (the demo market moves ~0.5% a day), and on a handful
 * of quotes it is as likely a sampling accident as a market move.
 */
export const PROVISIONAL_CHANGE = 0.03;
/** Samples from which a large move is published as final. */
export const CONFIRM_SAMPLES = 10;
/** The hierarchy in order of preference. */
export const HIERARCHY: readonly IndexSource[] = ['quotes', 'chained', 'carried'];

/** Deviations from the median beyond which a sample counts as an outlier. */
export const OUTLIER_DEVIATIONS = 3;
/** MAD to standard deviation for normally spread data. */
export const MAD_SCALE = 1.4826;
/** Floor of the robust deviation, as a share of the median price. */
export const MIN_DEVIATION_SHARE = 0.005;
/**
 * Floor of the robust deviation of the warehouses' day-over-day changes in a link (0.02: a
 * change 6 percentage points off the others'). Wide on purpose: every warehouse left out of one
 * link breaks the chain's telescoping (see `linkOf`) and lets it drift from the prices it
 * follows, so normal listing noise (a percent or two) must never drop one; a typo (a price ten
 * times too high, a digit lost) still does.
 */
export const LINK_DEVIATION_FLOOR = 0.02;

/** Median of numbers (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Which of `values` are outliers: further than 3 robust deviations from their median, the
 * deviation floored at `floor(median)`. Fewer than three values are not judged.
 */
function outliers(values: readonly number[], floor: (median: number) => number): boolean[] {
  if (values.length < 3) return values.map(() => false);
  const m = median(values);
  const mad = median(values.map((v) => Math.abs(v - m)));
  const limit = OUTLIER_DEVIATIONS * Math.max(MAD_SCALE * mad, floor(m));
  return values.map((v) => Math.abs(v - m) > limit);
}

/** Splits samples into kept and removed by the 3-MAD rule; order of the input is kept. */
export function removeOutliers(samples: readonly Sample[]): { kept: Sample[]; removed: Sample[] } {
  const priced = samples.filter((s) => s.priceFen > 0);
  const out = outliers(
    priced.map((s) => s.priceFen),
    (m) => MIN_DEVIATION_SHARE * m,
  );
  return { kept: priced.filter((_, i) => !out[i]), removed: priced.filter((_, i) => out[i]) };
}

/** The fallback's change between two days: sums over the same warehouses, BigInt-exact. */
export interface Link {
  /** sum of today's listing prices of the matched warehouses, fen */
  now: bigint;
  /** sum of the same warehouses' listing prices on the previous published day, fen */
  before: bigint;
  /** matched warehouses that moved the link */
  matched: number;
  /** matched warehouses dropped because their change was an outlier */
  removed: number;
}

/**
 * The day-over-day change of the sample warehouses' listing prices as a ratio of sums over the
 * warehouses that listed a price on both days (a Dutot index: equal weights). Equal, not
 * tonnage weights: listed tonnage changes every day, and weights that change between links
 * make a chain drift away from the prices it follows; with equal weights, while the same
 * warehouses list, the chain over any stretch is the fallback's own change over it. A
 * warehouse whose change is an outlier among the others' (a typo) is left out. Null when no
 * warehouse listed on both days.
 */
export function linkOf(today: readonly Sample[], before: readonly Sample[]): Link | null {
  const earlier = new Map<number, number>();
  for (const s of before) if (s.id !== undefined && s.priceFen > 0) earlier.set(s.id, s.priceFen);
  const pairs: [now: number, before: number][] = [];
  for (const s of today) {
    const was = s.id === undefined ? undefined : earlier.get(s.id);
    if (was !== undefined && s.priceFen > 0) pairs.push([s.priceFen, was]);
  }
  if (pairs.length === 0) return null;
  const out = outliers(
    pairs.map(([n, b]) => n / b),
    () => LINK_DEVIATION_FLOOR,
  );
  let now = 0n;
  let was = 0n;
  pairs.forEach(([n, b], i) => {
    if (out[i]) return;
    now += BigInt(n);
    was += BigInt(b);
  });
  const removed = out.filter(Boolean).length;
  return { now, before: was, matched: pairs.length - removed, removed };
}

/** `previousFen` moved by the link's change, rounded half up to whole fen. */
export function chainFen(previousFen: number, link: Pick<Link, 'now' | 'before'>): number {
  const num = BigInt(previousFen) * link.now;
  return Number((2n * num + link.before) / (2n * link.before));
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

/**
 * The index level of the base day: its own price is 1000 points. Domain maths, not a unit
 * conversion, hence a name of its own.
 */
export const BASE_POINTS = 1000;

/** Points against the base day (base price = BASE_POINTS), two decimals. */
export function pointsOf(priceFen: number, basePriceFen: number): number {
  if (!(basePriceFen > 0)) throw new Error('base price must be positive');
  return roundTo((priceFen / basePriceFen) * BASE_POINTS, 2);
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

/** How a day is priced: the price, its source in the hierarchy and what it was computed from. */
export interface Pricing {
  priceFen: number;
  source: IndexSource;
  /** quotations (quotes) or matched warehouses (chained) behind the price; 0 when carried */
  sampleCount: number;
  /** samples of that source dropped as outliers */
  outlierCount: number;
}

/**
 * Prices a day by the hierarchy (see the file's comment). `listingsBefore` are the same
 * markets' listings on `previous`'s day. An index's first day (no previous) with too few
 * quotations has nothing to chain from: it starts at the listings' level (or, without any
 * listing, at the few quotations' mean), and is provisional like every chained day. Null when
 * there is no price and no previous day: no index that day.
 */
export function priceDay(input: {
  quotes: readonly Sample[];
  listings: readonly Sample[];
  listingsBefore: readonly Sample[];
  previousFen: number | null;
}): Pricing | null {
  const quotes = removeOutliers(input.quotes);
  const mean = (kept: Sample[], removed: Sample[], source: IndexSource): Pricing => ({
    priceFen: weightedMeanFen(kept) as number,
    source,
    sampleCount: kept.length,
    outlierCount: removed.length,
  });
  if (quotes.kept.length >= MIN_QUOTES) return mean(quotes.kept, quotes.removed, 'quotes');
  if (input.previousFen === null) {
    const listings = removeOutliers(input.listings);
    if (listings.kept.length > 0) return mean(listings.kept, listings.removed, 'chained');
    if (quotes.kept.length > 0) return mean(quotes.kept, quotes.removed, 'quotes');
    return null;
  }
  const link = linkOf(input.listings, input.listingsBefore);
  if (link && link.matched > 0) {
    return {
      priceFen: chainFen(input.previousFen, link),
      source: 'chained',
      sampleCount: link.matched,
      outlierCount: link.removed,
    };
  }
  return { priceFen: input.previousFen, source: 'carried', sampleCount: 0, outlierCount: 0 };
}

/**
 * Provisional: priced below the top of the hierarchy (chained, carried, or a start on fewer
 * than MIN_QUOTES quotations), or moving more than PROVISIONAL_CHANGE on fewer than
 * CONFIRM_SAMPLES samples. A later run with enough data for the day (late quotations) computes
 * it again and confirms or corrects it.
 */
export function isProvisional(pricing: Pricing, previousFen: number | null): boolean {
  if (pricing.source !== 'quotes' || pricing.sampleCount < MIN_QUOTES) return true;
  if (!previousFen) return false;
  const move = Math.abs(pricing.priceFen - previousFen) / previousFen;
  return move > PROVISIONAL_CHANGE && pricing.sampleCount < CONFIRM_SAMPLES;
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
  source: IndexSource;
  sampleCount: number;
  removedOutliers: number;
  provisional: boolean;
}

/**
 * Computes one index day from its pricing and figures. Changes and ratios are against the
 * previous computed day, which after a gap (a day without inputs) is the last day before the
 * gap. `provisional` forces the flag (a composite over a provisional component).
 */
export function computeIndexDay(input: {
  pricing: Pricing;
  figures: Figures;
  previous: PreviousDay | null;
  basePriceFen: number;
  provisional?: boolean;
}): IndexDayValues {
  const { figures, previous, pricing } = input;
  const { priceFen } = pricing;
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
    source: pricing.source,
    sampleCount: pricing.sampleCount,
    removedOutliers: pricing.outlierCount,
    provisional: input.provisional === true || isProvisional(pricing, previous?.priceFen ?? null),
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
