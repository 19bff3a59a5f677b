/**
 * Demo prices. A shared market walk moves the hot-rolled coil benchmark day by day inside its
 * 2024-2026 band; every product follows it at its spread, which itself drifts a little. A lot's
 * price is that day's product level plus mill premium, material and gauge extras and the market's
 * city difference, plus the trader's own noise, rounded to 10 元 as traders quote.
 */
import {
  gaugeExtra,
  HOT_COIL_BAND,
  HOT_COIL_MEAN,
  MATERIAL_EXTRAS,
  PRODUCTS,
  type ProductDef,
  type ProductKey,
} from './dictionaries.ts';
import { type MillDef, millsMaking } from './mills.ts';
import { MARKETS, type MarketDef } from './places.ts';
import type { Rng } from './random.ts';

/** Largest drift of a product's spread away from its dictionary value, 元. */
const SPREAD_DRIFT_MAX = 150;
/** Standard deviation of a trader's price noise, 元; prices stay within 3 of it. */
export const PRICE_NOISE_SD = 25;

/** Daily price levels (元/吨) per product; index 0 is the oldest day, the last is today. */
export interface PriceBoard {
  days: number;
  levels: Record<ProductKey, number[]>;
}

/**
 * Walks the market for `days` days up to today: the benchmark moves ~18 元 a day with a pull
 * back to the band's middle, clamped to the band; each product's spread drifts by its own
 * volatility.
 */
export function buildPriceBoard(rng: Rng, days: number): PriceBoard {
  const [lo, hi] = HOT_COIL_BAND;
  const hot: number[] = [];
  let h = clamp(HOT_COIL_MEAN + rng.normal(0, 80), lo, hi);
  for (let d = 0; d < days; d++) {
    hot.push(h);
    h = clamp(h + 0.05 * (HOT_COIL_MEAN - h) + rng.normal(0, 18), lo, hi);
  }
  const levels = {} as Record<ProductKey, number[]>;
  for (const p of PRODUCTS) {
    let drift = 0;
    levels[p.key] = hot.map((level) => {
      drift = clamp(0.9 * drift + rng.normal(0, p.spreadVolatility), -SPREAD_DRIFT_MAX, SPREAD_DRIFT_MAX);
      return level + p.spread + drift;
    });
  }
  return { days, levels };
}

/** The product's level on the day `offset` days from today (0 = today, -1 = yesterday). */
export function levelOn(board: PriceBoard, key: ProductKey, offset: number): number {
  const series = board.levels[key];
  const i = Math.min(board.days - 1, Math.max(0, board.days - 1 + offset));
  return series[i] as number;
}

export interface PriceParts {
  product: ProductDef;
  mill: MillDef;
  material: string;
  thickness: number;
  market: MarketDef;
}

/** The fair price of a lot at a product level, before the trader's noise, 元/吨. */
export function fairPrice(level: number, parts: PriceParts): number {
  return (
    level +
    parts.mill.premium +
    (MATERIAL_EXTRAS[parts.material] ?? 0) +
    gaugeExtra(parts.product, parts.thickness) +
    parts.market.cityDiff
  );
}

/**
 * The extras of a typical lot of the product over its level, 元: the mill premium, material
 * and gauge extras averaged over the mills' shares and the materials' and gauges' weights, the
 * mix traders quote. A warehouse's listing price is the price of the lots it holds, so it sits
 * this far above the level too (at the same level as the day's quotations, not 2-7% below).
 */
export function typicalExtra(product: ProductDef): number {
  const mean = <T>(items: readonly T[], weight: (x: T) => number, value: (x: T) => number) =>
    items.reduce((n, x) => n + weight(x) * value(x), 0) / items.reduce((n, x) => n + weight(x), 0);
  return (
    mean(
      millsMaking(product.key),
      (m) => m.share,
      (m) => m.premium,
    ) +
    mean(
      product.materials,
      ([, w]) => w,
      ([m]) => MATERIAL_EXTRAS[m] ?? 0,
    ) +
    mean(
      product.gauges,
      ([, w]) => w,
      ([t]) => gaugeExtra(product, t),
    )
  );
}

/** Rounds a price to 10 元 and converts it to fen, the unit stored. */
export function toFen(yuan: number): number {
  return Math.round(yuan / 10) * 10 * 100;
}

/**
 * The band every demo price of a product falls in, 元/吨: the benchmark band plus spread and
 * drift, the cheapest and dearest mill, material, gauge and market, and 3 noise deviations.
 */
export function priceBand(product: ProductDef): [min: number, max: number] {
  const premiums = millsMaking(product.key).map((m) => m.premium);
  const materialExtras = product.materials.map(([m]) => MATERIAL_EXTRAS[m] ?? 0);
  const gaugeExtras = product.gaugeExtras.map(([, yuan]) => yuan);
  const cityDiffs = MARKETS.map((m) => m.cityDiff);
  const slack = SPREAD_DRIFT_MAX + 3 * PRICE_NOISE_SD + 10;
  const min =
    HOT_COIL_BAND[0] +
    product.spread +
    Math.min(...premiums) +
    Math.min(...materialExtras) +
    Math.min(0, ...gaugeExtras) +
    Math.min(...cityDiffs) -
    slack;
  const max =
    HOT_COIL_BAND[1] +
    product.spread +
    Math.max(...premiums) +
    Math.max(...materialExtras) +
    Math.max(...gaugeExtras) +
    Math.max(...cityDiffs) +
    slack;
  return [min, max];
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
