/**
 * What one trader stocks or quotes: a product from its line of business, a mill that rolls it,
 * one of the product's materials, and a spec made of a common gauge and a width that mill
 * actually rolls (日照 hot coil comes 1250 or 1500 wide, not 1800). Shared by the stock and the
 * quotation generators.
 */
import { formatSpec, parseSpec, type SpecForm } from '@steelport/contracts';
import { PRODUCTS, type ProductDef, type ProductKey } from './dictionaries.ts';
import { MILLS, type MillDef, millsMaking } from './mills.ts';
import type { MarketDef } from './places.ts';
import { type Rng, weightedPicker } from './random.ts';

/** Steel density, kg per mm * mm * mm: 7.85 g/cm3. */
const STEEL_KG_PER_MM3 = 7.85e-6;

export interface TraderProfile {
  market: MarketDef;
  /** the products it mainly deals in */
  specialties: ProductKey[];
  /** the mills it mainly buys from */
  mills: string[];
}

export interface LotSpec {
  product: ProductDef;
  mill: MillDef;
  material: string;
  spec: string;
  thickness: number;
  width: number;
  length: number | null;
  form: SpecForm;
}

/** How much of a product a market trades, relative to the national mix. */
export function productWeight(product: ProductDef, market: MarketDef): number {
  return product.share * (market.productBias[product.key] ?? 1);
}

/** Picks the lot a trader would stock: mostly its specialties and its usual mills. */
export function pickLot(rng: Rng, trader: TraderProfile): LotSpec {
  const product = pickProduct(rng, trader);
  const mill = rng.weighted(
    millsMaking(product.key),
    (m) => m.share * (trader.mills.includes(m.name) ? 5 : 1),
  );
  return makeLot(rng, product, mill);
}

/** How often a trader deals in a product: its market's mix, its specialties six times as often. */
export function traderProductWeight(trader: TraderProfile, product: ProductDef): number {
  return productWeight(product, trader.market) * (trader.specialties.includes(product.key) ? 6 : 1);
}

/** Picks a product a trader deals in, by `traderProductWeight`. */
export function pickProduct(rng: Rng, trader: TraderProfile): ProductDef {
  return rng.weighted(PRODUCTS, (p) => traderProductWeight(trader, p));
}

/** A lot of a given product and mill: material by its share, a common gauge, a width and length. */
export function makeLot(rng: Rng, product: ProductDef, mill: MillDef): LotSpec {
  const material = rng.weighted(product.materials, ([, w]) => w)[0];
  const thickness = rng.weighted(product.gauges, ([, w]) => w)[0];
  const width = rng.pick(widthsFor(product, mill));
  let length: number | null = null;
  let form: SpecForm = 'coil';
  if (product.shape === 'sheet') {
    length = rng.pick(product.lengths);
    form = 'sheet';
  } else if (product.shape === 'plate') {
    // Most plate is sold in mill lengths (L); some is cut to a stated length.
    length = rng.chance(0.3) ? rng.pick(product.lengths) : null;
    form = 'plate';
  }
  return lotOf(product, mill, material, { thickness, width, length, form });
}

/** A lot of the given product, mill, material and size, its spec written as traders read it. */
export function lotOf(
  product: ProductDef,
  mill: MillDef,
  material: string,
  size: { thickness: number; width: number; length: number | null; form: SpecForm },
): LotSpec {
  const { thickness, width, length } = size;
  const spec = formatSpec(size);
  const parsed = parseSpec(spec);
  if (!parsed || parsed.width === null) throw new Error(`generated spec does not parse: ${spec}`);
  return { product, mill, material, spec: parsed.text, thickness, width, length, form: parsed.form };
}

/** Widths a mill rolls for a product: its hot strip widths where they apply, else the product's. */
export function widthsFor(product: ProductDef, mill: MillDef): number[] {
  if (!product.millWidths) return product.widths;
  const own = mill.widths.filter((w) => w >= product.width[0] && w <= product.width[1]);
  return own.length > 0 ? own : product.widths;
}

const COIL_PIECES = weightedPicker(
  [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20],
  [35, 20, 12, 8, 6, 5, 4, 4, 3, 2, 1],
);

/** Pieces (件) and total weight in kg of a lot: coils, bundles of sheet or single plates. */
export function piecesAndWeight(rng: Rng, lot: LotSpec): { pieces: number; weightKg: number } {
  if (lot.product.shape === 'plate') {
    const pieces = rng.int(1, 30);
    let weightKg = 0;
    for (let i = 0; i < pieces; i++) {
      const length = lot.length ?? rng.pick(lot.product.lengths);
      weightKg += Math.round(lot.thickness * lot.width * length * STEEL_KG_PER_MM3);
    }
    return { pieces, weightKg };
  }
  const pieces = lot.product.shape === 'sheet' ? rng.int(1, 10) : COIL_PIECES(rng);
  const [lo, hi] = lot.product.pieceKg;
  let weightKg = 0;
  for (let i = 0; i < pieces; i++) weightKg += rng.int(lo, hi);
  return { pieces, weightKg };
}

/** Picks a trader's specialties and usual mills, weighted by what its market trades. */
export function makeProfile(rng: Rng, market: MarketDef): TraderProfile {
  const specialties: ProductKey[] = [];
  const count = rng.int(1, 3);
  while (specialties.length < count) {
    const p = rng.weighted(PRODUCTS, (x) => (specialties.includes(x.key) ? 0 : productWeight(x, market)));
    specialties.push(p.key);
  }
  const candidates = MILLS.filter((m) => m.products.some((k) => specialties.includes(k)));
  const mills = rng.sample(
    candidates.map((m) => m.name),
    rng.int(2, 4),
  );
  return { market, specialties, mills };
}
