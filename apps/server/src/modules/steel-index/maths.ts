/**
 * The index maths, pure and exact. Prices are integer fen per tonne and weights integer kg, so
 * means and chain links are computed with BigInt and rounded half up: the same inputs give the
 * same fen on every machine and every run (recomputation is bit-identical).
 *
 * The input hierarchy (method 3.0, issue 34; 2.0 was issue 10): a day is priced by (1) its
 * quotations like for like: the previous published price moved by the change of the items
 * quoted on both days, an item being one trader (company) quoting one thing (product, material,
 * spec, origin, city, warehouse: `quoteItemKey`), when at least MIN_QUOTES such pairs remain after
 * outliers (`linkOf` over the pairs, equal weights); (2) with fewer, the previous price moved by
 * the day-over-day change of the same sample warehouses' listing prices (`chained`); (3) with
 * neither, the previous price carried. Every source is a change chained onto the previous level,
 * never a level: method 2.0 priced a quoted day by the tonnage-weighted mean of its quotes, so
 * when one of two traders of a thin sample skipped a day the mean jumped with the day's mix of
 * items (about 7% on 天津中厚板), not with the market, and jumped back the next day. Now a trader
 * skipping a day leaves its items out of that day's link and the next; only matched price changes
 * move the index. An index's first day has nothing to chain from: it starts at the level of its
 * quotations' mean (at least MIN_QUOTES), else of the listings, else of the few quotations.
 *
 * Outliers: a sample quotation is dropped when it lies more than 3 robust deviations from the
 * median price, the robust deviation being 1.4826 x MAD (median absolute deviation, which equals
 * one standard deviation for normally spread prices) but never less than 0.5% of the median:
 * when most traders quote the same price (MAD = 0), a quote 0.3% away is normal trade, not an
 * error. A typo such as 3,600 元 written as 36,000 is far outside either bound (and, kept in a
 * link's sums, would outweigh ten honest quotes). A link's pairs (matched items or warehouses)
 * are judged the same way on their day-over-day change, with a wider floor (LINK_DEVIATION_FLOOR).
 */
import type { IndexSource } from '@steelport/contracts';

/** One priced input: a trader's quotation or a warehouse's reported listing price. */
export interface Sample {
  priceFen: number;
  /** tonnage behind the price, kg; the weight in the mean */
  weightKg: number;
  /** the warehouse of a listing price: what matches it with its own listing on another day */
  id?: number;
  /**
   * the item of a quotation, its trader and what it quotes (inputs.ts#quoteItemOf): what
   * matches it with the same trader's quote of the same item on another day
   */
  item?: string;
}

/** Version of the method the job computes with; the API names it and the fingerprint holds it. */
export const METHOD_VERSION = '3.0';
/**
 * Fewest matched quotations (items quoted on both days, after outliers) that price a day by
 * themselves; on an index's first day, fewest quotations whose mean starts it.
 */
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
 * Floor of the robust deviation of the pairs' day-over-day changes in a link (0.02: a change 6
 * percentage points off the others'). Wide on purpose: every pair left out of one link breaks
 * the chain's telescoping (see `linkOf`) and lets it drift from the prices it follows, so normal
 * noise (a warehouse's listing a percent or two off, a trader lagging the market a day) must
 * never drop one; a typo (a price ten times too high, a digit lost) still does.
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

/** A chain link: the change between two days as sums over the same pairs, BigInt-exact. */
export interface Link {
  /** sum of today's prices of the matched warehouses or items, fen */
  now: bigint;
  /** sum of the same warehouses' or items' prices on the previous published day, fen */
  before: bigint;
  /** matched pairs that moved the link */
  matched: number;
  /** matched pairs dropped because their change was an outlier */
  removed: number;
}

/** What matches a sample with itself on another day: its warehouse (listing) or item (quotation). */
const matchKey = (s: Sample): number | string | undefined => s.id ?? s.item;

/**
 * The day-over-day change of prices as a ratio of sums over the pairs priced on both days: the
 * same warehouse's listings, or the same trader's quotes of the same item (a Dutot index: equal
 * weights). Equal, not tonnage weights: listed and quoted tonnage changes every day, and weights
 * that change between links make a chain drift away from the prices it follows; with equal
 * weights, while the same pairs price, the chain over any stretch is their own change over it,
 * and a sample priced on one day only (a trader skipping a day, a warehouse not reporting) is in
 * no link at all, so it cannot move the chain. A pair whose change is an outlier among the
 * others' (a typo) is left out. A sample named twice on a day counts once, its first in the
 * given (canonical) order. Null when nothing was priced on both days.
 */
export function linkOf(today: readonly Sample[], before: readonly Sample[]): Link | null {
  const earlier = new Map<number | string, number>();
  for (const s of before) {
    const key = matchKey(s);
    if (key !== undefined && s.priceFen > 0 && !earlier.has(key)) earlier.set(key, s.priceFen);
  }
  const pairs: [now: number, before: number][] = [];
  const paired = new Set<number | string>();
  for (const s of today) {
    const key = matchKey(s);
    const was = key === undefined ? undefined : earlier.get(key);
    if (key === undefined || was === undefined || s.priceFen <= 0 || paired.has(key)) continue;
    paired.add(key);
    pairs.push([s.priceFen, was]);
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
  /**
   * matched quotations (quotes; on an index's first day its quotations) or matched warehouses
   * (chained) behind the price; 0 when carried
   */
  sampleCount: number;
  /** samples of that source dropped as outliers */
  outlierCount: number;
}

/**
 * Prices a day by the hierarchy (see the file's comment). `quotesBefore` and `listingsBefore` are
 * the same markets' quotations and listings on `previous`'s day. Quotations whose level is an
 * outlier on their own day are left out before items are matched (a typo would otherwise weigh
 * tenfold in the link's sums), then pairs with an outlying change; the day's outlier count is
 * both. An index's first day (no previous) has nothing to chain from: it starts at the
 * quotations' mean when MIN_QUOTES remain, else at the listings' level (or, without any listing,
 * at the few quotations' mean), and is provisional like every chained day. Null when there is no
 * price and no previous day: no index that day.
 */
export function priceDay(input: {
  quotes: readonly Sample[];
  quotesBefore: readonly Sample[];
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
  const previousFen = input.previousFen;
  if (previousFen === null) {
    if (quotes.kept.length >= MIN_QUOTES) return mean(quotes.kept, quotes.removed, 'quotes');
    const listings = removeOutliers(input.listings);
    if (listings.kept.length > 0) return mean(listings.kept, listings.removed, 'chained');
    if (quotes.kept.length > 0) return mean(quotes.kept, quotes.removed, 'quotes');
    return null;
  }
  const chain = (link: Link, source: IndexSource, outlierCount: number): Pricing => ({
    priceFen: chainFen(previousFen, link),
    source,
    sampleCount: link.matched,
    outlierCount,
  });
  const matched = linkOf(quotes.kept, removeOutliers(input.quotesBefore).kept);
  if (matched && matched.matched >= MIN_QUOTES)
    return chain(matched, 'quotes', quotes.removed.length + matched.removed);
  const link = linkOf(input.listings, input.listingsBefore);
  if (link && link.matched > 0) return chain(link, 'chained', link.removed);
  return { priceFen: previousFen, source: 'carried', sampleCount: 0, outlierCount: 0 };
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
