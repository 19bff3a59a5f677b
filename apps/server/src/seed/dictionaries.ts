/**
 * The trade's dictionaries as the demo data uses them: product categories, products (品名) with
 * their aliases, spec ranges, common gauges and materials (材质), and the price structure of
 * 2024-2026 flat steel. Prices here are yuan per tonne; the generator converts to fen.
 *
 * Price structure: every product's level follows hot-rolled coil (热卷, the benchmark, about
 * 3,200-3,700 元/吨) plus a product spread (cold-rolled about +500, galvanized +700..+900,
 * pickled +250, plate +100). On top come the mill premium (mills.ts), a material extra (Q355B
 * costs more than Q235B), a gauge extra (thin gauges cost more to roll), and the market's
 * city difference (places.ts).
 */

/**
 * `nameEn` here and on families, products (and mills.ts) is the English name the portal shows an
 * English session and search understands (issue 31); migration 0028_english-names writes the same
 * names into deployed databases (seed/english-names.test.ts checks they agree).
 */
export const CATEGORIES = [
  { code: 'hot', name: '热轧', nameEn: 'Hot-rolled' },
  { code: 'cold', name: '冷轧', nameEn: 'Cold-rolled' },
  { code: 'coated', name: '镀锌', nameEn: 'Coated' },
  { code: 'pickled', name: '酸洗', nameEn: 'Pickled' },
  { code: 'plate', name: '中厚板', nameEn: 'Plate' },
  { code: 'strip', name: '带钢', nameEn: 'Strip' },
] as const;

export type CategoryCode = (typeof CATEGORIES)[number]['code'];

/**
 * Product families: a word that selects several products (冷轧 → 冷轧卷板 and 冷轧板). Migration
 * 0024_vocabulary writes the same rows into a deployed database; `seed --reset` empties the
 * table, so the seed writes them again.
 */
export const FAMILIES: { name: string; nameEn: string; aliases: string[]; products: ProductKey[] }[] = [
  { name: '热轧', nameEn: 'Hot-rolled', aliases: ['HR', '热板'], products: ['hrc', 'hrs', 'checker'] },
  { name: '冷轧', nameEn: 'Cold-rolled', aliases: ['CR'], products: ['crc', 'crs'] },
  { name: '镀锌', nameEn: 'Galvanized', aliases: [], products: ['gi'] },
  { name: '酸洗', nameEn: 'Pickled', aliases: [], products: ['po'] },
];

/** Short keys the generator uses for products. */
export type ProductKey = 'hrc' | 'hrs' | 'checker' | 'strip' | 'crc' | 'crs' | 'gi' | 'gl' | 'po' | 'plate';

/** How a product is sold: coil (C), sheet cut from coil, or plate (mill lengths L or cut). */
export type LotShape = 'coil' | 'sheet' | 'plate';

export interface ProductDef {
  key: ProductKey;
  name: string;
  /** the trade's English name: Hot-rolled coil */
  nameEn: string;
  category: CategoryCode;
  aliases: string[];
  /** mm */
  thickness: [number, number];
  /** mm */
  width: [number, number];
  shape: LotShape;
  /** common gauges and how often each is stocked */
  gauges: [thickness: number, weight: number][];
  /** widths used when the mill's own widths do not apply */
  widths: number[];
  /** true: widths come from the mill's coil widths (hot strip mills differ: 日照 1250/1500) */
  millWidths: boolean;
  /** cut lengths for sheet and plate, mm */
  lengths: number[];
  /** materials with their shares */
  materials: [material: string, weight: number][];
  /** spread over hot-rolled coil, 元/吨 */
  spread: number;
  /** gauge extras: the first entry whose upper thickness bound >= t applies */
  gaugeExtras: [upTo: number, yuan: number][];
  /** weight of one coil or bundle in kg; plates are computed from their size */
  pieceKg: [number, number];
  /** share of all stock */
  share: number;
  /** grain of the day-to-day spread walk against hot coil, 元 */
  spreadVolatility: number;
}

/** `'1.5:350 1.8:250'` -> [[1.5, 350], [1.8, 250]]: number pairs, compact to read in tables. */
function pairs(text: string): [number, number][] {
  return text.split(' ').map((pair) => {
    const [a, b] = pair.split(':');
    return [Number(a), Number(b)];
  });
}

/** `'Q235B:45 Q355B:20'` -> [['Q235B', 45], ['Q355B', 20]]. */
function named(text: string): [string, number][] {
  return text.split(' ').map((pair) => {
    const i = pair.lastIndexOf(':');
    return [pair.slice(0, i), Number(pair.slice(i + 1))];
  });
}

const HOT_GAUGE_EXTRAS: [number, number][] = pairs(
  '1.5:350 1.8:250 2.0:180 2.5:120 2.75:80 3.0:60 4.0:30 11.75:0 16:40 25.4:100',
);
const COLD_GAUGE_EXTRAS: [number, number][] = pairs(
  '0.3:450 0.4:350 0.5:250 0.6:180 0.8:80 1.2:0 2.0:40 3.0:80',
);
const COATED_GAUGE_EXTRAS: [number, number][] = pairs(
  '0.3:500 0.4:380 0.5:280 0.6:200 0.8:100 1.2:0 2.0:60 4.0:120',
);
const COLD_MATERIALS: [string, number][] = named('SPCC:40 DC01:25 ST12:10 DC03:10 DC04:8 SPCC-SD:7');

export const PRODUCTS: ProductDef[] = [
  {
    key: 'hrc',
    name: '热轧卷板',
    nameEn: 'Hot-rolled coil',
    category: 'hot',
    aliases: ['热卷', '热轧板卷', '热轧卷', 'HRC', '卷板'],
    thickness: [1.5, 25.4],
    width: [1000, 2200],
    shape: 'coil',
    gauges: pairs(
      '1.5:2 1.8:3 2.0:5 2.5:5 2.75:8 3.0:10 3.5:6 3.75:8 4.0:4 4.75:10 5.75:10 7.75:8 9.75:8 11.75:4 13.75:2 15.75:2 19.75:1',
    ),
    widths: [1250, 1500, 1800],
    millWidths: true,
    lengths: [],
    materials: named('Q235B:45 Q355B:20 SPHC:15 SS400:8 Q345B:7 SAPH440:5'),
    spread: 0,
    gaugeExtras: HOT_GAUGE_EXTRAS,
    pieceKg: [15000, 30000],
    share: 35,
    spreadVolatility: 0,
  },
  {
    key: 'hrs',
    name: '热轧开平板',
    nameEn: 'Cut-to-length sheet',
    category: 'hot',
    aliases: ['开平板', '热轧平板', '热开平'],
    thickness: [1.5, 16],
    width: [1000, 2000],
    shape: 'sheet',
    gauges: pairs('1.8:3 2.0:5 2.5:5 2.75:6 3.0:8 3.75:6 4.0:4 4.75:6 5.75:6 7.75:5 9.75:5 11.75:3'),
    widths: [1250, 1500, 1800],
    millWidths: true,
    lengths: [2000, 2438, 2500, 3000, 6000],
    materials: named('Q235B:60 Q355B:20 SS400:10 SPHC:10'),
    spread: 80,
    gaugeExtras: HOT_GAUGE_EXTRAS,
    pieceKg: [3000, 8000],
    share: 6,
    spreadVolatility: 4,
  },
  {
    key: 'checker',
    name: '花纹板',
    nameEn: 'Checkered plate',
    category: 'hot',
    aliases: ['花纹卷', '热轧花纹板', '防滑板'],
    thickness: [1.8, 10],
    width: [1000, 1500],
    shape: 'coil',
    gauges: pairs('2.5:4 2.75:5 3.0:6 3.75:6 4.75:5 5.75:4 7.75:3 9.75:2'),
    widths: [1000, 1250, 1500],
    millWidths: false,
    lengths: [],
    materials: named('Q235B:80 SS400:20'),
    spread: 150,
    gaugeExtras: pairs('2.5:150 3.0:80 4.0:30 10:0'),
    pieceKg: [8000, 20000],
    share: 3,
    spreadVolatility: 5,
  },
  {
    key: 'strip',
    name: '热轧带钢',
    nameEn: 'Strip',
    category: 'strip',
    aliases: ['带钢', '窄带', '热轧窄带'],
    thickness: [1.5, 6],
    width: [200, 700],
    shape: 'coil',
    gauges: pairs('1.5:2 2.0:4 2.5:5 2.75:5 3.0:6 3.5:4 4.0:3 5.0:2'),
    widths: [232, 285, 355, 385, 455, 545, 685],
    millWidths: false,
    lengths: [],
    materials: named('Q235B:60 Q195:40'),
    spread: -40,
    gaugeExtras: pairs('2.0:100 3.0:30 6:0'),
    pieceKg: [2000, 6000],
    share: 3,
    spreadVolatility: 6,
  },
  {
    key: 'crc',
    name: '冷轧卷板',
    nameEn: 'Cold-rolled coil',
    category: 'cold',
    aliases: ['冷卷', '冷轧板卷', '冷轧卷', 'CRC'],
    thickness: [0.2, 3.0],
    width: [900, 1850],
    shape: 'coil',
    gauges: pairs('0.3:2 0.4:3 0.5:6 0.6:6 0.7:5 0.8:7 0.9:4 1.0:10 1.2:7 1.5:6 1.8:3 2.0:4 2.5:2 3.0:1'),
    widths: [1000, 1010, 1219, 1250, 1500],
    millWidths: false,
    lengths: [],
    materials: COLD_MATERIALS,
    spread: 500,
    gaugeExtras: COLD_GAUGE_EXTRAS,
    pieceKg: [8000, 22000],
    share: 14,
    spreadVolatility: 8,
  },
  {
    key: 'crs',
    name: '冷轧板',
    nameEn: 'Cold-rolled sheet',
    category: 'cold',
    aliases: ['冷板', '冷轧平板', '冷轧开平板'],
    thickness: [0.3, 3.0],
    width: [1000, 1500],
    shape: 'sheet',
    gauges: pairs('0.5:4 0.6:4 0.8:6 1.0:8 1.2:6 1.5:5 2.0:4 2.5:2 3.0:1'),
    widths: [1000, 1219, 1250],
    millWidths: false,
    lengths: [2000, 2438, 2500],
    materials: COLD_MATERIALS,
    spread: 550,
    gaugeExtras: COLD_GAUGE_EXTRAS,
    pieceKg: [2000, 6000],
    share: 4,
    spreadVolatility: 8,
  },
  {
    key: 'gi',
    name: '镀锌卷',
    nameEn: 'Galvanized coil',
    category: 'coated',
    aliases: ['镀锌板卷', '热镀锌', '镀锌板', '热镀锌卷', 'GI'],
    thickness: [0.2, 4.0],
    width: [900, 1500],
    shape: 'coil',
    gauges: pairs('0.3:3 0.4:4 0.5:7 0.6:7 0.7:5 0.8:6 1.0:8 1.2:5 1.5:4 2.0:3 2.5:1'),
    widths: [1000, 1219, 1250, 1500],
    millWidths: false,
    lengths: [],
    materials: named('DX51D+Z:55 SGCC:20 DX52D+Z:15 DC51D+Z:10'),
    spread: 800,
    gaugeExtras: COATED_GAUGE_EXTRAS,
    pieceKg: [4000, 15000],
    share: 12,
    spreadVolatility: 10,
  },
  {
    key: 'gl',
    name: '镀铝锌',
    nameEn: 'Galvalume coil',
    category: 'coated',
    aliases: ['镀铝锌卷', '镀铝锌板卷', '铝锌板', 'GL'],
    thickness: [0.3, 2.0],
    width: [900, 1250],
    shape: 'coil',
    gauges: pairs('0.3:3 0.4:5 0.5:6 0.6:5 0.8:4 1.0:3 1.2:2'),
    widths: [914, 1000, 1219, 1250],
    millWidths: false,
    lengths: [],
    materials: named('DX51D+AZ:60 SGLCC:25 DC51D+AZ:15'),
    spread: 900,
    gaugeExtras: COATED_GAUGE_EXTRAS,
    pieceKg: [4000, 12000],
    share: 4,
    spreadVolatility: 10,
  },
  {
    key: 'po',
    name: '酸洗卷',
    nameEn: 'Pickled & oiled coil',
    category: 'pickled',
    aliases: ['酸洗板卷', '酸洗板', '热轧酸洗', 'P&O'],
    thickness: [1.2, 6.0],
    width: [1000, 1600],
    shape: 'coil',
    gauges: pairs('1.5:3 1.8:4 2.0:6 2.5:6 2.75:5 3.0:6 3.5:4 4.0:3 5.0:2'),
    widths: [1250, 1500],
    millWidths: true,
    lengths: [],
    materials: named('SPHC:50 SAPH440:20 QStE420TM:18 SPFH590:12'),
    spread: 250,
    gaugeExtras: pairs('1.5:250 2.0:120 2.5:60 3.0:30 6.0:0'),
    pieceKg: [12000, 25000],
    share: 6,
    spreadVolatility: 6,
  },
  {
    key: 'plate',
    name: '中厚板',
    nameEn: 'Plate',
    category: 'plate',
    aliases: ['中板', '普中板', '中厚钢板', '钢板', '厚板'],
    thickness: [6, 100],
    width: [1500, 3000],
    shape: 'plate',
    gauges: pairs('6:3 8:5 10:8 12:8 14:7 16:7 18:5 20:6 22:4 25:4 30:3 40:2 50:1 60:1 80:1'),
    widths: [1800, 2000, 2200, 2500, 2800, 3000],
    millWidths: false,
    lengths: [6000, 8000, 9000, 10000, 12000],
    materials: named('Q235B:45 Q355B:30 Q345R:15 Q355NE:10'),
    spread: 100,
    gaugeExtras: pairs('6:180 8:120 10:60 12:30 20:0 30:40 50:120 100:250'),
    pieceKg: [0, 0],
    share: 13,
    spreadVolatility: 6,
  },
];

/** What a material costs over the product's base grade, 元/吨. */
export const MATERIAL_EXTRAS: Record<string, number> = {
  Q235B: 0,
  Q195: -30,
  SS400: 0,
  SPHC: 30,
  Q355B: 150,
  Q345B: 150,
  SAPH440: 250,
  QStE420TM: 350,
  SPFH590: 500,
  Q345R: 450,
  Q355NE: 500,
  SPCC: 0,
  DC01: 0,
  ST12: 0,
  'SPCC-SD': 20,
  DC03: 100,
  DC04: 200,
  'DX51D+Z': 0,
  SGCC: 0,
  'DX52D+Z': 60,
  'DC51D+Z': 30,
  'DX51D+AZ': 0,
  SGLCC: 0,
  'DC51D+AZ': 30,
};

/** Hot-rolled coil benchmark band of 2024-2026, 元/吨; the market walk stays inside it. */
export const HOT_COIL_BAND: [min: number, max: number] = [3200, 3700];
/** Where the benchmark walk is pulled back to. */
export const HOT_COIL_MEAN = 3450;

/** Looks a product up by key. */
export function productByKey(key: ProductKey): ProductDef {
  const p = PRODUCTS.find((x) => x.key === key);
  if (!p) throw new Error(`unknown product ${key}`);
  return p;
}

/** The gauge extra of a thickness for a product, 元/吨. */
export function gaugeExtra(product: ProductDef, thickness: number): number {
  for (const [upTo, yuan] of product.gaugeExtras) if (thickness <= upTo) return yuan;
  return product.gaugeExtras.at(-1)?.[1] ?? 0;
}

/** Every material named in the product dictionary, in first-seen order. */
export function allMaterials(): string[] {
  return [...new Set(PRODUCTS.flatMap((p) => p.materials.map(([m]) => m)))];
}
