/**
 * The trade dictionary search uses to understand a keyword: product names and aliases,
 * materials, mills, cities and markets, warehouses and suppliers' short names. It is small
 * (hundreds of words), loaded from the database and kept for a few minutes per process.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, materials, mills, products, warehouses } from '../db/schema/index.ts';

export type TermKind = 'product' | 'material' | 'origin' | 'city' | 'warehouse' | 'supplier';

export interface Term {
  kind: TermKind;
  /** the canonical name shown back to the user */
  name: string;
  /** dictionary id; for a city or market, 0 */
  id: number;
  /** a market names several cities (上海 takes in 张家港) */
  cities?: string[];
}

export interface TradeDictionary {
  /** upper-cased word -> what it names; a word may name several things (本钢 the mill and...) */
  terms: Map<string, Term[]>;
  /** longest word, for segmenting 日照热卷 into 日照 + 热卷 */
  maxLength: number;
  productByName: Map<string, number>;
  materialByName: Map<string, number>;
  millByName: Map<string, number>;
  warehouseByName: Map<string, number>;
  /** product id -> name, for presenting rows without a join */
  productNames: Map<number, string>;
}

const TTL_MS = 5 * 60 * 1000;
const cache = new WeakMap<Db, { at: number; value: Promise<TradeDictionary> }>();

/** The dictionary of this database, cached for five minutes. */
export function tradeDictionary(db: Db): Promise<TradeDictionary> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = loadDictionary(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Forgets the cached dictionary (after an operator edits products, mills or warehouses). */
export function forgetDictionary(db: Db): void {
  cache.delete(db);
}

export interface DictionaryRows {
  products: { id: number; name: string; aliases: string[] }[];
  materials: { id: number; name: string }[];
  mills: { id: number; name: string }[];
  warehouses: { id: number; name: string; city: string; market: string }[];
  suppliers: { id: number; shortName: string }[];
}

async function loadDictionary(db: Db): Promise<TradeDictionary> {
  const [products_, materials_, mills_, warehouses_, suppliers] = await Promise.all([
    db.select({ id: products.id, name: products.name, aliases: products.aliases }).from(products),
    db.select({ id: materials.id, name: materials.name }).from(materials),
    db.select({ id: mills.id, name: mills.name }).from(mills),
    db
      .select({ id: warehouses.id, name: warehouses.name, city: warehouses.city, market: warehouses.market })
      .from(warehouses)
      .where(eq(warehouses.active, true)),
    db.select({ id: companies.id, shortName: companies.shortName }).from(companies),
  ]);
  return buildDictionary({
    products: products_,
    materials: materials_,
    mills: mills_,
    warehouses: warehouses_,
    suppliers,
  });
}

/** Builds the dictionary from its rows (pure, so the parser can be unit-tested). */
export function buildDictionary(rows: DictionaryRows): TradeDictionary {
  const { products: productRows, materials: materialRows, mills: millRows } = rows;
  const { warehouses: warehouseRows, suppliers: supplierRows } = rows;

  const terms = new Map<string, Term[]>();
  const add = (word: string, term: Term) => {
    const key = word.trim().toUpperCase();
    if (key.length < 2) return;
    const list = terms.get(key) ?? [];
    if (!list.some((t) => t.kind === term.kind && t.name === term.name)) list.push(term);
    terms.set(key, list);
  };

  for (const p of productRows) {
    add(p.name, { kind: 'product', name: p.name, id: p.id });
    for (const alias of p.aliases) add(alias, { kind: 'product', name: p.name, id: p.id });
  }
  for (const m of materialRows) add(m.name, { kind: 'material', name: m.name, id: m.id });
  for (const m of millRows) add(m.name, { kind: 'origin', name: m.name, id: m.id });
  const marketCities = new Map<string, Set<string>>();
  for (const w of warehouseRows) {
    add(w.name, { kind: 'warehouse', name: w.name, id: w.id });
    const set = marketCities.get(w.market) ?? new Set<string>();
    set.add(w.city);
    set.add(w.market);
    marketCities.set(w.market, set);
    if (!marketCities.has(w.city)) marketCities.set(w.city, new Set([w.city]));
  }
  for (const [place, cities] of marketCities) {
    add(place, { kind: 'city', name: place, id: 0, cities: [...cities] });
  }
  for (const s of supplierRows) add(s.shortName, { kind: 'supplier', name: s.shortName, id: s.id });

  let maxLength = 0;
  for (const key of terms.keys()) maxLength = Math.max(maxLength, key.length);
  return {
    terms,
    maxLength,
    productByName: new Map(
      productRows.flatMap((p) => [[p.name, p.id], ...p.aliases.map((a) => [a, p.id] as const)]),
    ),
    materialByName: new Map(materialRows.map((m) => [m.name.toUpperCase(), m.id])),
    millByName: new Map(millRows.map((m) => [m.name, m.id])),
    warehouseByName: new Map(warehouseRows.map((w) => [w.name, w.id])),
    productNames: new Map(productRows.map((p) => [p.id, p.name])),
  };
}
