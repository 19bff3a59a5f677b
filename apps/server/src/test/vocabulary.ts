/**
 * The demo's trade vocabulary as dictionary rows, built from the seed's own lists (products,
 * families, materials, mills, warehouses, with their English names) without a database, so
 * parser tables read the words a demo database holds. Ids follow the lists' order, as a fresh seed gives them.
 */
import type { DictionaryRows } from '../modules/search/dictionary.ts';
import { allMaterials, CATEGORIES, FAMILIES, PRODUCTS } from '../seed/dictionaries.ts';
import { MILLS } from '../seed/mills.ts';
import { WAREHOUSES } from '../seed/places.ts';

export function demoDictionaryRows(): DictionaryRows {
  const familyOf = (key: string) => {
    const i = FAMILIES.findIndex((f) => (f.products as string[]).includes(key));
    return i < 0 ? null : i + 1;
  };
  return {
    categories: CATEGORIES.map((c) => ({ name: c.name, nameEn: c.nameEn })),
    families: FAMILIES.map((f, i) => ({ id: i + 1, name: f.name, aliases: f.aliases, nameEn: f.nameEn })),
    products: PRODUCTS.map((p, i) => ({
      id: i + 1,
      name: p.name,
      aliases: p.aliases,
      familyId: familyOf(p.key),
      nameEn: p.nameEn,
    })),
    materials: allMaterials().map((name, i) => ({ id: i + 1, name })),
    mills: MILLS.map((m, i) => ({
      id: i + 1,
      name: m.name,
      aliases: m.aliases,
      fullName: m.fullName,
      nameEn: m.nameEn,
    })),
    warehouses: WAREHOUSES.map((w, i) => ({ id: i + 1, name: w.name, city: w.city, market: w.market })),
    suppliers: [
      { id: 1, shortName: '润钢' },
      { id: 2, shortName: '鑫源钢铁' },
    ],
  };
}
