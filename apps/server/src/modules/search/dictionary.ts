/**
 * The trade dictionary search uses to understand a keyword: product families (冷轧 → every
 * cold-rolled product) and their aliases, product names and aliases, materials (also by prefix:
 * DX51D → DX51D+Z, DX51D+AZ), mills by name, alias and full name, cities and markets, warehouses
 * and suppliers' short names. All of it is data (tables products, product_families, materials,
 * mills...), so a new word is a row, not a code branch. It is small
 * (hundreds of words), loaded from the database (search/repo/vocabulary.ts) and kept for under a
 * minute per process through the server's one cache (cache.ts); operators edit it in the console
 * (modules/admin-vocabulary).
 */
import { createCache } from '../../cache.ts';
import { SECOND_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loadDictionaryRows } from './repo/vocabulary.ts';

export type TermKind = 'family' | 'product' | 'material' | 'origin' | 'city' | 'warehouse' | 'supplier';

export interface Term {
  kind: TermKind;
  /** the canonical name shown back to the user */
  name: string;
  /** dictionary id; for a city or market, 0 */
  id: number;
  /** a family: the ids and names of its products (冷轧 → 冷轧卷板, 冷轧板) */
  products?: { id: number; name: string }[];
  /** a market names several cities (上海 takes in 张家港) */
  cities?: string[];
}

export interface TradeDictionary {
  /** upper-cased word -> what it names; a word may name several things (本钢 the mill and...) */
  terms: Map<string, Term[]>;
  /** longest word, for segmenting 日照热卷 into 日照 + 热卷 */
  maxLength: number;
  /** materials by upper-cased name, sorted, for grade prefixes (Q355 → Q355B, Q355NE) */
  materialList: { key: string; id: number; name: string }[];
  productByName: Map<string, number>;
  materialByName: Map<string, number>;
  millByName: Map<string, number>;
  warehouseByName: Map<string, number>;
  /** warehouse name -> its city, so a row naming a known warehouse needs no city */
  warehouseCity: Map<string, string>;
  /** product id -> name, for presenting rows without a join */
  productNames: Map<number, string>;
}

/**
 * How long a loaded dictionary is used before it is read again (in the background: the searches
 * keep the copy they have meanwhile).
 *
 * Operators add words in the console (admin-vocabulary), and every instance must understand them
 * within a minute (VOCABULARY_REACH_SECONDS). The instance that wrote forgets its copy at once;
 * the others simply reread theirs this often. We chose that over a version key in the shared
 * store because rereading is six small reads every half minute per instance, no search ever
 * waits on the store, and nothing can miss a change (a version bump lost with a Redis restart
 * would leave a copy stale until it expired anyway).
 */
export const DICTIONARY_FRESH_MS = 30 * SECOND_MS;
/**
 * The oldest copy a search is ever given: past it, the search waits for the reread. Below
 * VOCABULARY_REACH_SECONDS with room for the reread itself.
 */
export const DICTIONARY_MAX_AGE_MS = 50 * SECOND_MS;

/** The dictionary of one database, as the searches use it. */
export interface Dictionary {
  /** The dictionary, read from the database at most once per DICTIONARY_FRESH_MS. */
  get(): Promise<TradeDictionary>;
  /**
   * Forgets the loaded dictionary so the next search reads it again. Whoever edits products,
   * aliases, materials, mills, warehouses or suppliers' short names calls it after the commit
   * (the console's vocabulary screen does); until then an edit shows in searches within
   * DICTIONARY_MAX_AGE_MS. It only reaches this process: other instances catch up when their
   * copy ages (DICTIONARY_FRESH_MS).
   */
  forget(): Promise<void>;
}

/**
 * The dictionary of `db`. Create one per database (app.ts does) and hand it to every module that
 * searches, so they share one copy and one `forget`.
 */
export function tradeDictionary(deps: { db: Db; now?: () => number }): Dictionary {
  // One key, held in this process: the dictionary is Maps (not JSON for the shared store) and
  // five small reads rebuild it, so every instance keeps its own copy.
  const cache = createCache<TradeDictionary>({
    name: 'dictionary',
    freshMs: DICTIONARY_FRESH_MS,
    staleMs: DICTIONARY_MAX_AGE_MS,
    maxEntries: 1,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // A read that began before a `forget` may have seen the rows before the write: it reads again,
  // or it would be cached as new and hide the write for another DICTIONARY_MAX_AGE_MS.
  let forgotten = 0;
  const load = async () => {
    for (let attempt = 1; ; attempt++) {
      const seen = forgotten;
      const rows = await loadDictionaryRows(deps.db);
      if (seen === forgotten || attempt === 3) return buildDictionary(rows);
    }
  };
  return {
    get: () => cache.get('all', load),
    forget: () => {
      forgotten += 1;
      return cache.delete('all');
    },
  };
}

export interface DictionaryRows {
  /** families may be left out (no family words) */
  families?: { id: number; name: string; aliases: string[] }[];
  products: { id: number; name: string; aliases: string[]; familyId?: number | null }[];
  materials: { id: number; name: string }[];
  mills: { id: number; name: string; aliases?: string[]; fullName?: string }[];
  warehouses: { id: number; name: string; city: string; market: string }[];
  suppliers: { id: number; shortName: string }[];
}

/**
 * The rows the dictionary is built from, read on `db`: a writer of the vocabulary (the console)
 * reads them on its own transaction to check a new word against every word there is.
 */
export function readDictionaryRows(db: DbOrTx): Promise<DictionaryRows> {
  return loadDictionaryRows(db);
}

/** How a word is looked up: Unicode compatibility forms folded (ＳＰＣＣ → SPCC), upper case. */
export function vocabularyKey(word: string): string {
  return word.normalize('NFKC').trim().toUpperCase();
}

/** Builds the dictionary from its rows (pure, so the parser can be unit-tested). */
export function buildDictionary(rows: DictionaryRows): TradeDictionary {
  const { products: productRows, materials: materialRows, mills: millRows } = rows;
  const { warehouses: warehouseRows, suppliers: supplierRows } = rows;

  const terms = new Map<string, Term[]>();
  const add = (word: string, term: Term) => {
    const key = vocabularyKey(word);
    if (key.length < 2) return;
    const list = terms.get(key) ?? [];
    if (!list.some((t) => t.kind === term.kind && t.name === term.name)) list.push(term);
    terms.set(key, list);
  };

  for (const f of rows.families ?? []) {
    const members = productRows.filter((p) => p.familyId === f.id).map((p) => ({ id: p.id, name: p.name }));
    if (members.length === 0) continue;
    for (const word of [f.name, ...f.aliases])
      add(word, { kind: 'family', name: f.name, id: f.id, products: members });
  }
  for (const p of productRows) {
    add(p.name, { kind: 'product', name: p.name, id: p.id });
    for (const alias of p.aliases) add(alias, { kind: 'product', name: p.name, id: p.id });
  }
  for (const m of materialRows) add(m.name, { kind: 'material', name: m.name, id: m.id });
  for (const m of millRows) {
    for (const word of [m.name, ...(m.aliases ?? []), m.fullName ?? '']) {
      add(word, { kind: 'origin', name: m.name, id: m.id });
    }
  }
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
  const materialList = materialRows
    .map((m) => ({ key: vocabularyKey(m.name), id: m.id, name: m.name }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    terms,
    maxLength,
    materialList,
    productByName: new Map(
      productRows.flatMap((p) => [[p.name, p.id], ...p.aliases.map((a) => [a, p.id] as const)]),
    ),
    materialByName: new Map(materialRows.map((m) => [m.name.toUpperCase(), m.id])),
    // A mill by name, alias or full name: a row written 宝山钢铁 is a 宝钢 row (its text stays).
    millByName: new Map(
      millRows.flatMap((m) =>
        [m.name, ...(m.aliases ?? []), m.fullName ?? ''].filter(Boolean).map((word) => [word, m.id] as const),
      ),
    ),
    warehouseByName: new Map(warehouseRows.map((w) => [w.name, w.id])),
    warehouseCity: new Map(warehouseRows.map((w) => [w.name, w.city])),
    productNames: new Map(productRows.map((p) => [p.id, p.name])),
  };
}

/**
 * Ids for the names one of the dictionary's maps knows, and the names it does not (a search
 * matches those as written; a saved search keeps them as names).
 */
export function splitNames(names: readonly string[], known: Map<string, number>, key = (n: string) => n) {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const id = known.get(key(name));
    if (id === undefined) unknown.push(name);
    else ids.push(id);
  }
  return { ids, unknown };
}
