/**
 * Benchmark items (主流规格): the few items of a product the whole market quotes, the rows of the
 * daily price table (价格行情). Traders do not quote random specs: most of a price sheet is the
 * product's main material in its 3-4 common gauges at the standard width the mills roll (hot
 * coil Q235B 3.0/4.75/5.75/9.75*1500), from the mills the trader buys from, and only the rest
 * its own specialties. So the traders of a city quote the same items and a cell of the table is
 * the median of several quotes, not one trader's price.
 */
import { PRODUCTS, type ProductDef, type ProductKey } from './dictionaries.ts';
import { type LotSpec, lotOf, type TraderProfile, traderProductWeight, widthsFor } from './lots.ts';
import { type MillDef, millsMaking } from './mills.ts';
import type { Rng } from './random.ts';

export interface BenchmarkDef {
  material: string;
  /** the gauges quoted, mm, with how often a sheet lists each (the commonest first) */
  gauges: [thickness: number, weight: number][];
  /** the standard width, mm; a mill that does not roll it quotes its nearest */
  width: number;
  /** sheet: the standard cut length, mm; coil and plate in mill lengths: null */
  length: number | null;
}

/** `bench('Q235B', '5.75:4 4.75:4', 1500)`: gauges with their weights, compact to read in a table. */
function bench(material: string, gauges: string, width: number, length: number | null = null): BenchmarkDef {
  return {
    material,
    gauges: gauges.split(' ').map((pair): [number, number] => {
      const [t, w] = pair.split(':');
      return [Number(t), Number(w)];
    }),
    width,
    length,
  };
}

/**
 * The benchmark items of each product: its main material, its 3-4 common gauges (the commonest
 * first, weighted), the standard width (and a sheet's cut length; plate in mill lengths, 20*2200*L).
 */
export const BENCHMARKS: Record<ProductKey, BenchmarkDef> = {
  hrc: bench('Q235B', '5.75:4 4.75:4 3.0:3 9.75:2', 1500),
  hrs: bench('Q235B', '5.75:3 3.0:3 9.75:2', 1500, 6000),
  checker: bench('Q235B', '3.75:3 2.75:2 5.75:2', 1500),
  strip: bench('Q235B', '2.75:3 2.5:2 3.0:2', 355),
  crc: bench('SPCC', '1.0:4 0.5:3 1.2:2 0.8:2', 1250),
  crs: bench('SPCC', '1.0:3 0.8:2 1.2:2', 1250, 2500),
  gi: bench('DX51D+Z', '1.0:4 0.5:3 0.8:2', 1250),
  gl: bench('DX51D+AZ', '0.5:3 0.4:2 0.6:2', 1250),
  po: bench('SPHC', '3.0:3 2.0:3 2.5:2', 1250),
  plate: bench('Q235B', '20:4 14:2 16:2', 2200),
};

/** About this many quotes a day per benchmark item of a market: it names as many mills as keep that. */
const QUOTES_PER_ITEM = 3;
/** The most mills a market quotes a product's benchmark items from. */
const MAX_MILLS = 6;

/** Per market and product (`market|product`), the mills its benchmark items come from, by weight. */
export type MarketMills = Map<string, [mill: MillDef, weight: number][]>;

/**
 * The mills each market quotes each product's benchmark items from: the mills its traders buy
 * from most, weighted by how many of them do and the mill's share of the market, as many as
 * keep each benchmark item of the market some QUOTES_PER_ITEM traders deep (from the product's
 * share of the traders' books and `perTrader`, the benchmark items in a book): a big market's
 * table names more mills than a small one's. Pure: no random draws.
 */
export function marketMills(traders: TraderProfile[], perTrader: number): MarketMills {
  const out: MarketMills = new Map();
  for (const market of new Set(traders.map((t) => t.market))) {
    const here = traders.filter((t) => t.market === market);
    const counts = new Map<string, number>();
    for (const t of here) for (const mill of t.mills) counts.set(mill, (counts.get(mill) ?? 0) + 1);
    for (const product of PRODUCTS) {
      let expected = 0;
      for (const t of here) {
        const total = PRODUCTS.reduce((n, p) => n + traderProductWeight(t, p), 0);
        expected += (perTrader * traderProductWeight(t, product)) / total;
      }
      const gauges = BENCHMARKS[product.key].gauges.length;
      const size = Math.max(1, Math.min(MAX_MILLS, Math.round(expected / (gauges * QUOTES_PER_ITEM))));
      const ranked = millsMaking(product.key)
        .map((m): [MillDef, number] => [m, m.share * (1 + (counts.get(m.name) ?? 0))])
        .sort((a, b) => b[1] - a[1]);
      out.set(`${market.name}|${product.key}`, ranked.slice(0, size));
    }
  }
  return out;
}

/**
 * A benchmark item of the product as the trader quotes it: from a mill of its market's benchmark
 * items (`marketMills`), one of its own usual mills among them if it has any. Priced like any
 * lot: the mill's premium and the gauge's extra still apply.
 */
export function benchmarkLot(
  rng: Rng,
  product: ProductDef,
  trader: TraderProfile,
  mainstream: MarketMills,
): LotSpec {
  const standard = BENCHMARKS[product.key];
  const main = mainstream.get(`${trader.market.name}|${product.key}`) ?? [];
  const own = main.filter(([m]) => trader.mills.includes(m.name));
  const mill =
    main.length > 0
      ? rng.weighted(own.length > 0 ? own : main, ([, w]) => w)[0]
      : rng.weighted(millsMaking(product.key), (m) => m.share);
  const thickness = rng.weighted(standard.gauges, ([, w]) => w)[0];
  const widths = widthsFor(product, mill);
  const width = widths.includes(standard.width)
    ? standard.width
    : widths.reduce((a, b) => (Math.abs(b - standard.width) < Math.abs(a - standard.width) ? b : a));
  const form = product.shape === 'coil' ? 'coil' : product.shape === 'sheet' ? 'sheet' : 'plate';
  return lotOf(product, mill, standard.material, { thickness, width, length: standard.length, form });
}
