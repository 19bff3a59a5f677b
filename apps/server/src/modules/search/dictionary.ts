/**
 * The trade dictionary search uses to understand a keyword: product families (冷轧 → every
 * cold-rolled product) and their aliases, product names and aliases, materials (also by prefix:
 * DX51D → DX51D+Z, DX51D+AZ), mills by name, alias and full name, cities and markets, warehouses
 * and suppliers' short names. All of it is data (tables products, product_families, materials,
 * mills...), so a new word is a row, not a code branch. It is small
 * (hundreds of words), loaded from the database (search/repo/vocabulary.ts) and kept for under a
 * minute per process through the server's one cache (cache.ts); operators edit it in the console
 * (modules/admin-vocabulary).
 *
 * English (issue 31): every term is also read by its English name (`name_en`: Hot-rolled coil,
 * Baosteel) and cities, markets and warehouses by their English names by rule (english.ts:
 * Shanghai, Zhangjiagang), case-insensitively. A name of several words (Cold-rolled coil, typed
 * `cold rolled coil`) is a phrase, matched over the keyword's words before they are read one by
 * one. The same English names, keyed by the Chinese ones, are what an English page shows
 * (`GET /api/web/tradeNames`), so they come with this dictionary and its cache.
 */
import { createCache } from '../../cache.ts';
import { SECOND_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cityEnglish, warehouseEnglish } from './english.ts';
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
  /** English names of several words (COLD ROLLED COIL, as `phraseKey` folds them) -> what they name */
  phrases: Map<string, Term[]>;
  /** most words of a phrase */
  maxPhraseWords: number;
  /** an English word's key -> the name as written (BAOSTEEL → Baosteel), for suggestions */
  spellings: Map<string, string>;
  /** the English names, keyed by the Chinese names (names without one are left out) */
  english: EnglishNames;
}

/** Chinese name -> English name, per kind of the vocabulary. */
export interface EnglishNames {
  categories: Map<string, string>;
  families: Map<string, string>;
  products: Map<string, string>;
  mills: Map<string, string>;
  /** cities and markets, by rule (english.ts#cityEnglish) */
  cities: Map<string, string>;
  /** `name_en`, else by rule (english.ts#warehouseEnglish) */
  warehouses: Map<string, string>;
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

/** The rows the dictionary is built from; `nameEn` empty or missing: no English name. */
export interface DictionaryRows {
  /** product categories: no search words, only their English names */
  categories?: { name: string; nameEn?: string }[];
  /** families may be left out (no family words) */
  families?: { id: number; name: string; aliases: string[]; nameEn?: string }[];
  products: { id: number; name: string; aliases: string[]; familyId?: number | null; nameEn?: string }[];
  materials: { id: number; name: string }[];
  mills: { id: number; name: string; aliases?: string[]; fullName?: string; nameEn?: string }[];
  warehouses: { id: number; name: string; city: string; market: string; nameEn?: string }[];
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

/**
 * How an English name of several words is looked up: folded like a word, `&` read as AND,
 * hyphens and blanks as one space: `Cold-rolled coil`, `cold rolled  coil` → COLD ROLLED COIL,
 * `Pickled & oiled coil` → PICKLED AND OILED COIL.
 */
export function phraseKey(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/’/g, "'")
    .replace(/&/g, ' AND ')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** Builds the dictionary from its rows (pure, so the parser can be unit-tested). */
export function buildDictionary(rows: DictionaryRows): TradeDictionary {
  const { products: productRows, materials: materialRows, mills: millRows } = rows;
  const { warehouses: warehouseRows, suppliers: supplierRows } = rows;

  const terms = new Map<string, Term[]>();
  const add = (word: string, term: Term, into = terms) => {
    const key = vocabularyKey(word);
    if (key.length < 2) return;
    const list = into.get(key) ?? [];
    if (!list.some((t) => t.kind === term.kind && t.name === term.name)) list.push(term);
    into.set(key, list);
  };
  // An English name is a word (Baosteel, Shanghai) or a phrase of several (Cold-rolled coil);
  // Xi'an is also read as typed without its apostrophe.
  const phrases = new Map<string, Term[]>();
  const spellings = new Map<string, string>();
  const addEnglish = (name: string | undefined, term: Term) => {
    if (!name) return;
    const key = phraseKey(name);
    for (const variant of new Set([key, key.replace(/'/g, '')])) {
      add(variant, term, variant.includes(' ') ? phrases : terms);
    }
    if (!key.includes(' ') && !spellings.has(key)) spellings.set(key, name);
  };
  const english: EnglishNames = {
    categories: new Map((rows.categories ?? []).filter((c) => c.nameEn).map((c) => [c.name, c.nameEn ?? ''])),
    families: new Map(),
    products: new Map(),
    mills: new Map(),
    cities: new Map(),
    warehouses: new Map(),
  };

  for (const f of rows.families ?? []) {
    const members = productRows.filter((p) => p.familyId === f.id).map((p) => ({ id: p.id, name: p.name }));
    if (f.nameEn) english.families.set(f.name, f.nameEn);
    if (members.length === 0) continue;
    const term: Term = { kind: 'family', name: f.name, id: f.id, products: members };
    for (const word of [f.name, ...f.aliases]) add(word, term);
    addEnglish(f.nameEn, term);
  }
  for (const p of productRows) {
    const term: Term = { kind: 'product', name: p.name, id: p.id };
    add(p.name, term);
    for (const alias of p.aliases) add(alias, term);
    addEnglish(p.nameEn, term);
    if (p.nameEn) english.products.set(p.name, p.nameEn);
  }
  for (const m of materialRows) add(m.name, { kind: 'material', name: m.name, id: m.id });
  // mill words -> English, for warehouse names that hold a mill (上海宝钢… → Shanghai Baosteel…)
  const millEnglish = new Map<string, string>();
  for (const m of millRows) {
    const term: Term = { kind: 'origin', name: m.name, id: m.id };
    for (const word of [m.name, ...(m.aliases ?? []), m.fullName ?? '']) {
      add(word, term);
      if (m.nameEn && word) millEnglish.set(word, m.nameEn);
    }
    addEnglish(m.nameEn, term);
    if (m.nameEn) english.mills.set(m.name, m.nameEn);
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
    const term: Term = { kind: 'city', name: place, id: 0, cities: [...cities] };
    add(place, term);
    const en = cityEnglish(place);
    english.cities.set(place, en);
    addEnglish(en, term);
  }
  const naming = { places: [...marketCities.keys()], mills: millEnglish };
  for (const w of warehouseRows) {
    const en = w.nameEn || warehouseEnglish(w.name, naming);
    english.warehouses.set(w.name, en);
    addEnglish(en, { kind: 'warehouse', name: w.name, id: w.id });
  }
  for (const s of supplierRows) add(s.shortName, { kind: 'supplier', name: s.shortName, id: s.id });

  let maxLength = 0;
  for (const key of terms.keys()) maxLength = Math.max(maxLength, key.length);
  let maxPhraseWords = 0;
  for (const key of phrases.keys()) maxPhraseWords = Math.max(maxPhraseWords, key.split(' ').length);
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
    phrases,
    maxPhraseWords,
    spellings,
    english,
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
